import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { SelectField } from '../../../ui/SelectField';
import Typography from '@mui/material/Typography';
import { ACCOUNT_MANAGER_TEXTS, STAFF_TEXTS } from '@parlance/shared';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAccountManager, useAssignAccountManager } from '../backoffice-api';
import { usePermission } from '../../../app/current-user';

const NONE = 'none';

/** A customer's account manager on /admin/{id}: shown to all staff, changed with users.act. */
export function AccountManagerPanel({ uid }: { uid: string }) {
  const state = useAccountManager(uid, true);
  const canWrite = usePermission('users.act');
  const assign = useAssignAccountManager(uid);
  const [choice, setChoice] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const current = state.data?.accountManager ? String(state.data.accountManager.id) : NONE;
  const selected = choice ?? current;

  if (state.error) return <Alert severity="error">{state.error.message}</Alert>;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-labelledby="account-manager-title">
      <Typography id="account-manager-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {ACCOUNT_MANAGER_TEXTS.title}
      </Typography>
      {!state.data ? (
        <Skeleton width={240} />
      ) : canWrite ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <SelectField
            size="small"
            label={ACCOUNT_MANAGER_TEXTS.title}
            value={selected}
            onChange={(e) => {
              setChoice(e.target.value);
              setDone('');
            }}
            sx={{ minWidth: { sm: 280 } }}
          >
            <option value={NONE}>{ACCOUNT_MANAGER_TEXTS.none}</option>
            {state.data.candidates.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name} ({c.email})
              </option>
            ))}
          </SelectField>
          <Button
            variant="contained"
            disabled={selected === current || assign.isPending}
            onClick={() =>
              assign.mutate(selected === NONE ? null : Number(selected), {
                onSuccess: (answer) => {
                  setChoice(null);
                  setDone(
                    answer.results.accountManager ? ACCOUNT_MANAGER_TEXTS.assigned : ACCOUNT_MANAGER_TEXTS.unassigned,
                  );
                },
              })
            }
          >
            Save
          </Button>
          {state.data.accountManager && (
            <Link
              component={RouterLink}
              to={`/admin/account-managers/${state.data.accountManager.id}`}
              underline="hover"
            >
              Their customers
            </Link>
          )}
        </Stack>
      ) : (
        <Stack spacing={0.5}>
          <Typography>
            {state.data.accountManager ? (
              <Link
                component={RouterLink}
                to={`/admin/account-managers/${state.data.accountManager.id}`}
                underline="hover"
              >
                {state.data.accountManager.name} ({state.data.accountManager.email})
              </Link>
            ) : (
              ACCOUNT_MANAGER_TEXTS.none
            )}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {STAFF_TEXTS.readOnly}
          </Typography>
        </Stack>
      )}
      {assign.error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {assign.error.message}
        </Alert>
      )}
      {done && (
        <Alert severity="success" sx={{ mt: 1 }} role="status">
          {done}
        </Alert>
      )}
    </Paper>
  );
}
