import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { Field } from '../../../ui/Field';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import {
  type AddSubAccountInput,
  addSubAccountInputSchema,
  PROFILE_TEXTS,
  SUB_ACCOUNT_TEXTS,
  type SubAccount,
} from '@parlance/shared';
import { type FormEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatCredits } from '../../../ui/money';
import { toast } from '../../../ui/toast';
import {
  fieldErrorsOf,
  messageOf,
  subAccountsQuery,
  useAddSubAccount,
  useAutoTransfer,
  useRemoveSubAccount,
  useTransfer,
} from '../api';
import { BalanceHistoryCard } from './BalanceHistoryCard';
import { showServerErrors, textField } from './form-field';
import { SectionCard, SectionState } from './SectionCard';

export function SubAccountsSection() {
  const list = useQuery(subAccountsQuery);
  const [transferTo, setTransferTo] = useState<SubAccount | null>(null);
  return (
    <SectionCard
      title="Sub Accounts"
      intro="Separate accounts for your teams or clients: switch to them from the user bar, and move credits to them."
    >
      <Stack spacing={3}>
        <AddForm />
        <SectionState loading={list.isPending} error={list.error} />
        {list.data?.length === 0 && <Typography>No sub-accounts yet.</Typography>}
        {list.data?.map((sub) => (
          <SubAccountRow key={sub.id} sub={sub} onTransfer={() => setTransferTo(sub)} />
        ))}
      </Stack>
      {transferTo && <TransferDialog sub={transferTo} onClose={() => setTransferTo(null)} />}
    </SectionCard>
  );
}

/** #sub_account: the sub-accounts, then the credit history of the account. */
export function SubAccountsWithHistory() {
  return (
    <Stack spacing={3}>
      <SubAccountsSection />
      <BalanceHistoryCard />
    </Stack>
  );
}

function AddForm() {
  const add = useAddSubAccount();
  const { register, handleSubmit, setError, reset, formState } = useForm<AddSubAccountInput>({
    resolver: zodResolver(addSubAccountInputSchema),
    defaultValues: { email: '', name: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
      reset();
      toast(SUB_ACCOUNT_TEXTS.added, { variant: 'success' });
    } catch (err) {
      if (!showServerErrors(fieldErrorsOf(err), setError, ['email', 'name']))
        setError('email', { type: 'server', message: messageOf(err, 'Could not add the sub-account.') });
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Add a sub-account">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
        <Field
          {...textField(register, formState.errors, 'email', 'A new address: the account is created for it')}
          label="Sub-account email"
          type="email"
          required
        />
        <Field {...textField(register, formState.errors, 'name', 'Optional')} label="Name" />
        <Button
          type="submit"
          variant="contained"
          disabled={formState.isSubmitting}
          sx={{ mt: { md: 1 }, flexShrink: 0 }}
        >
          Add sub-account
        </Button>
      </Stack>
    </form>
  );
}

function SubAccountRow({ sub, onTransfer }: { sub: SubAccount; onTransfer: () => void }) {
  const auto = useAutoTransfer();
  const remove = useRemoveSubAccount();
  const fail = (err: unknown) => toast(messageOf(err, 'Could not save.'), { variant: 'error' });
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={`Sub-account ${sub.name}`}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <div>
          <Typography sx={{ fontWeight: 600 }}>{sub.name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {sub.email}
          </Typography>
          <Typography variant="body2" sx={{ mt: 0.5 }} data-testid={`sub-balance-${sub.id}`}>
            Balance: {formatCredits(sub.balance)}
          </Typography>
        </div>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <FormControlLabel
            label="Auto-transfer"
            control={
              <Switch
                checked={sub.autoTransfer}
                onChange={(e) =>
                  void auto
                    .mutateAsync({ id: sub.id, value: e.target.checked })
                    .then(() =>
                      toast(e.target.checked ? SUB_ACCOUNT_TEXTS.autoTransferOn : SUB_ACCOUNT_TEXTS.autoTransferOff, {
                        variant: 'success',
                      }),
                    )
                    .catch(fail)
                }
              />
            }
          />
          <Button variant="outlined" onClick={onTransfer}>
            Transfer credits
          </Button>
          <Button
            color="error"
            onClick={() =>
              void remove
                .mutateAsync(sub.id)
                .then(() => toast(SUB_ACCOUNT_TEXTS.removed))
                .catch(fail)
            }
          >
            Detach
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

function TransferDialog({ sub, onClose }: { sub: SubAccount; onClose: () => void }) {
  const transfer = useTransfer();
  const [credits, setCredits] = useState('');
  const [error, setError] = useState<string | null>(null);
  // one key per dialog: a double click or a retry after a lost answer moves the credits once
  const [key] = useState(() => crypto.randomUUID());
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const amount = Number(credits);
    if (!/^\d+$/.test(credits) || amount <= 0) {
      setError(SUB_ACCOUNT_TEXTS.creditsRequired);
      return;
    }
    setError(null);
    try {
      const answer = await transfer.mutateAsync({ to: sub.id, credits: amount, key });
      if (answer?.status !== 'OK') {
        setError(PROFILE_TEXTS.unableToTransfer);
        return;
      }
      toast(PROFILE_TEXTS.allocationSuccessful, { variant: 'success' });
      onClose();
    } catch (err) {
      toast(messageOf(err, PROFILE_TEXTS.unableToTransfer), { variant: 'error' });
      setError(messageOf(err, PROFILE_TEXTS.unableToTransfer));
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="transfer-title" fullWidth maxWidth="xs">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="transfer-title">Transfer credits to {sub.name}</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <Field
            id="transfer-credits"
            label="Credits"
            value={credits}
            onChange={(e) => setCredits(e.target.value.trim())}
            autoFocus
            fullWidth
            helperText="1 credit = $0.01"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={transfer.isPending}>
            Transfer
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
