import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { inStatusGroup, PROJECT_TEXTS } from '@parlance/shared';
import type { ReactNode } from 'react';
import { formatCredits } from '../../../ui/money';
import { TextLink } from '../../../ui/TextLink';
import type { Paging, TranslatorRow } from '../api';
import { formatDateTime, formatWords } from '../../../ui/format';
import { useNames } from '../../../ui/use-names';
import { ProjectBadges } from '../../../ui/ProjectBadges';
import { ProjectStatusChip } from '../../../ui/ProjectStatusChip';
import { ListPagination } from './ListPagination';

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
  const span = columns.length + (action ? 1 : 0);
  // a phone gets one card per project: a table that scrolls sideways hides the Take button
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <Paper component="section" aria-label={label} variant="outlined" sx={{ overflow: 'hidden' }}>
      {compact ? (
        <Box component="ul" aria-label={label} aria-busy={loading || undefined} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {loading && !rows && (
            <Box component="li" sx={{ p: 2 }}>
              <Skeleton variant="rounded" height={72} />
            </Box>
          )}
          {rows?.map((row) => (
            <RowCard
              key={row.id}
              row={row}
              columns={columns}
              openJob={openJobs ?? false}
              action={action?.render(row)}
            />
          ))}
        </Box>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={label} aria-busy={loading || undefined}>
            <TableHead>
              <TableRow>
                {columns.map((c) => (
                  <TableCell
                    key={c}
                    align={NUMERIC.includes(c) ? 'right' : 'left'}
                    sx={{ fontWeight: 600, whiteSpace: 'nowrap', bgcolor: 'grey.50' }}
                  >
                    {HEADERS[c]}
                  </TableCell>
                ))}
                {action && (
                  <TableCell align="right" sx={{ fontWeight: 600, bgcolor: 'grey.50' }}>
                    {action.header}
                  </TableCell>
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {loading && !rows && <SkeletonRows span={span} />}
              {rows?.map((row) => (
                <TableRow key={row.id} hover data-testid={`project-row-${row.id}`}>
                  {columns.map((c) => (
                    <Cell key={c} column={c} row={row} openJob={openJobs ?? false} />
                  ))}
                  {action && <TableCell align="right">{action.render(row)}</TableCell>}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {!loading && failed && !rows && <ListMessage text={PROJECT_TEXTS.listFailed} />}
      {rows && rows.length === 0 && <ListMessage text={emptyText} />}
      {rows && totalCount > 0 && (
        <ListPagination totalCount={totalCount} paging={paging} onPaging={onPaging} compact={compact} />
      )}
    </Paper>
  );
}

/** One project as a card on a phone: the same facts as the table's columns. */
function RowCard(props: { row: TranslatorRow; columns: readonly Column[]; openJob: boolean; action: ReactNode }) {
  const { row, columns, openJob, action } = props;
  const names = useNames();
  return (
    <Box
      component="li"
      data-testid={`project-row-${row.id}`}
      sx={{ p: 2, borderBottom: 1, borderColor: 'divider', display: 'grid', gap: 0.75 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <TextLink href={`/project/${row.id}`}>{row.id}</TextLink>
        <ProjectBadges badges={row.badges} />
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere', flex: '1 1 120px' }}>
          {row.name}
        </Typography>
        {columns.includes('status') && <ProjectStatusChip status={row.status} />}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {row.typeName}
        {openJob && row.status === 'IN_REVIEW' ? ' · editing job' : ''} · {names.language(row.sourceLanguage)} →{' '}
        {names.language(row.targetLanguage)} · {names.expertise(row.expertise)} · {formatWords(row.wordCount)} words
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ color: isOverdue(row) ? 'error.main' : undefined }}>
          Deadline {formatDateTime(row.deadline)}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {row.earningsCredits === undefined ? '' : formatCredits(row.earningsCredits)}
        </Typography>
        {columns.includes('score') && (
          <Typography variant="body2">
            <ScoreCell row={row} />
          </Typography>
        )}
        {action && <Box sx={{ ml: 'auto' }}>{action}</Box>}
      </Box>
    </Box>
  );
}

function SkeletonRows({ span }: { span: number }) {
  return (
    <>
      {[0, 1, 2].map((n) => (
        <TableRow key={n}>
          <TableCell colSpan={span}>
            <Skeleton variant="text" height={28} />
          </TableCell>
        </TableRow>
      ))}
    </>
  );
}

/** An empty or failed list's line, under the header and outside the table: it wraps to the frame, however wide the table. */
export function ListMessage({ text }: { text: string }) {
  return (
    <Typography color="text.secondary" align="center" sx={{ px: 2, py: 5, maxWidth: 560, mx: 'auto' }}>
      {text}
    </Typography>
  );
}

function Cell({ column, row, openJob }: { column: Column; row: TranslatorRow; openJob: boolean }) {
  const names = useNames();
  switch (column) {
    case 'id':
      return (
        <TableCell sx={{ whiteSpace: 'nowrap' }}>
          <TextLink href={`/project/${row.id}`}>{row.id}</TextLink> <ProjectBadges badges={row.badges} />
        </TableCell>
      );
    case 'name':
      return (
        <TableCell sx={{ minWidth: 150, maxWidth: 240 }}>
          <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
            {row.name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {row.typeName}
            {openJob && row.status === 'IN_REVIEW' ? ' · editing job' : ''}
          </Typography>
        </TableCell>
      );
    case 'languages':
      return (
        <TableCell>
          <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
            {names.language(row.sourceLanguage)} → {names.language(row.targetLanguage)}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {names.expertise(row.expertise)} · {formatWords(row.wordCount)} words
          </Typography>
        </TableCell>
      );
    case 'status':
      return (
        <TableCell>
          <ProjectStatusChip status={row.status} />
        </TableCell>
      );
    case 'words':
      return <TableCell align="right">{formatWords(row.wordCount)}</TableCell>;
    case 'deadline':
      return (
        <TableCell sx={{ whiteSpace: 'nowrap', color: isOverdue(row) ? 'error.main' : undefined }}>
          {formatDateTime(row.deadline)}
        </TableCell>
      );
    case 'earnings':
      return (
        <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 500 }}>
          {row.earningsCredits === undefined ? '—' : formatCredits(row.earningsCredits)}
        </TableCell>
      );
    case 'score':
      return (
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
          <ScoreCell row={row} />
        </TableCell>
      );
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
