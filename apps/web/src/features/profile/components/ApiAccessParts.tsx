import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Field } from '../../../ui/Field';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { API_KEY_SCOPE_LABELS, API_KEY_SCOPES, API_KEY_TEXTS, type WebhookDelivery } from '@parlance/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { toast } from '../../../ui/toast';
import { type ListColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import {
  fieldErrorsOf,
  messageOf,
  useApiKeyScopes,
  useResendDelivery,
  useRevokeApiKey,
  useSaveWebhook,
  webhookDeliveriesQuery,
  webhookQuery,
} from '../api';

// The customer API's settings beside the key and the OAuth client: scopes, revocation, the webhook
// and its recent deliveries.

type Scope = (typeof API_KEY_SCOPES)[number];

export function ScopesEditor({ kind, current }: { kind: 'key' | 'oauth'; current: Scope[] }) {
  const save = useApiKeyScopes();
  const [chosen, setChosen] = useState<Scope[]>(current);
  const changed = chosen.length !== current.length || chosen.some((s) => !current.includes(s));
  const toggle = (scope: Scope) =>
    setChosen((now) => (now.includes(scope) ? now.filter((s) => s !== scope) : [...now, scope]));
  const submit = async () => {
    try {
      await save.mutateAsync({ kind, scopes: chosen });
      toast(API_KEY_TEXTS.scopesSaved, { variant: 'success' });
    } catch (err) {
      toast(messageOf(err, 'Could not save the scopes.'), { variant: 'error' });
    }
  };
  const label = kind === 'key' ? 'API key scopes' : 'OAuth client scopes';
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1 }}>
      <Typography component="legend" variant="body2" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <FormGroup row>
        {API_KEY_SCOPES.map((scope) => (
          <FormControlLabel
            key={scope}
            control={<Checkbox checked={chosen.includes(scope)} onChange={() => toggle(scope)} />}
            label={API_KEY_SCOPE_LABELS[scope]}
          />
        ))}
      </FormGroup>
      {chosen.length === 0 && (
        <Typography variant="body2" color="error">
          {API_KEY_TEXTS.scopesRequired}
        </Typography>
      )}
      <Button
        size="small"
        variant="outlined"
        onClick={() => void submit()}
        disabled={!changed || chosen.length === 0 || save.isPending}
      >
        Save scopes
      </Button>
    </Box>
  );
}

export function RevokeKeyButton({ onRevoked }: { onRevoked: () => void }) {
  const revoke = useRevokeApiKey();
  const [open, setOpen] = useState(false);
  const confirm = async () => {
    try {
      await revoke.mutateAsync();
      setOpen(false);
      onRevoked();
      toast(API_KEY_TEXTS.revoked, { variant: 'success' });
    } catch (err) {
      toast(messageOf(err, 'Could not revoke the key.'), { variant: 'error' });
    }
  };
  return (
    <>
      <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
        Revoke key
      </Button>
      <ConfirmDialog
        open={open}
        title="Revoke the API key?"
        confirmLabel="Revoke"
        danger
        busy={revoke.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      >
        Every call made with this key is refused from now on. Scripts that use it stop working until you give them a new
        key.
      </ConfirmDialog>
    </>
  );
}

const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

const STATUS_COLOR = { delivered: 'success', pending: 'warning', failed: 'error' } as const;

export function WebhookPart() {
  const webhook = useQuery(webhookQuery);
  const save = useSaveWebhook();
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const value = url ?? webhook.data?.url ?? '';
  const submit = async (remove: boolean) => {
    setError(null);
    try {
      await save.mutateAsync(remove ? null : value);
      setUrl(null);
      toast(remove ? API_KEY_TEXTS.webhookRemoved : API_KEY_TEXTS.webhookSaved, { variant: 'success' });
    } catch (err) {
      setError(fieldErrorsOf(err).url ?? messageOf(err, 'Could not save the webhook.'));
    }
  };
  return (
    <div>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        Webhook
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        We POST every project move (started, delivered, completed, cancelled) and every new message to this address,
        signed with the secret below. See the <Link href="/api-docs">API documentation</Link> for the recipe.
      </Typography>
      <Box
        component="form"
        noValidate
        aria-label="Webhook"
        // the saved address fills the field when it arrives: until then the form says it is loading
        aria-busy={webhook.isPending || undefined}
        onSubmit={(e) => {
          e.preventDefault();
          void submit(false);
        }}
      >
        <Field
          label="Webhook URL"
          placeholder="https://example.com/parlance-events"
          value={value}
          onChange={(e) => setUrl(e.target.value)}
          disabled={webhook.isPending}
          error={error !== null}
          helperText={error ?? ' '}
          fullWidth
          sx={{ maxWidth: 560 }}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button type="submit" variant="contained" disabled={save.isPending || value.trim() === ''}>
            Save webhook
          </Button>
          {webhook.data && (
            <Button variant="outlined" color="error" disabled={save.isPending} onClick={() => void submit(true)}>
              Remove webhook
            </Button>
          )}
        </Stack>
      </Box>
      {webhook.data && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            Signing secret
          </Typography>
          <Box
            component="code"
            data-testid="webhook-secret"
            sx={{ display: 'block', p: 1, bgcolor: 'grey.100', borderRadius: 1, wordBreak: 'break-all', fontSize: 14 }}
          >
            {webhook.data.secret}
          </Box>
          <Deliveries />
        </Box>
      )}
    </div>
  );
}

