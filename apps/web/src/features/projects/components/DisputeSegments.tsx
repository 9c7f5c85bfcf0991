import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import { useState } from 'react';

import Typography from '@mui/material/Typography';
import { type DisputedSegment, type ProjectDetail, WORKBENCH_LIMITS } from '@parlance/shared';
import { Field } from '../../../ui/Field';
import { useDisputableSegments, useDisputedSegments } from '../api';
import { readable, segmentsPage } from '../dispute-find';

// The segments of a dispute (ADR 0112): the customer ticks the sentences they object to in the
// dispute dialog, with a comment each; the translator and the admin who resolves it read them
// with source and target on the project page and in the resolve dialog.

export interface PickedSegment {
  id: number;
  comment: string;
}

export function DisputeSegmentPicker({
  projectId,
  value,
  onChange,
}: {
  projectId: number;
  value: PickedSegment[];
  onChange: (next: PickedSegment[]) => void;
}) {
  const { data: segments, isPending, isError } = useDisputableSegments(projectId, true);
  const [find, setFind] = useState('');
  // opened with a segment ticked (from the editor's side-by-side page): its page first
  const [page, setPage] = useState<number | null>(null);
  if (isPending) return <Typography color="text.secondary">Loading the translation's segments…</Typography>;
  if (isError || !segments || segments.length === 0) return null;
  const { needle, found, pages, current, shown } = segmentsPage(segments, find, page, value[0]?.id);
  const picked = new Map(value.map((p) => [p.id, p.comment]));
  const toggle = (id: number, on: boolean) => {
    setPage(current); // the page stays put whatever is ticked first
    onChange(on ? [...value, { id, comment: '' }] : value.filter((p) => p.id !== id));
  };
  const comment = (id: number, text: string) => onChange(value.map((p) => (p.id === id ? { ...p, comment: text } : p)));
  const full = value.length >= WORKBENCH_LIMITS.disputedSegmentsMax;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1 }}>
      <Typography component="legend" sx={{ fontWeight: 600, mb: 0.5 }}>
        Which segments are wrong? (optional)
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Tick the sentences you object to and say what is wrong with each; {value.length} picked.
      </Typography>
      {segments.length > 1 && (
        <Field
          size="small"
          fullWidth
          type="search"
          label="Find a segment"
          helperText={needle ? `${found.length} of ${segments.length} segments` : 'By its source or translation'}
          value={find}
          onChange={(e) => {
            setFind(e.target.value);
            setPage(1);
          }}
          sx={{ mb: 1 }}
        />
      )}
      {/* a phone scrolls the dialog itself: no second scrolling box inside it */}
      <Box
        sx={{ maxHeight: { md: 320 }, overflow: { md: 'auto' }, border: 1, borderColor: 'divider', borderRadius: 1 }}
      >
        {shown.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ px: 1.5, py: 1 }}>
            No segment contains “{find.trim()}”.
          </Typography>
        )}
        {shown.map((s) => {
          const on = picked.has(s.id);
          return (
            <Box
              key={s.id}
              data-testid="dispute-segment"
              sx={{
                px: 1.5,
                py: 1,
                borderBottom: 1,
                borderColor: 'divider',
                bgcolor: on ? 'action.selected' : undefined,
              }}
            >
              <FormControlLabel
                sx={{ alignItems: 'flex-start', m: 0, width: '100%' }}
                control={
                  <Checkbox
                    size="small"
                    checked={on}
                    disabled={!on && full}
                    onChange={(e) => toggle(s.id, e.target.checked)}
                    sx={{ mt: -0.5 }}
                  />
                }
                label={
                  <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    <Typography variant="body2" color="text.secondary">
                      {s.ordinal}. {readable(s.source)}
                    </Typography>
                    <Typography variant="body2">{readable(s.target) || <em>No translation</em>}</Typography>
                  </Box>
                }
              />
              {on && (
                <Field
                  size="small"
                  fullWidth
                  label={`What is wrong with segment ${s.ordinal}?`}
                  value={picked.get(s.id) ?? ''}
                  onChange={(e) => comment(s.id, e.target.value)}
                  slotProps={{ htmlInput: { maxLength: WORKBENCH_LIMITS.disputeCommentMax } }}
                  sx={{ mt: 1 }}
                />
              )}
            </Box>
          );
        })}
      </Box>
      {pages > 1 && (
        <Pagination
          count={pages}
          page={current}
          onChange={(_e, next) => setPage(next)}
          size="small"
          siblingCount={0}
          sx={{ mt: 1, '& ul': { justifyContent: 'center' } }}
          getItemAriaLabel={(type, n, selected) =>
            type === 'page' ? `${selected ? '' : 'Go to '}segments page ${n}` : `Go to the ${type} page of segments`
          }
        />
      )}
    </Box>
  );
}

/** The disputed segments as a list: number, source, target, the customer's comment. */
export function DisputedSegmentsList({ segments }: { segments: DisputedSegment[] }) {
  return (
    <Box
      component="ol"
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
      aria-label="Disputed segments"
    >
      {segments.map((s) => (
        <Box component="li" key={s.segmentId} data-testid="disputed-segment" sx={{ overflowWrap: 'anywhere' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            Segment {s.ordinal}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Source: {readable(s.source)}
          </Typography>
          <Typography variant="body2">Translation: {readable(s.target) || '—'}</Typography>
          {s.comment && (
            <Typography variant="body2" color="error.main">
              Customer: {s.comment}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}

/** Who reads a dispute's segments on the project page: its customer, translator and staff. */
export function readsDisputedSegments(project: ProjectDetail): boolean {
  return (
    project.status === 'DISPUTED' && ['customer', 'translator', 'admin', 'staff'].includes(project.viewerRole ?? '')
  );
}

/** The project page's card of the segments a dispute points at (nothing when it points at none). */
export function DisputedSegmentsCard({ project }: { project: ProjectDetail }) {
  const { data } = useDisputedSegments(project.id, readsDisputedSegments(project));
  if (!data || data.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="disputed-segments">
      <Typography id="disputed-segments" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Disputed segments
      </Typography>
      <DisputedSegmentsList segments={data} />
    </Paper>
  );
}

/** The resolve dialog's list of the disputed segments. */
export function DisputedSegmentsNote({ project }: { project: ProjectDetail }) {
  const { data } = useDisputedSegments(project.id, readsDisputedSegments(project));
  if (!data || data.length === 0) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography sx={{ fontWeight: 600, mb: 1 }}>The customer points at these segments:</Typography>
      <DisputedSegmentsList segments={data} />
    </Box>
  );
}
