import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { type QaWarning, WORKBENCH_TEXTS, type WorkbenchSegment } from '@parlance/shared';
import { useState } from 'react';
import { HttpError, messageOf } from '../../../app/http';
import { useJobQa } from '../api';

// Delivering from the editor: the job's quality warnings first (GET …/qa), which the person accepts
// before the delivery (POST …/deliver with acceptWarnings); segments not yet confirmed are named,
// and the delivery waits for them.

const SHOWN = 30;

interface Props {
  open: boolean;
  projectId: number;
  unconfirmed: readonly WorkbenchSegment[];
  unsaved: number;
  onGoTo(segmentId: number): void;
  onDeliver(acceptWarnings: boolean): Promise<void>;
  onClose(): void;
}

function warningsOf(err: unknown): QaWarning[] | null {
  if (!(err instanceof HttpError) || err.status !== 409 || !err.body || typeof err.body !== 'object') return null;
  const w = (err.body as { warnings?: unknown }).warnings;
  return Array.isArray(w) ? (w as QaWarning[]) : null;
}

export function DeliverWorkDialog({ open, projectId, unconfirmed, unsaved, onGoTo, onDeliver, onClose }: Props) {
  const qa = useJobQa(projectId, open);
  const [accepted, setAccepted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [late, setLate] = useState<QaWarning[] | null>(null);
  const warnings = late ?? qa.data?.warnings ?? [];
  const blocked = unconfirmed.length > 0 || unsaved > 0;

  async function deliver() {
    setBusy(true);
    setProblem(null);
    try {
      await onDeliver(warnings.length > 0 && accepted);
    } catch (err) {
      const more = warningsOf(err);
      if (more) {
        setLate(more);
        setAccepted(false);
      }
      setProblem(messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  const goTo = (id: number) => {
    onClose();
    onGoTo(id);
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="wb-deliver-title" fullWidth maxWidth="sm">
      <DialogTitle id="wb-deliver-title">Deliver the translation</DialogTitle>
      <DialogContent>
        {qa.isFetching && <LinearProgress aria-label="Checking the translation" sx={{ mb: 2 }} />}
        {unconfirmed.length > 0 && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            <Typography variant="body2">{WORKBENCH_TEXTS.unconfirmed(unconfirmed.length)}:</Typography>
            <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
              {unconfirmed.slice(0, SHOWN).map((s) => (
                <Link key={s.id} component="button" type="button" variant="body2" onClick={() => goTo(s.id)}>
                  Segment {s.ordinal}
                </Link>
              ))}
              {unconfirmed.length > SHOWN && (
                <Typography variant="body2">and {unconfirmed.length - SHOWN} more</Typography>
              )}
            </Box>
          </Alert>
        )}
        {unsaved > 0 && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {unsaved === 1 ? 'A segment is' : `${unsaved} segments are`} still being saved or wait for your choice
            between two versions.
          </Alert>
        )}
        {qa.error ? <Alert severity="error">{messageOf(qa.error)}</Alert> : null}
        {qa.data && warnings.length === 0 && !blocked && (
          <Typography>
            The quality checks found nothing to look at. The files are made in their original format.
          </Typography>
        )}
        {warnings.length > 0 && (
          <>
            <Typography sx={{ mb: 1 }}>
              {warnings.length === 1 ? 'One quality warning' : `${warnings.length} quality warnings`} to look at:
            </Typography>
            <Box
              component="ul"
              aria-label="Quality warnings"
              sx={{
                m: 0,
                pl: 2.5,
                maxHeight: 280,
                overflow: 'auto',
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                py: 1,
              }}
            >
              {warnings.map((w) => (
                <Typography
                  component="li"
                  variant="body2"
                  key={`${w.segmentId}-${w.check}-${w.message}`}
                  sx={{ mb: 0.5 }}
                >
                  <Link component="button" type="button" variant="body2" onClick={() => goTo(w.segmentId)}>
                    Segment {w.ordinal}
                  </Link>
                  : {w.message}
                </Typography>
              ))}
            </Box>
            <FormControlLabel
              sx={{ mt: 1 }}
              control={<Checkbox checked={accepted} onChange={(e) => setAccepted(e.target.checked)} />}
              label="I have looked at these warnings and deliver anyway"
            />
          </>
        )}
        {problem && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {problem}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Not yet</Button>
        <Button
          variant="contained"
          onClick={deliver}
          loading={busy}
          disabled={blocked || !qa.data || (warnings.length > 0 && !accepted)}
        >
          Deliver
        </Button>
      </DialogActions>
    </Dialog>
  );
}