function deliveryColumns(busy: boolean, onResend: (d: WebhookDelivery) => void): ListColumn<WebhookDelivery>[] {
  return [
    { key: 'event', header: 'Event', card: 'title', sx: { overflowWrap: 'anywhere' }, cell: (d) => d.event },
    { key: 'project', header: 'Project', cell: (d) => d.projectId ?? '—' },
    {
      key: 'status',
      header: 'Status',
      card: 'end',
      cell: (d) => <Chip size="small" label={d.status} color={STATUS_COLOR[d.status]} variant="outlined" />,
    },
    { key: 'attempts', header: 'Attempts', cell: (d) => d.attempts },
    {
      key: 'answer',
      header: 'Last answer',
      sx: { overflowWrap: 'anywhere' },
      cell: (d) => d.lastError ?? (d.lastStatus ? `HTTP ${d.lastStatus}` : '—'),
    },
    { key: 'created', header: 'Created', cell: (d) => new Date(d.createdAt).toLocaleString() },
    {
      key: 'actions',
      header: (
        <Box component="span" sx={visuallyHidden}>
          Actions
        </Box>
      ),
      label: '',
      cell: (d) => (
        <Button size="small" disabled={d.status === 'pending' || busy} onClick={() => onResend(d)}>
          Resend
        </Button>
      ),
    },
  ];
}

function Deliveries() {
  const deliveries = useQuery(webhookDeliveriesQuery);
  const resend = useResendDelivery();
  const rows = deliveries.data ?? [];
  const again = async (d: WebhookDelivery) => {
    try {
      await resend.mutateAsync(d.id);
      toast(API_KEY_TEXTS.webhookResent, { variant: 'success' });
    } catch (err) {
      toast(messageOf(err, 'Could not resend.'), { variant: 'error' });
    }
  };
  return (
    <Box sx={{ mt: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography component="h4" variant="body1" sx={{ fontWeight: 700 }}>
          Recent deliveries
        </Typography>
        <Button size="small" onClick={() => void deliveries.refetch()}>
          Refresh
        </Button>
      </Stack>
      {deliveries.error && <Alert severity="error">Could not load the deliveries.</Alert>}
      {!deliveries.isPending && rows.length === 0 && (
        <Typography color="text.secondary">No deliveries yet: they appear when your projects move.</Typography>
      )}
      {rows.length > 0 && (
        <ResponsiveTable
          label="Recent webhook deliveries"
          rows={rows}
          rowKey={(d) => d.id}
          size="small"
          columns={deliveryColumns(resend.isPending, (d) => void again(d))}
        />
      )}
    </Box>
  );
}
