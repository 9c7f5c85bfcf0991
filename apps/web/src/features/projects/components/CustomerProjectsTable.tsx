import MoreIcon from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { PROJECT_SORT_FIELDS, ProjectRow } from '@parlance/shared';
import { memo, useState } from 'react';
import { lazy } from '../../../ui/lazy';
import { AppLink } from '../../../ui/AppLink';
import { formatCredits } from '../../../ui/money';
import { useNames } from '../../../ui/use-names';
import { allFinished } from '../downloadable';
import { formatDateTime, formatShortDate, formatWords } from '../../../ui/format';
import { ProjectBadges } from '../../../ui/ProjectBadges';
import { ProjectName } from './ProjectName';
import { OnDemand } from '../../../ui/OnDemand';
import { ProjectStatusChip } from '../../../ui/ProjectStatusChip';
import { type ListColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { canCancel, type RowAction } from './row-action';

// a row's menu loads when a menu is first opened (not part of the list's first load)
const RowActionsMenu = lazy(() => import('./CancelProjectsDialog').then((m) => ({ default: m.RowActionsMenu })));

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export type SortField = (typeof PROJECT_SORT_FIELDS)[number];

interface CustomerProjectsTableProps {
  rows: ProjectRow[];
  sort: SortField;
  order: 'asc' | 'desc';
  onSort: (field: SortField) => void;
  selected: Map<number, ProjectRow>;
  onSelect: (rows: ProjectRow[], on: boolean) => void;
  onAction: (action: RowAction, row: ProjectRow) => void;
}

/** The customer's projects, one row each (tags under the name); the paging and filters live in the page. */
export const CustomerProjectsTable = memo(function CustomerProjectsTable({
  rows,
  sort,
  order,
  onSort,
  selected,
  onSelect,
  onAction,
}: CustomerProjectsTableProps) {
  const names = useNames();
  const picked = rows.filter((r) => selected.has(r.id)).length;
  const columns: ListColumn<ProjectRow>[] = [
    {
      key: 'select',
      header: '',
      card: 'start',
      cell: (p) => (
        <Checkbox
          size="small"
          checked={selected.has(p.id)}
          onChange={(e) => onSelect([p], e.target.checked)}
          slotProps={{ input: { 'aria-label': `Select project #${p.id}` } }}
        />
      ),
      sx: { width: 48, p: 0, pl: 0.5 },
      headSx: { display: 'none' },
    },
    {
      key: 'id',
      header: 'ID',
      sort: 'id',
      sx: { whiteSpace: 'nowrap' },
      cell: (p) => (
        <>
          <Link component={AppLink} href={`/project/${p.id}`} sx={{ fontWeight: 600, mr: 0.75 }}>
            #{p.id}
          </Link>
          <ProjectBadges badges={p.badges} />
        </>
      ),
    },
    {
      key: 'name',
      header: 'Name',
      sort: 'name',
      card: 'title',
      sx: { minWidth: 160, maxWidth: 300 },
      cell: (p) => (
        <>
          <ProjectName project={p} editable />
          <Typography variant="caption" color="text.secondary">
            {p.typeName}
          </Typography>
          {p.tags.length > 0 && (
            <Box aria-label="Tags" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
              {p.tags.map((t) => (
                <Chip key={t} label={t} size="small" variant="outlined" sx={{ height: 20, fontSize: 12 }} />
              ))}
            </Box>
          )}
        </>
      ),
    },
    {
      key: 'languages',
      header: 'Languages',
      sx: { whiteSpace: 'nowrap' },
      // slugs are ids, not words: a placeholder until the names arrive
      cell: (p) =>
        !names.ready ? (
          <Skeleton width="8em" />
        ) : (
          <>
            {names.language(p.sourceLanguage)}
            <br />→ {names.language(p.targetLanguage)}
          </>
        ),
    },
    {
      key: 'status',
      header: 'Status',
      sort: 'status',
      cell: (p) => <ProjectStatusChip status={p.status} kind={p.kind} dense />,
    },
    {
      key: 'words',
      header: 'Words',
      sort: 'wordCount',
      align: 'right',
      cell: (p) => formatWords(p.wordCount),
    },
    {
      key: 'price',
      header: 'Price',
      sort: 'price',
      align: 'right',
      sx: { whiteSpace: 'nowrap' },
      cell: (p) => (p.priceCredits === undefined ? '—' : formatCredits(p.priceCredits)),
    },
    {
      key: 'deadline',
      header: 'Deadline',
      sort: 'deadline',
      sx: { whiteSpace: 'nowrap' },
      cell: (p) => <span title={formatDateTime(p.deadline)}>{formatShortDate(p.deadline)}</span>,
    },
    {
      key: 'actions',
      header: (
        <Box component="span" sx={visuallyHidden}>
          Actions
        </Box>
      ),
      label: '',
      card: 'end',
      align: 'center',
      headSx: { width: 56 },
      cell: (p) => <RowMenu row={p} onAction={onAction} />,
    },
  ];
  return (
    <ResponsiveTable
      rows={rows}
      columns={columns}
      rowKey={(p) => p.id}
      label="My projects"
      sort={sort}
      order={order}
      onSort={(key) => onSort(key as SortField)}
      rowProps={(p) => ({ selected: selected.has(p.id), 'data-project-id': p.id })}
      minWidth={860}
      selectAll={
        <Checkbox
          size="small"
          indeterminate={picked > 0 && picked < rows.length}
          checked={rows.length > 0 && picked === rows.length}
          onChange={(e) => onSelect(rows, e.target.checked)}
          slotProps={{ input: { 'aria-label': 'Select all projects on this page' } }}
        />
      }
      tableSx={{
        '& td, & th': { px: 1 },
        '& td:first-of-type, & th:first-of-type': { pl: 1.5 },
        // the row menu stays in reach when the table scrolls sideways
        '& td:last-of-type, & th:last-of-type': {
          position: 'sticky',
          right: 0,
          bgcolor: 'background.paper',
          boxShadow: 'inset 1px 0 0 rgba(0, 0, 0, 0.08)',
        },
      }}
    />
  );
});

function RowMenu({ row, onAction }: { row: ProjectRow; onAction: (a: RowAction, r: ProjectRow) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (a: RowAction) => {
    setAnchor(null);
    onAction(a, row);
  };
  return (
    <>
      <IconButton
        size="small"
        aria-label={`Actions for project #${row.id}`}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreIcon fontSize="small" />
      </IconButton>
      <OnDemand when={anchor !== null}>
        <RowActionsMenu
          row={row}
          anchor={anchor}
          onClose={() => setAnchor(null)}
          onPick={pick}
          canRate={row.actions.includes('rate')}
          canDownload={allFinished([row])}
          canCancel={canCancel(row)}
        />
      </OnDemand>
    </>
  );
}
