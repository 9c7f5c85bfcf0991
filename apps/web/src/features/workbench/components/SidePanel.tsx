import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import {
  type AnnotationCreate,
  MQM_CATEGORIES,
  type QaWarning,
  type SegmentAnnotation,
  type SegmentSuggestions,
  WORKBENCH_LIMITS,
  type WorkbenchSegment,
} from '@parlance/shared';
import { Suspense, useState } from 'react';
import { lazy } from '../../../ui/lazy';
import { messageOf } from '../../../app/http';
import { SourceText } from './SourceText';

// the reviewer's form loads only for a reviewer
const AnnotationForm = lazy(() => import('./AnnotationForm').then((m) => ({ default: m.AnnotationForm })));

// What helps with the active segment: memory matches (Ctrl+1..3 takes one), the terms found in
// its source, the engine's suggestion, its quality warnings after a save, and a reviewer's errors.

export interface SidePanelProps {
  segment: WorkbenchSegment | null;
  suggestions: SegmentSuggestions | undefined;
  loading: boolean;
  error: unknown;
  warnings: readonly QaWarning[] | undefined;
  readOnly: boolean;
  canAnnotate: boolean;
  onUseMemory(index: number): void;
  onUseMachine(): void;
  onAddAnnotation(segmentId: number, body: AnnotationCreate): Promise<void>;
  onDeleteAnnotation(annotation: SegmentAnnotation): Promise<void>;
}

function Heading({ children }: { children: string }) {
  return (
    <Typography component="h3" variant="overline" sx={{ display: 'block', color: 'text.secondary', mt: 1.5 }}>
      {children}
    </Typography>
  );
}

export function SidePanel(props: SidePanelProps) {
  const { segment, suggestions, loading, error, warnings, readOnly } = props;
  if (!segment)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
        Choose a segment to see its memory matches and terms.
      </Typography>
    );
  return (
    <Box component="section" aria-label={`Help for segment ${segment.ordinal}`} sx={{ p: 2 }}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
        Segment {segment.ordinal}
      </Typography>
      {segment.context && (
        <Typography variant="caption" color="text.secondary">
          {segment.context}
        </Typography>
      )}
      {loading && <LinearProgress aria-label="Loading suggestions" sx={{ mt: 1 }} />}
      {error ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {messageOf(error)}
        </Alert>
      ) : null}

      <Heading>Memory</Heading>
      {suggestions && suggestions.memory.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No match of {WORKBENCH_LIMITS.minMatchPercent}% or more.
        </Typography>
      )}
      <Box component="ol" aria-label="Memory matches" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {suggestions?.memory.map((m, i) => (
          <Box
            component="li"
            key={`${m.percent}-${m.source}-${m.target}`}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, mb: 1 }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
              <Box
                component="span"
                aria-label={`${m.percent}% match`}
                sx={{
                  px: 0.75,
                  borderRadius: 2,
                  fontSize: 12,
                  fontWeight: 700,
                  bgcolor: m.percent === 100 ? 'success.main' : 'action.selected',
                  color: m.percent === 100 ? 'success.contrastText' : 'text.primary',
                }}
              >
                {m.percent}%
              </Box>
              <Typography variant="caption" color="text.secondary" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
                {m.from === 'job' ? 'This job' : 'Memory'} · {m.label}
              </Typography>
              {!readOnly && i < 9 && (
                <Button size="small" onClick={() => props.onUseMemory(i)} title={`Ctrl+${i + 1}`}>
                  Use{i < 3 ? ` (Ctrl+${i + 1})` : ''}
                </Button>
              )}
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              <SourceText markup={m.source} />
            </Typography>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere', fontWeight: 500 }}>
              <SourceText markup={m.target} />
            </Typography>
          </Box>
        ))}
      </Box>

      <Heading>Terms</Heading>
      {suggestions && suggestions.terms.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No term of the customer's in this segment.
        </Typography>
      )}
      <Box component="ul" aria-label="Terms" sx={{ m: 0, pl: 2.5 }}>
        {suggestions?.terms.map((t) => (
          <Typography component="li" variant="body2" key={`${t.start}-${t.source}`}>
            <Box component="mark" sx={{ bgcolor: 'warning.light', color: 'text.primary', px: 0.25 }}>
              {t.source}
            </Box>{' '}
            → <strong>{t.target}</strong>
            {t.note ? (
              <Typography component="span" variant="caption" color="text.secondary">
                {' '}
                ({t.note})
              </Typography>
            ) : null}
          </Typography>
        ))}
      </Box>

      <Heading>Machine translation</Heading>
      {suggestions?.machine ? (
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}>
          <Typography variant="caption" color="text.secondary">
            {suggestions.machine.engine}
          </Typography>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            <SourceText markup={suggestions.machine.target} />
          </Typography>
          {!readOnly && (
            <Button size="small" onClick={props.onUseMachine}>
              Use
            </Button>
          )}
        </Box>
      ) : (
        suggestions && (
          <Typography variant="body2" color="text.secondary">
            {suggestions.machineNote ?? 'No suggestion for this segment.'}
          </Typography>
        )
      )}

      {warnings && warnings.length > 0 && (
        <>
          <Heading>Quality checks</Heading>
          <Box component="ul" aria-label="Quality checks of this segment" sx={{ m: 0, pl: 2.5 }}>
            {warnings.map((w) => (
              <Typography
                component="li"
                variant="body2"
                key={`${w.check}-${w.message}`}
                sx={{ color: w.level === 'error' ? 'error.main' : 'warning.dark' }}
              >
                {w.message}
              </Typography>
            ))}
          </Box>
        </>
      )}

      {(props.canAnnotate || segment.annotations.length > 0) && (
        <Annotations
          segment={segment}
          canAnnotate={props.canAnnotate}
          onAddAnnotation={props.onAddAnnotation}
          onDeleteAnnotation={props.onDeleteAnnotation}
        />
      )}
    </Box>
  );
}

function Annotations({
  segment,
  canAnnotate,
  onAddAnnotation,
  onDeleteAnnotation,
}: { segment: WorkbenchSegment; canAnnotate: boolean } & Pick<
  SidePanelProps,
  'onAddAnnotation' | 'onDeleteAnnotation'
>) {
  const [problem, setProblem] = useState<string | null>(null);
  const categoryLabel = (key: string) => MQM_CATEGORIES.find((c) => c.key === key)?.label ?? key;

  return (
    <>
      <Heading>Errors</Heading>
      {segment.annotations.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No error noted on this segment.
        </Typography>
      )}
      <Box component="ul" aria-label="Errors noted" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {segment.annotations.map((a) => (
          <Box component="li" key={a.id} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 0.5 }}>
            <Box sx={{ flex: 1 }}>
              <Typography variant="body2">
                <strong>{categoryLabel(a.category)}</strong> · {a.severity}
                {a.authorName ? ` · ${a.authorName}` : ''}
              </Typography>
              {a.comment && (
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {a.comment}
                </Typography>
              )}
            </Box>
            {a.canDelete && (
              <IconButton
                size="small"
                aria-label={`Delete the ${categoryLabel(a.category)} error`}
                onClick={() => void onDeleteAnnotation(a).catch((err) => setProblem(messageOf(err)))}
              >
                <DeleteOutlined fontSize="small" />
              </IconButton>
            )}
          </Box>
        ))}
      </Box>
      {problem && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {problem}
        </Alert>
      )}
      {canAnnotate && (
        <Suspense fallback={null}>
          <AnnotationForm segmentId={segment.id} onAdd={onAddAnnotation} />
        </Suspense>
      )}
    </>
  );
}
