import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import KeyboardOutlined from '@mui/icons-material/KeyboardOutlined';
import {
  SEGMENT_STATUSES,
  type SegmentStatus,
  WORKBENCH_TEXTS,
  type WorkbenchJob,
  type WorkbenchProgress,
} from '@parlance/shared';
import type { ChangeEvent } from 'react';
import { Field } from '../../../ui/Field';
import { formatDateTime } from '../../../ui/format';
import { xliffUrl } from '../api';
import { percentOf, progressWords } from './progress';
import { STATUS_LABELS } from './SegmentRow';

// The editor's header: what the job is, how far it is, and the tools over all of its segments
// (status filters, find and replace, XLIFF out and in, the shortcuts sheet, delivery).

export interface Search {
  source: string;
  target: string;
  replace: string;
}

interface Props {
  job: WorkbenchJob;
  progress: WorkbenchProgress;
  counts: Record<SegmentStatus, number>;
  filter: SegmentStatus[];
  onFilter(statuses: SegmentStatus[]): void;
  search: Search;
  onSearch(search: Search): void;
  matching: number;
  /** the job's later pages are still arriving: a find or filter has not seen every segment yet */
  searchingAll: boolean;
  onReplace(all: boolean): void;
  onImport(file: File): void;
  importing: boolean;
  onShortcuts(): void;
  onDeliver(): void;
}

export function EditorHeader(props: Props) {
  const { job, progress, search, onSearch } = props;
  const editable = job.readOnly === null;
  const percent = percentOf(progress);
  const set = (key: keyof Search) => (e: ChangeEvent<HTMLInputElement>) =>
    onSearch({ ...search, [key]: e.target.value });
  return (
    <Box component="header" sx={{ mb: 1.5 }}>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1, justifyContent: 'space-between' }}
      >
        <Box sx={{ minWidth: 0, flex: '1 1 300px' }}>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {job.project.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {job.project.sourceLang.name} → {job.project.targetLang.name}
            {job.project.deadline ? ` · due ${formatDateTime(job.project.deadline)}` : ''}
            {` · ${job.documents.map((d) => d.fileName).join(', ')}`}
          </Typography>
        </Box>
        <Box role="group" aria-label="Job tools" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button variant="outlined" size="small" startIcon={<KeyboardOutlined />} onClick={props.onShortcuts}>
            Shortcuts
          </Button>
          <Button variant="outlined" size="small" component="a" href={xliffUrl(job.project.id)} download>
            Download XLIFF
          </Button>
          {editable && (
            <Button variant="outlined" size="small" component="label" loading={props.importing}>
              Import XLIFF
              <input
                type="file"
                hidden
                accept=".xlf,.xliff,application/xliff+xml,application/xml,text/xml"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (file) props.onImport(file);
                }}
              />
            </Button>
          )}
          {job.canDeliver && (
            <Button variant="contained" size="small" onClick={props.onDeliver}>
              Deliver
            </Button>
          )}
        </Box>
      </Box>

      <Box sx={{ mt: 1.5, maxWidth: 560 }}>
        <LinearProgress
          variant="determinate"
          value={percent}
          aria-label="Progress"
          aria-valuetext={progressWords(progress)}
          sx={{ height: 8, borderRadius: 4 }}
        />
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {progressWords(progress)} · {progress.confirmedSegments} of {progress.segments} segments
        </Typography>
      </Box>

      {job.readOnly && (
        <Alert severity="info" sx={{ mt: 1.5 }}>
          {job.readOnly}
        </Alert>
      )}

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 1.5 }}>
        <Box role="group" aria-label="Show segments by status" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          {SEGMENT_STATUSES.map((s) => {
            const on = props.filter.includes(s);
            return (
              <Button
                key={s}
                size="small"
                variant={on ? 'contained' : 'outlined'}
                aria-pressed={on}
                onClick={() => props.onFilter(on ? props.filter.filter((x) => x !== s) : [...props.filter, s])}
                sx={{ textTransform: 'none' }}
              >
                {STATUS_LABELS[s]} ({props.counts[s]})
              </Button>
            );
          })}
        </Box>
        <Box
          component="search"
          aria-label="Find and replace"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', flex: '1 1 420px' }}
        >
          <Field
            size="small"
            type="search"
            label="Find in source"
            value={search.source}
            onChange={set('source')}
            sx={{ flex: '1 1 140px' }}
          />
          <Field
            size="small"
            type="search"
            label="Find in target"
            value={search.target}
            onChange={set('target')}
            sx={{ flex: '1 1 140px' }}
          />
          {editable && (
            <>
              <Field
                size="small"
                label="Replace with"
                value={search.replace}
                onChange={set('replace')}
                sx={{ flex: '1 1 140px' }}
              />
              {/* the two buttons wrap together, never one under the other */}
              <Box sx={{ display: 'flex', gap: 0.5, flexShrink: 0, whiteSpace: 'nowrap' }}>
                <Button size="small" disabled={!search.target} onClick={() => props.onReplace(false)}>
                  Replace
                </Button>
                <Button size="small" disabled={!search.target} onClick={() => props.onReplace(true)}>
                  Replace all
                </Button>
              </Box>
            </>
          )}
          {(search.source || search.target || (props.filter.length > 0 && props.searchingAll)) && (
            <Typography variant="body2" color="text.secondary" role="status">
              {props.searchingAll
                ? WORKBENCH_TEXTS.searchingAll
                : props.matching === 1
                  ? '1 segment matches'
                  : `${props.matching} segments match`}
            </Typography>
          )}
        </Box>
      </Box>
    </Box>
  );
}
