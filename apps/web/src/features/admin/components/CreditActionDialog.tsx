import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { Field } from '../../../ui/Field';
import { SelectField } from '../../../ui/SelectField';
import { CREDIT_ACTION_KINDS, CREDIT_ACTION_RULES, CREDIT_ACTION_TEXTS, type CreditAction } from '@parlance/shared';
import { type FormEvent, useState } from 'react';
import { useAddCreditAction, useEditCreditAction, useReasons } from '../backoffice-api';

/** New credit action (no `action`) or the edit of one: type, reason of the type, amount, remarks. */
export function CreditActionDialog({
  uid,
  action,
  onClose,
}: {
  uid: string;
  action: CreditAction | null;
  onClose: (saved: boolean) => void;
}) {
  const editing = action !== null;
  const [type, setType] = useState(action?.type ?? '');
  const [reason, setReason] = useState(action?.reason ?? '');
  const [amount, setAmount] = useState(action ? String(Math.abs(action.amount)) : '');
  const [remarks, setRemarks] = useState(action?.Remarks ?? '');
  const [recurrence, setRecurrence] = useState('none');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const reasons = useReasons(type);
  const add = useAddCreditAction(uid);
  const edit = useEditCreditAction(uid);
  const saving = add.isPending || edit.isPending;
  const failure = add.error ?? edit.error;
  const clear = (field: string) => setErrors(({ [field]: _, ...rest }) => rest);
  const recurring = type !== '' && CREDIT_ACTION_RULES[type as keyof typeof CREDIT_ACTION_RULES]?.recurring;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!type) next.type = CREDIT_ACTION_TEXTS.typeRequired;
    if (!reason) next.reason = CREDIT_ACTION_TEXTS.reasonRequired;
    if (!amount.trim()) next.amount = CREDIT_ACTION_TEXTS.amountRequired;
    else if (!/^\d+$/.test(amount.trim()) || Number(amount) < 1) next.amount = CREDIT_ACTION_TEXTS.amountPositive;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const done = { onSuccess: () => onClose(true) };
    if (action) edit.mutate({ id: action.Id, reason, amount: amount.trim(), remarks }, done);
    else add.mutate({ type, reason, amount: amount.trim(), remarks, recurrence }, done);
  };

  return (
    <Dialog
      open
      onClose={() => onClose(false)}
      fullWidth
      maxWidth="sm"
      slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as object }}
    >
      <DialogTitle>{editing ? `Edit credit action #${action.Id}` : 'New credit action'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {failure && <Alert severity="error">{failure.message}</Alert>}
          <SelectField
            label="Type"
            required
            value={type}
            disabled={editing}
            onChange={(e) => {
              setType(e.target.value);
              clear('type');
              setReason('');
              setRecurrence('none');
            }}
            error={!!errors.type}
            helperText={errors.type}
          >
            {CREDIT_ACTION_KINDS.map((k) => (
              <option key={k} value={k}>
                {CREDIT_ACTION_RULES[k].label}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Reason"
            required
            value={reason}
            disabled={!type}
            onChange={(e) => {
              setReason(e.target.value);
              clear('reason');
            }}
            error={!!errors.reason}
            helperText={errors.reason ?? (type ? undefined : 'Choose a type first')}
          >
            {(reasons.data?.results ?? []).map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
            {reason && !reasons.data && <option value={reason}>{reason}</option>}
          </SelectField>
          <Field
            label="Amount (credits)"
            required
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value);
              clear('amount');
            }}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            error={!!errors.amount}
            helperText={errors.amount ?? (editing ? 'A change is posted as a correction' : '1 credit = $0.01')}
          />
          <Field label="Remarks" value={remarks} onChange={(e) => setRemarks(e.target.value)} multiline minRows={2} />
          {!editing && recurring && (
            <SelectField label="Repeat" value={recurrence} onChange={(e) => setRecurrence(e.target.value)}>
              <option value="none">Once</option>
              <option value="weekly">Every week until stopped</option>
              <option value="monthly">Every month until stopped</option>
            </SelectField>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
