import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { Theme } from '@mui/material/styles';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { inStatusGroup, PROJECT_TEXTS } from '@parlance/shared';
import { formatCredits } from '../../../ui/money';
import { TextLink } from '../../../ui/TextLink';
import type { Paging, TranslatorRow } from '../api';
import { formatDateTime, formatTimeLeft, formatWords } from '../../../ui/format';
import { useNames } from '../../../ui/use-names';
import { ProjectBadges } from '../../../ui/ProjectBadges';
import { ProjectStatusChip } from '../../../ui/ProjectStatusChip';
import { type ListColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { ListPagination } from './ListPagination';
import type { ReactNode } from 'react';

// One table for every translator project list: server-side paging (first rows-per-page option by
// default), a loading skeleton, a quiet failure line (spec 1 §8) and an empty text.

export type Column = 'id' | 'name' | 'languages' | 'status' | 'words' | 'deadline' | 'earnings' | 'score';

const HEADERS: Record<Column, string> = {
  id: 'ID',
  name: 'Name',
  languages: 'Languages',
  status: 'Status',
  words: 'Words',
  deadline: 'Deadline',
  earnings: 'Earnings',
  score: 'Score',
};

const NUMERIC: readonly Column[] = ['words', 'earnings', 'score'];

interface ProjectTableProps {
  label: string;
  columns: readonly Column[];
  rows: TranslatorRow[] | undefined;
  totalCount: number;
  paging: Paging;
  onPaging: (paging: Paging) => void;
  loading: boolean;
  failed: boolean;
  emptyText: string;
  /** rows are open jobs: an open job of a project in review is its editing job */
  openJobs?: boolean;
  /** a last column of actions (Take) */
  action?: { header: string; render: (row: TranslatorRow) => ReactNode };
}

export function ProjectTable(props: ProjectTableProps) {
  const { label, columns, rows, totalCount, paging, onPaging, loading, failed, emptyText, action, openJobs } = props;
  const names = useNames();
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const listColumns: ListColumn<TranslatorRow>[] = columns.map((c) => ({
    key: c,
    header: HEADERS[c],
    align: NUMERIC.includes(c) ? 'right' : undefined,
    card: c === 'name' ? 'title' : c === 'status' ? 'end' : 'field',
    headSx: { bgcolor: 'grey.50' },
    sx: CELL_SX[c],
    cell: (row: TranslatorRow) => <CellContent column={c} row={row} openJob={openJobs ?? false} names={names} />,
  }));
  if (action) {
    listColumns.push({
      key: 'action',
      header: action.header,
      label: '',
      align: 'right',
      headSx: { bgcolor: 'grey.50' },
      cell: (row) => action.render(row),
    });
  }
  return (
    <Paper component="section" aria-label={label} variant="outlined" sx={{ overflow: 'hidden', p: compact ? 1 : 0 }}>
      {((loading && !rows) || (rows && rows.length > 0)) && (
        <ResponsiveTable
          rows={rows ?? []}
          columns={listColumns}
          rowKey={(row) => row.id}
          label={label}
          loading={loading}
          rowProps={(row) => ({ 'data-testid': `project-row-${row.id}` })}
        />
      )}
      {!loading && failed && !rows && <ListMessage text={PROJECT_TEXTS.listFailed} />}
      {rows && rows.length === 0 && <ListMessage text={emptyText} />}
      {rows && totalCount > 0 && (
        <ListPagination totalCount={totalCount} paging={paging} onPaging={onPaging} compact={compact} />
      )}
    </Paper>
  );
}

const CELL_SX: Partial<Record<Column, object>> = {
  id: { whiteSpace: 'nowrap' },
  name: { minWidth: 150, maxWidth: 240 },
  deadline: { whiteSpace: 'nowrap' },
  earnings: { whiteSpace: 'nowrap', fontWeight: 500 },
  score: { whiteSpace: 'nowrap' },
};

/** An empty or failed list's line, under the header and outside the table: it wraps to the frame, however wide the table. */
export function ListMessage({ text }: { text: string }) {
  return (
    <Typography color="text.secondary" align="center" sx={{ px: 2, py: 5, maxWidth: 560, mx: 'auto' }}>
      {text}
    </Typography>
  );
}

function CellContent(props: {
  column: Column;
  row: TranslatorRow;
  openJob: boolean;
  names: ReturnType<typeof useNames>;
}) {
  const { column, row, openJob, names } = props;
  switch (column) {
    case 'id':
      return (
        <>
          <TextLink href={`/project/${row.id}`}>{row.id}</TextLink> <ProjectBadges badges={row.badges} />
        </>
      );
    case 'name':
      return (
        <>
          <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
            {row.name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {row.typeName}
            {openJob && row.status === 'IN_REVIEW' ? ' · editing job' : ''}
          </Typography>
        </>
      );
    case 'languages':
      // slugs are ids, not words: a placeholder until the names arrive
      if (!names.ready) return <Skeleton width="10em" />;
      return (
        <>
          <Typography variant="body2">
            {names.language(row.sourceLanguage)} → {names.language(row.targetLanguage)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {names.expertise(row.expertise)} · {formatWords(row.wordCount)} words
          </Typography>
        </>
      );
    case 'status':
      return <ProjectStatusChip status={row.status} kind={row.kind} />;
    case 'words':
      return <>{formatWords(row.wordCount)}</>;
    case 'deadline':
      return (
        <Box component="span" sx={{ color: isOverdue(row) ? 'error.main' : undefined }}>
          {formatDateTime(row.deadline)}
          {row.deadline && inStatusGroup('deadlineRunning', row.status) && (
            <Typography variant="caption" component="span" sx={{ display: 'block', color: 'inherit' }}>
              {formatTimeLeft(row.deadline)}
            </Typography>
          )}
        </Box>
      );
    case 'earnings':
      return <>{row.earningsCredits === undefined ? '—' : formatCredits(row.earningsCredits)}</>;
    case 'score':
      return <ScoreCell row={row} />;
  }
}

/** A deadline already past on a project still being worked on. */
function isOverdue(row: TranslatorRow): boolean {
  return (
    !!row.deadline && inStatusGroup('deadlineRunning', row.status) && new Date(row.deadline).getTime() < Date.now()
  );
}

function ScoreCell({ row }: { row: TranslatorRow }) {
  const reviews = row.reviews ?? [];
  if (reviews.length === 0) {
    return <>{row.rating === null ? '—' : `${row.rating} / 5`}</>;
  }
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end' }}>
      {reviews.map((r) => (
        <span key={`${r.kind}-${r.createdAt}`}>
          {r.kind.toUpperCase()} {r.score}/1000
        </span>
      ))}
    </Box>
  );
}
