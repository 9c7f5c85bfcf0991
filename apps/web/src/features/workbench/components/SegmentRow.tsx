import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { KeyboardEvent, ReactNode } from 'react';
import { memo, useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import type { QaWarning, SegmentStatus, WorkbenchSegment } from '@parlance/shared';
import type { Conflict } from '../autosave';
import { markupToTokens } from '../tag-tokens';
import { type Highlight, SourceText } from './SourceText';

// One segment of the editor: its number, the source with tag chips, the target's textarea (tags
// as {1}…{/1} tokens) and its status. Memoised: typing in one row re-renders that row only.

export interface RowController {
  change(segmentId: number, text: string): void;
  focus(segmentId: number): void;
  blur(segmentId: number): void;
  keyDown(event: KeyboardEvent<HTMLElement>, segmentId: number): void;
  insertTag(segmentId: number): void;
  copySource(segmentId: number): void;
  confirm(segmentId: number): void;
  keepMine(segmentId: number): void;
  takeTheirs(segmentId: number): void;
}

export type SaveState = 'saved' | 'unsaved' | 'saving' | 'failed';

export const STATUS_LABELS: Record<SegmentStatus, string> = {
  new: 'New',
  draft: 'Draft',
  translated: 'Translated',
  reviewed: 'Reviewed',
};

const STATUS_COLORS: Record<SegmentStatus, string> = {
  new: 'text.secondary',
  draft: 'warning.dark',
  translated: 'info.dark',
  reviewed: 'success.dark',
};

const SAVE_WORDS: Record<SaveState, string> = {
  saved: '',
  unsaved: 'Not saved yet',
  saving: 'Saving…',
  failed: 'Not saved: kept in this browser',
};

const HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export function targetId(segmentId: number): string {
  return `wb-target-${segmentId}`;
}

interface SegmentRowProps {
  segment: WorkbenchSegment;
  draft: string | undefined;
  active: boolean;
  readOnly: boolean;
  saveState: SaveState;
  conflict: Conflict | undefined;
  warnings: readonly QaWarning[] | undefined;
  highlights: readonly Highlight[] | undefined;
  /** the side panel, below the row on a phone */
  panel: ReactNode;
  /** the customer's comment when their dispute points at this segment ('' without a comment) */
  disputed?: string;
  /** where the customer starts a dispute ticking this segment (when they may dispute the job) */
  disputeHref?: string;
  ctl: RowController;
}

export const SegmentRow = memo(function SegmentRow({
  segment,
  draft,
  active,
  readOnly,
  saveState,
  conflict,
  warnings,
  highlights,
  panel,
  disputed,
  disputeHref,
  ctl,
}: SegmentRowProps) {
  const savedText = useMemo(() => markupToTokens(segment.target), [segment.target]);
  const text = draft ?? savedText;
  const status: SegmentStatus = draft !== undefined && draft !== savedText ? 'draft' : segment.status;
  const id = segment.id;
  const label = `Segment ${segment.ordinal}`;
  return (
    <Box
      role="group"
      aria-label={label}
      data-segment={segment.ordinal}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'auto 1fr', md: '40px minmax(0, 1fr) minmax(0, 1.3fr) 96px' },
        gap: { xs: 1, md: 1.5 },
        px: { xs: 1.5, md: 2 },
        py: 1.25,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: active ? 'action.selected' : 'background.paper',
        borderLeft: 4,
        borderLeftColor: active ? 'primary.main' : disputed !== undefined ? 'error.main' : 'transparent',
      }}
    >
      <Typography
        component="span"
        variant="body2"
        color="text.secondary"
        sx={{ fontVariantNumeric: 'tabular-nums', pt: 0.5 }}
      >
        {segment.ordinal}
      </Typography>
      <Typography
        component="span"
        variant="body2"
        sx={{
          gridColumn: { xs: '2', md: 'auto' },
          gridRow: { xs: '1', md: 'auto' },
          justifySelf: { xs: 'end', md: 'start' },
          order: { md: 4 },
          color: STATUS_COLORS[status],
          fontWeight: 600,
          pt: 0.5,
        }}
      >
        {STATUS_LABELS[status]}
        {saveState !== 'saved' && (
          <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
            {SAVE_WORDS[saveState]}
          </Typography>
        )}
        {disputed !== undefined && (
          <Typography
            component="span"
            variant="caption"
            data-testid="segment-disputed"
            title={disputed || undefined}
            sx={{ display: 'block', color: 'error.main', fontWeight: 700 }}
          >
            Disputed
          </Typography>
        )}
      </Typography>
      <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, pt: 0.5, overflowWrap: 'anywhere', lineHeight: 1.6 }}>
        <Box component="span" sx={HIDDEN}>
          Source:{' '}
        </Box>
        <SourceText markup={segment.source} highlights={highlights} />
      </Box>
      <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, minWidth: 0 }}>
        {readOnly ? (
          <Box
            id={targetId(id)}
            tabIndex={0}
            aria-label={`${label}, translation`}
            onFocus={() => ctl.focus(id)}
            onKeyDown={(e) => ctl.keyDown(e, id)}
            sx={{ pt: 0.5, overflowWrap: 'anywhere', lineHeight: 1.6, minHeight: 24, borderRadius: 1 }}
          >
            {segment.target ? <SourceText markup={segment.target} /> : <em>No translation yet</em>}
          </Box>
        ) : (
          <Box
            component="textarea"
            id={targetId(id)}
            aria-label={`${label}, translation`}
            aria-describedby={conflict ? `wb-conflict-${id}` : undefined}
            spellCheck
            rows={Math.max(2, Math.ceil(text.length / 60))}
            value={text}
            onChange={(e) => ctl.change(id, e.target.value)}
            onFocus={() => ctl.focus(id)}
            onBlur={() => ctl.blur(id)}
            onKeyDown={(e) => ctl.keyDown(e, id)}
            sx={{
              width: '100%',
              boxSizing: 'border-box',
              resize: 'vertical',
              font: 'inherit',
              fontSize: 14,
              lineHeight: 1.5,
              p: 1,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              bgcolor: 'background.paper',
              color: 'text.primary',
              '&:focus-visible, &:focus': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 1 },
            }}
          />
        )}
        {disputeHref && (
          <Button size="small" color="warning" component={RouterLink} to={disputeHref} sx={{ mt: 0.5, ml: -0.5 }}>
            Dispute this segment
          </Button>
        )}
        {disputed && (
          <Typography variant="caption" component="p" sx={{ mt: 0.5, color: 'error.main', overflowWrap: 'anywhere' }}>
            Customer: {disputed}
          </Typography>
        )}
        {active && !readOnly && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
            <Button size="small" onClick={() => ctl.confirm(id)}>
              Confirm
            </Button>
            <Button size="small" onClick={() => ctl.insertTag(id)} disabled={Object.keys(segment.tags).length === 0}>
              Insert tag
            </Button>
            <Button size="small" onClick={() => ctl.copySource(id)}>
              Copy source
            </Button>
          </Box>
        )}
        {conflict && (
          <Alert id={`wb-conflict-${id}`} severity="warning" sx={{ mt: 1 }}>
            <Typography variant="body2">The other version (revision {conflict.theirs.revision}):</Typography>
            <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="their-version">
              {markupToTokens(conflict.theirs.target) || '(empty)'}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
              <Button size="small" color="inherit" variant="outlined" onClick={() => ctl.keepMine(id)}>
                Keep mine
              </Button>
              <Button size="small" color="inherit" onClick={() => ctl.takeTheirs(id)}>
                Use theirs
              </Button>
            </Box>
          </Alert>
        )}
        {warnings && warnings.length > 0 && (
          <Box component="ul" aria-label={`${label}, quality warnings`} sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
            {warnings.map((w) => (
              <Typography
                component="li"
                key={`${w.check}-${w.message}`}
                variant="caption"
                sx={{ color: w.level === 'error' ? 'error.main' : 'warning.dark' }}
              >
                {w.message}
              </Typography>
            ))}
          </Box>
        )}
      </Box>
      {panel && <Box sx={{ gridColumn: '1 / -1' }}>{panel}</Box>}
    </Box>
  );
});
