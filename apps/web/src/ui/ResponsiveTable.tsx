import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import type { Breakpoint, Theme } from '@mui/material/styles';
import type { SxProps } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { SelectField } from './SelectField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Fragment, type ReactNode } from 'react';

// One list for every screen width: a table where there is room, and below the
// `cardsBelow` breakpoint (600 px by default) a stack of cards, one per row, with each column as a
// "label: value" line, so that nothing scrolls sideways on a phone. Pages describe their columns
// once; the table and the cards are drawn from the same description.

export interface ListColumn<T> {
  key: string;
  /** the column's header (and the card's label, unless `label` says otherwise) */
  header: ReactNode;
  /** the card's label when the header is not plain text; '' for none */
  label?: string;
  cell: (row: T) => ReactNode;
  align?: 'right' | 'center';
  /** the sort key this column's header sets */
  sort?: string;
  /**
   * how the column shows in a card: 'title' at the top (bold, full width), 'start' before the title
   * (a checkbox), 'end' at the top right (a row menu, a status), 'field' as a label and value
   * (default), 'hidden' not at all
   */
  card?: 'title' | 'start' | 'end' | 'field' | 'hidden';
  /** the table cell's style */
  sx?: SxProps<Theme>;
  /** the header cell's style */
  headSx?: SxProps<Theme>;
}

interface ResponsiveTableProps<T> {
  rows: readonly T[];
  columns: readonly ListColumn<T>[];
  rowKey: (row: T) => string | number;
  /** the list's accessible name */
  label: string;
  sort?: string;
  order?: 'asc' | 'desc';
  onSort?: (key: string) => void;
  /** attributes of a row (and its card): data-* for tests, selected */
  rowProps?: (row: T) => { selected?: boolean; [data: `data-${string}`]: string | number | undefined };
  /** the table's minimum width where it is a table */
  minWidth?: number;
  cardsBelow?: Breakpoint;
  /** table size */
  size?: 'small' | 'medium';
  /** the table's own style (cell padding) */
  tableSx?: SxProps<Theme>;
  /** a select-all checkbox: the first header cell of the table, above the cards on a phone */
  selectAll?: ReactNode;
  /**
   * the rows are being fetched: the list says so (aria-busy) and, while it has no rows yet, shows
   * placeholder rows (or cards) under its headers, so the page keeps its shape while it loads
   */
  loading?: boolean;
  /** how many placeholder rows a loading list shows; 3 by default */
  placeholderRows?: number;
  /** more about a row (an opened row): a full-width row under it in the table, the card's last part */
  detail?: (row: T) => ReactNode;
  /** a click anywhere on the row (or card); the row still needs its own button for the keyboard */
  onRowClick?: (row: T) => void;
}

function placeholders(count = 3): number[] {
  return Array.from({ length: count }, (_, n) => n);
}

function plainLabel<T>(c: ListColumn<T>): string {
  if (c.label !== undefined) return c.label;
  return typeof c.header === 'string' ? c.header : '';
}

export function ResponsiveTable<T>(props: ResponsiveTableProps<T>) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down(props.cardsBelow ?? 'sm'), { noSsr: true });
  return narrow ? <CardList {...props} /> : <WideTable {...props} />;
}

