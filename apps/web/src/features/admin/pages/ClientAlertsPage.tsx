import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { Field } from '../../../ui/Field';
import Typography from '@mui/material/Typography';
import {
  CLIENT_ALERT_FLAG_LABELS,
  CLIENT_ALERT_FLAGS,
  CLIENT_ALERT_LABELS,
  CLIENT_ALERT_TEXTS,
  CLIENT_ALERT_TYPES,
  type ClientAlertAnswer,
  type ClientAlertSettings,
  TEXTS,
} from '@parlance/shared';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../../ui/toast';
import { useUserSearch } from '../api';
import { usePermission } from '../../../app/current-user';
import { useClientAlerts, useSaveClientAlerts } from '../client-alerts-api';
import { AdminPageLayout } from '../components/AdminPageLayout';
import { EmptyState } from '../components/EmptyState';
import { useDebouncedValue } from '../../../ui/use-debounced-value';

/** /client-alerts: per customer, which staff are mailed for each alert (am, sales, support). */
export default function ClientAlertsPage() {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('user_id'));
  const userId = Number.isInteger(raw) && raw > 0 ? raw : null;
  const choose = (id: number) => setParams({ user_id: String(id) });

  return (
    <AdminPageLayout>
      <Typography component="h2" variant="h5" sx={{ fontWeight: 700, mb: 0.5 }}>
        Client alerts
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Choose a customer, then who is mailed when each alert is raised for them.
      </Typography>
      <CustomerPicker onChoose={choose} />
      {userId === null ? (
        <EmptyState
          icon={<NotificationsActiveOutlined />}
          title={CLIENT_ALERT_TEXTS.userRequired}
          hint="Search by name, e-mail or user id."
        />
      ) : (
        <AlertSettings userId={userId} />
      )}
    </AdminPageLayout>
  );
}

function CustomerPicker({ onChoose }: { onChoose: (id: number) => void }) {
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), 500);
  const search = useUserSearch(query);
  const found = search.data?.users ?? [];
  return (
    <Box sx={{ mb: 3, maxWidth: 560 }}>
      <Field
        fullWidth
        size="small"
        label="Customer"
        placeholder="Name, e-mail or user id"
        value={text}
        onChange={(e) => setText(e.target.value)}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
      />
      {query !== '' && search.data?.error && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {search.data.error}
        </Typography>
      )}
      {query !== '' && found.length > 0 && (
        <Paper variant="outlined" sx={{ mt: 1 }}>
          <List dense aria-label="Matching users">
            {found.slice(0, 8).map((u) => (
              <ListItemButton
                key={u.ID}
                onClick={() => {
                  onChoose(u.ID);
                  setText('');
                }}
              >
                <ListItemText primary={u.UserName} secondary={`${u.eMail} · id ${u.ID}`} />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      )}
    </Box>
  );
}

function AlertSettings({ userId }: { userId: number }) {
  const current = useClientAlerts(userId);
  const canWrite = usePermission('settings.write');
  if (current.isPending) return <Skeleton variant="rounded" height={220} aria-label="Loading the alert settings" />;
  if (current.error)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => current.refetch()}>
            {TEXTS.retry}
          </Button>
        }
      >
        {current.error.message}
      </Alert>
    );
  return <AlertForm key={userId} answer={current.data} canWrite={canWrite} />;
}

function AlertForm({ answer, canWrite }: { answer: ClientAlertAnswer; canWrite: boolean }) {
  const [draft, setDraft] = useState<ClientAlertSettings>(answer.settings);
  useEffect(() => setDraft(answer.settings), [answer.settings]);
  const save = useSaveClientAlerts(answer.user.id);
  const changed = JSON.stringify(draft) !== JSON.stringify(answer.settings);
  const recipient = (flag: (typeof CLIENT_ALERT_FLAGS)[number]) =>
    answer.recipients[flag] ?? 'no account manager assigned';

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography component="h3" variant="h6" sx={{ fontWeight: 600 }}>
        {answer.user.name}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {answer.user.email} · id {answer.user.id}
        {answer.saved ? '' : ' · defaults (nothing saved yet)'}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' },
          columnGap: 2,
          rowGap: 0.5,
          m: 0,
          mb: 2,
        }}
      >
        {CLIENT_ALERT_FLAGS.map((flag) => (
          <Box key={flag} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
              {CLIENT_ALERT_FLAG_LABELS[flag]}
            </Typography>
            <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {recipient(flag)}
            </Typography>
          </Box>
        ))}
      </Box>
      {CLIENT_ALERT_TYPES.map((alert) => (
        <Box
          key={alert}
          component="fieldset"
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, py: 1, m: 0, mb: 1.5 }}
          data-testid={`alert-${alert}`}
        >
          <Typography component="legend" variant="body2" sx={{ fontWeight: 600, px: 0.5 }}>
            {CLIENT_ALERT_LABELS[alert]}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
            {CLIENT_ALERT_FLAGS.map((flag) => (
              <FormControlLabel
                key={flag}
                label={CLIENT_ALERT_FLAG_LABELS[flag]}
                control={
                  <Checkbox
                    checked={draft[alert][flag]}
                    disabled={!canWrite || save.isPending}
                    onChange={(e) => setDraft((d) => ({ ...d, [alert]: { ...d[alert], [flag]: e.target.checked } }))}
                    slotProps={{
                      input: { 'aria-label': `${CLIENT_ALERT_LABELS[alert]}: ${CLIENT_ALERT_FLAG_LABELS[flag]}` },
                    }}
                  />
                }
              />
            ))}
          </Box>
        </Box>
      ))}
      {save.error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {save.error.message}
        </Alert>
      )}
      {!canWrite && (
        <Alert severity="info" sx={{ mt: 2 }}>
          You can read these settings; changing them needs the settings permission.
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1.5, mt: 2 }}>
        <Button
          variant="contained"
          disabled={!canWrite || !changed || save.isPending}
          onClick={() =>
            save.mutate(draft, { onSuccess: () => toast(CLIENT_ALERT_TEXTS.saved, { variant: 'success' }) })
          }
        >
          Save
        </Button>
        <Button disabled={!changed || save.isPending} onClick={() => setDraft(answer.settings)}>
          Undo changes
        </Button>
      </Box>
    </Paper>
  );
}
