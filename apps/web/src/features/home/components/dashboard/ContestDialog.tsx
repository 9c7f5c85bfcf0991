import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { Field } from '../../../../ui/Field';
import Typography from '@mui/material/Typography';
import { type AffectedProject, LEVELING_AFFECT_LABELS } from '@parlance/shared';
import { useState } from 'react';
import { messageOf } from '../../../../app/http';
import { toast } from '../../../../ui/toast';
import { useContest } from '../../dashboard-api';
import { affectValue } from './affect-value';

export function ContestDialog({ item, onClose }: { item: AffectedProject; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const contest = useContest();
  const send = () =>
    contest.mutate(
      { projectId: item.projectId, entityId: item.entityId, attribute: item.attribute, reason },
      {
        onSuccess: (answer) => {
          toast(answer.message, { variant: 'success' });
          onClose();
        },
        onError: (err) => toast(messageOf(err), { variant: 'error' }),
      },
    );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="contest-title">
      <DialogTitle id="contest-title">Contest “{item.name}”</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {LEVELING_AFFECT_LABELS[item.attribute]} {affectValue(item)}. The quality team reviews your contest; if they
          accept it, this no longer counts for your level.
        </Typography>
        <Field
          label="Why (optional)"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          multiline
          minRows={3}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={send} disabled={contest.isPending}>
          Send contest
        </Button>
      </DialogActions>
    </Dialog>
  );
}