function WideTable<T>({
  rows,
  columns,
  rowKey,
  label,
  sort,
  order,
  onSort,
  rowProps,
  minWidth,
  size = 'small',
  tableSx,
  selectAll,
  loading,
  placeholderRows,
  detail,
  onRowClick,
}: ResponsiveTableProps<T>) {
  const span = columns.length + (selectAll ? 1 : 0);
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table
        size={size}
        aria-label={label}
        aria-busy={loading || undefined}
        sx={[{ minWidth }, ...(Array.isArray(tableSx) ? tableSx : [tableSx])]}
      >
        <TableHead>
          <TableRow>
            {selectAll && <TableCell padding="checkbox">{selectAll}</TableCell>}
            {columns.map((c) => (
              <TableCell
                key={c.key}
                align={c.align}
                sortDirection={c.sort && sort === c.sort ? order : false}
                sx={[{ fontWeight: 600, whiteSpace: 'nowrap' }, ...(Array.isArray(c.headSx) ? c.headSx : [c.headSx])]}
              >
                {c.sort && onSort ? (
                  <TableSortLabel
                    active={sort === c.sort}
                    direction={sort === c.sort ? order : 'asc'}
                    onClick={() => c.sort && onSort(c.sort)}
                  >
                    {c.header}
                  </TableSortLabel>
                ) : (
                  c.header
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {loading &&
            rows.length === 0 &&
            placeholders(placeholderRows).map((n) => (
              <TableRow key={`placeholder-${n}`} aria-hidden="true">
                <TableCell colSpan={span}>
                  <Skeleton variant="rounded" height={24} />
                </TableCell>
              </TableRow>
            ))}
          {rows.map((row) => {
            const { selected, ...data } = rowProps?.(row) ?? {};
            const more = detail?.(row);
            return (
              <Fragment key={rowKey(row)}>
                <TableRow
                  hover
                  selected={selected}
                  {...data}
                  onClick={onRowClick ? () => onRowClick(row) : undefined}
                  sx={onRowClick ? { cursor: 'pointer' } : undefined}
                >
                  {columns.map((c) => (
                    <TableCell key={c.key} align={c.align} sx={c.sx}>
                      {c.cell(row)}
                    </TableCell>
                  ))}
                </TableRow>
                {more ? (
                  <TableRow>
                    <TableCell colSpan={span}>{more}</TableCell>
                  </TableRow>
                ) : null}
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}

// The cards' look, once for the whole list: plain elements inside, styled from here. One `sx` per
// card part (Paper, Boxes, Typography) made emotion serialize and hash about a dozen style objects
// per card on every render; a 25-line list spent most of its first render there on a phone.
const CARDS: SxProps<Theme> = (theme) => ({
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: 1.25,
  '& > li.card': {
    p: 1.5,
    minWidth: 0,
    bgcolor: 'background.paper',
    color: 'text.primary',
    border: 1,
    borderColor: 'divider',
    borderRadius: `${theme.shape.borderRadius}px`,
  },
  '& > li.card.selected': { bgcolor: 'action.selected' },
  '& .card-head': { display: 'flex', alignItems: 'flex-start', gap: 1 },
  '& .card-start': { flex: 'none', mt: -0.75, ml: -0.75 },
  '& .card-title': { flex: 1, minWidth: 0, overflowWrap: 'anywhere', fontWeight: 600 },
  '& .card-end': { flex: 'none' },
  '& > li.card > dl': {
    display: 'grid',
    gridTemplateColumns: 'minmax(5.5rem, auto) 1fr',
    columnGap: 1.5,
    rowGap: 0.5,
    m: 0,
    mt: 1,
  },
  '& .card-field': { display: 'contents' },
  '& .card-field > dt, & .card-field > dd': { ...theme.typography.body2, m: 0 },
  '& .card-field > dt': { color: 'text.secondary' },
  '& .card-field > dd': { minWidth: 0, overflowWrap: 'anywhere' },
});

function CardList<T>({
  rows,
  columns,
  rowKey,
  label,
  sort,
  onSort,
  rowProps,
  selectAll,
  loading,
  placeholderRows,
  detail,
  onRowClick,
}: ResponsiveTableProps<T>) {
  const sortable = columns.filter((c) => c.sort);
  return (
    <Box>
      {(onSort && sortable.length > 0) || selectAll ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
          {selectAll}
          {onSort && sortable.length > 0 && (
            <SelectField
              size="small"
              label="Sort by"
              value={sort ?? ''}
              onChange={(e) => onSort(e.target.value)}
              sx={{ flex: '1 1 10rem' }}
            >
              {sortable.map((c) => (
                <option key={c.key} value={c.sort}>
                  {plainLabel(c) || c.key}
                </option>
              ))}
            </SelectField>
          )}
        </Box>
      ) : null}
      <Box component="ul" aria-label={label} aria-busy={loading || undefined} data-layout="cards" sx={CARDS}>
        {loading &&
          rows.length === 0 &&
          placeholders(placeholderRows).map((n) => (
            <li key={`placeholder-${n}`} aria-hidden="true">
              <Skeleton variant="rounded" height={88} />
            </li>
          ))}
        {rows.map((row) => (
          <Card
            key={rowKey(row)}
            row={row}
            columns={columns}
            rowProps={rowProps}
            detail={detail}
            onRowClick={onRowClick}
          />
        ))}
      </Box>
    </Box>
  );
}

/**
 * One row as a card. A component of its own, so that React, rendering a page in slices, can hand
 * the phone's main thread back between cards instead of building the whole list in one piece.
 */
function Card<T>({
  row,
  columns,
  rowProps,
  detail,
  onRowClick,
}: Pick<ResponsiveTableProps<T>, 'columns' | 'rowProps' | 'detail' | 'onRowClick'> & { row: T }) {
  const of = (kind: NonNullable<ListColumn<T>['card']>) => columns.filter((c) => (c.card ?? 'field') === kind);
  const { selected, ...data } = rowProps?.(row) ?? {};
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a pointer shortcut; the card holds its own button for the keyboard (onRowClick)
    <li
      className={selected ? 'card selected' : 'card'}
      {...data}
      onClick={onRowClick ? () => onRowClick(row) : undefined}
      style={onRowClick ? { cursor: 'pointer' } : undefined}
    >
      <div className="card-head">
        {of('start').map((c) => (
          <div key={c.key} className="card-start">
            {c.cell(row)}
          </div>
        ))}
        <div className="card-title">
          {of('title').map((c) => (
            <div key={c.key}>{c.cell(row)}</div>
          ))}
        </div>
        {of('end').map((c) => (
          <div key={c.key} className="card-end">
            {c.cell(row)}
          </div>
        ))}
      </div>
      <dl>
        {of('field').map((c) => (
          <div key={c.key} className="card-field">
            <dt>{plainLabel(c)}</dt>
            <dd>{c.cell(row)}</dd>
          </div>
        ))}
      </dl>
      {detail?.(row) ?? null}
    </li>
  );
}
