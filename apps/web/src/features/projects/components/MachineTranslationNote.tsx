import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { isMachineOnlyType, type ProjectDetail } from '@parlance/shared';

/**
 * How far the machine translation of an MT or post-editing project is, or why it failed (ADR 0108).
 * Nothing once it is done: the delivery, or the draft among the files, says the rest.
 */
export function MachineTranslationNote({ project }: { project: ProjectDetail }) {
  const mt = project.machineTranslation;
  if (!mt || mt.state === 'done') return null;
  if (mt.state === 'failed') {
    const next = isMachineOnlyType(project.type)
      ? 'A translator will take over, for the price you paid.'
      : 'The post-editor translates without the machine draft.';
    return (
      <Alert severity="warning" sx={{ mt: 1.5, overflowWrap: 'anywhere' }} data-testid="machine-translation">
        Machine translation failed: {mt.error ?? 'the engine did not answer'}. {next}
      </Alert>
    );
  }
  const counted = mt.segmentsTotal > 0;
  const percent = counted ? Math.round((mt.segmentsDone / mt.segmentsTotal) * 100) : 0;
  return (
    <Alert severity="info" sx={{ mt: 1.5, overflowWrap: 'anywhere' }} data-testid="machine-translation">
      {counted
        ? `Machine translation: ${mt.segmentsDone} of ${mt.segmentsTotal} segments (${mt.wordsDone} of ${mt.wordsTotal} words).`
        : 'Machine translation: starting.'}
      {mt.error && ` Trying again after an error: ${mt.error}`}
      {/* a plain bar: the page's script budget has no room for MUI's LinearProgress */}
      <Box
        role="progressbar"
        aria-label="Machine translation progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        sx={{ mt: 1, height: 6, borderRadius: 3, bgcolor: 'action.hover', minWidth: { xs: 160, sm: 280 } }}
      >
        <Box sx={{ height: 1, width: `${percent}%`, borderRadius: 3, bgcolor: 'info.main' }} />
      </Box>
    </Alert>
  );
}
