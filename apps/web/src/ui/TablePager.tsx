import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import NativeSelect from '@mui/material/NativeSelect';
import type { SxProps, Theme } from '@mui/material/styles';
import SvgIcon from '@mui/material/SvgIcon';
import { type ChangeEvent, type MouseEvent, useId, useRef } from 'react';

interface TablePagerProps {
  /** all rows, or -1 when unknown */
  count: number;
  /** 0-based, as MUI's TablePagination */
  page: number;
  rowsPerPage: number;
  /** a choice is shown only with more than one option */
  rowsPerPageOptions: readonly (number | { label: string; value: number })[];
  onPageChange: (event: MouseEvent<HTMLButtonElement> | null, page: number) => void;
  onRowsPerPageChange?: (event: ChangeEvent<HTMLSelectElement>) => void;
  labelRowsPerPage?: string;
  labelDisplayedRows?: (rows: { from: number; to: number; count: number; page: number }) => string;
  sx?: SxProps<Theme>;
  /** accepted for the call sites written for TablePagination; the pager is always a div */
  component?: 'div';
}

const displayed = ({ from, to, count }: { from: number; to: number; count: number }) =>
  `${from}–${to} of ${count === -1 ? `more than ${to}` : count}`;

/**
 * The pager under a list: MUI's TablePagination as it looks and reads (same parts, class names,
 * labels and sizes; call sites unchanged but for the import), without TablePaginationActions, whose
 * Tooltips bring MUI's Tooltip and Popper (≈ 12 kB gzipped with the pager itself) to the first load
 * of every page with a list. The arrows' names show as the browser's own tooltip. The
 * rows-per-page choice is a native select, as TablePagination's `native` one: MUI's Select would
 * bring Menu, Popover and Modal with it.
 */
export function TablePager({
  count,
  page,
  rowsPerPage,
  rowsPerPageOptions,
  onPageChange,
  onRowsPerPageChange,
  labelRowsPerPage = 'Rows per page:',
  labelDisplayedRows = displayed,
  sx,
}: TablePagerProps) {
  const selectId = useId();
  const labelId = useId();
  const actionsRef = useRef<HTMLDivElement>(null);
  const lastPage = count === -1 ? Number.POSITIVE_INFINITY : Math.max(0, Math.ceil(count / rowsPerPage) - 1);
  const to = count === -1 ? (page + 1) * rowsPerPage : Math.min(count, (page + 1) * rowsPerPage);
  const go = (event: MouseEvent<HTMLButtonElement>, next: number) => {
    const button = event.currentTarget;
    onPageChange(event, next);
    // the arrow just pressed may now be disabled (first or last page): keep the focus in the pager
    requestAnimationFrame(() => {
      const lost = document.activeElement === button || document.activeElement === document.body;
      if (button.disabled && lost)
        actionsRef.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
    });
  };
  const withChoice = rowsPerPageOptions.length > 1;
  return (
    <Box
      className="MuiTablePagination-root"
      sx={[
        (t) => ({ overflow: 'visible', color: 'text.primary', fontSize: t.typography.pxToRem(14) }),
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Box
        className="MuiTablePagination-toolbar"
        sx={{
          position: 'relative',
          display: 'flex',
          alignItems: 'center',
          flexWrap: 'wrap',
          minHeight: 52,
          pl: { xs: 2, sm: 3 },
          pr: '2px',
        }}
      >
        <Box className="MuiTablePagination-spacer" sx={{ flex: '1 1 100%' }} />
        {withChoice && (
          <Box
            component="p"
            id={labelId}
            className="MuiTablePagination-selectLabel"
            sx={(t) => ({ ...t.typography.body2, flexShrink: 0 })}
          >
            {labelRowsPerPage}
          </Box>
        )}
        {withChoice && (
          <NativeSelect
            value={rowsPerPage}
            onChange={onRowsPerPageChange}
            input={<InputBase />}
            inputProps={{ id: selectId, 'aria-labelledby': labelId }}
            className="MuiTablePagination-input"
            sx={{
              color: 'inherit',
              fontSize: 'inherit',
              flexShrink: 0,
              mr: 4,
              ml: 1,
              '& .MuiNativeSelect-select': { pl: 1, pr: 3, textAlign: 'right', textAlignLast: 'right' },
            }}
          >
            {rowsPerPageOptions.map((o) => {
              const value = typeof o === 'number' ? o : o.value;
              return (
                <option key={value} value={value}>
                  {typeof o === 'number' ? o : o.label}
                </option>
              );
            })}
          </NativeSelect>
        )}
        <Box
          component="p"
          className="MuiTablePagination-displayedRows"
          sx={(t) => ({ ...t.typography.body2, flexShrink: 0 })}
        >
          {labelDisplayedRows({ from: count === 0 ? 0 : page * rowsPerPage + 1, to, count, page })}
        </Box>
        <Box ref={actionsRef} className="MuiTablePagination-actions" sx={{ flexShrink: 0, ml: 2.5 }}>
          <IconButton
            aria-label="Go to previous page"
            title="Go to previous page"
            color="inherit"
            disabled={page === 0}
            onClick={(e) => go(e, page - 1)}
          >
            <SvgIcon>
              <path d="M15.41 16.09l-4.58-4.59 4.58-4.59L14 5.5l-6 6 6 6z" />
            </SvgIcon>
          </IconButton>
          <IconButton
            aria-label="Go to next page"
            title="Go to next page"
            color="inherit"
            disabled={page >= lastPage}
            onClick={(e) => go(e, page + 1)}
          >
            <SvgIcon>
              <path d="M8.59 16.34l4.58-4.59-4.58-4.59L10 5.75l6 6-6 6z" />
            </SvgIcon>
          </IconButton>
        </Box>
      </Box>
    </Box>
  );
}
