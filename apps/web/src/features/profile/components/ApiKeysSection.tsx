import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Field } from '../../../ui/Field';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { API_KEY_TEXTS, type ApiKeysState, type OauthClientInput, oauthClientInputSchema } from '@parlance/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../ui/toast';
import { apiKeysQuery, fieldErrorsOf, messageOf, useGenerateApiKey, useOauthClient } from '../api';
import { textField } from './form-field';
import { SectionCard, SectionState } from './SectionCard';
import { RevokeKeyButton, ScopesEditor, WebhookPart } from './ApiAccessParts';
import { AuthorizedAppsPart } from './AuthorizedAppsPart';

const when = (iso: string) => new Date(iso).toLocaleString();

/** A secret shown once, in a box that is easy to select and copy. */
function OneTimeSecret({ label, value }: { label: string; value: string }) {
  const copy = () =>
    void navigator.clipboard?.writeText(value).then(
      () => toast('Copied', { variant: 'success' }),
      () => toast('Select the text and copy it', { variant: 'info' }),
    );
  return (
    <Box sx={{ my: 1 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Box
          component="code"
          data-testid={`secret-${label}`}
          sx={{ p: 1, bgcolor: 'grey.100', borderRadius: 1, wordBreak: 'break-all', fontSize: 14, flex: 1 }}
        >
          {value}
        </Box>
        <Button size="small" onClick={copy}>
          Copy
        </Button>
      </Stack>
    </Box>
  );
}

export function ApiKeysSection() {
  const keys = useQuery(apiKeysQuery);
  return (
    <SectionCard title="API Keys" intro="Order and follow projects from your own systems through the Parlance API.">
      <Typography sx={{ mb: 2 }}>
        How to call it: the <Link href="/api-docs">API documentation</Link>.
      </Typography>
      <SectionState loading={keys.isPending} error={keys.error} />
      {keys.data && (
        <Stack spacing={3}>
          <ApiKeyPart state={keys.data} />
          <Divider />
          <OauthPart state={keys.data} />
          <Divider />
          <AuthorizedAppsPart />
          <Divider />
          <WebhookPart />
        </Stack>
      )}
    </SectionCard>
  );
}

function ApiKeyPart({ state }: { state: ApiKeysState }) {
  const generate = useGenerateApiKey();
  const [shown, setShown] = useState<string | null>(null);
  const run = async (reset: boolean) => {
    try {
      const answer = await generate.mutateAsync(reset);
      setShown(answer.token_api);
    } catch (err) {
      toast(messageOf(err, 'Could not create the key.'), { variant: 'error' });
    }
  };
  return (
    <div>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        API key
      </Typography>
      {shown && (
        <Alert severity="warning" sx={{ my: 1 }}>
          {API_KEY_TEXTS.created}
          <OneTimeSecret label="API key" value={shown} />
        </Alert>
      )}
      {state.apiKey ? (
        <>
          <Typography sx={{ my: 1 }}>
            Key <code>{`${state.apiKey.prefix}…${state.apiKey.hint}`}</code>, created {when(state.apiKey.createdAt)}
            {state.apiKey.lastUsedAt ? `, last used ${when(state.apiKey.lastUsedAt)}` : ', never used yet'}.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button variant="outlined" color="warning" onClick={() => void run(true)} disabled={generate.isPending}>
              Reset key
            </Button>
            <RevokeKeyButton onRevoked={() => setShown(null)} />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Resetting rotates the key: you get a new one and the current one stops working at once.
          </Typography>
          <ScopesEditor key={state.apiKey.scopes.join()} kind="key" current={state.apiKey.scopes} />
        </>
      ) : (
        <>
          <Typography sx={{ my: 1 }}>You have no API key yet.</Typography>
          <Button variant="contained" onClick={() => void run(false)} disabled={generate.isPending}>
            Generate API key
          </Button>
        </>
      )}
    </div>
  );
}

function OauthPart({ state }: { state: ApiKeysState }) {
  const mutation = useOauthClient();
  const [created, setCreated] = useState<{ clientId: string; clientSecret: string } | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<OauthClientInput>({
    resolver: zodResolver(oauthClientInputSchema),
    defaultValues: { redirect_uri: state.oauth?.redirectUri ?? '', name: state.oauth?.name ?? '' },
  });
  const { errors, isSubmitting } = formState;
  const submit = (create: boolean) =>
    handleSubmit(async (values) => {
      try {
        const answer = await mutation.mutateAsync({
          redirectUri: values.redirect_uri,
          name: values.name ?? '',
          create,
        });
        if (answer) setCreated(answer);
        else toast(API_KEY_TEXTS.redirectUpdated, { variant: 'success' });
      } catch (err) {
        const message = fieldErrorsOf(err).redirect_uri ?? messageOf(err, 'Could not save the OAuth client.');
        setError('redirect_uri', { type: 'server', message });
      }
    });

  return (
    <form noValidate onSubmit={submit(!state.oauth)} aria-label="OAuth client">
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        OAuth client
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        Client credentials: your own server gets tokens at <code>/api/v1/oauth/token</code> with the client ID and
        secret, and acts as you.
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        Authorization code with PKCE: your application sends a customer to <code>/oauth/authorize</code>. After they
        allow it, we send them back to exactly this redirect uri with a one-time code, which your application exchanges
        at <code>/api/v1/oauth/token</code> for tokens that act for that customer. We never send anyone to another
        address.
      </Typography>
      {created && (
        <Alert severity="warning" sx={{ my: 1 }}>
          {API_KEY_TEXTS.oauthCreated}
          <OneTimeSecret label="Client ID" value={created.clientId} />
          <OneTimeSecret label="Client secret" value={created.clientSecret} />
        </Alert>
      )}
      {state.oauth && !created && (
        <Typography sx={{ mb: 1 }}>
          Client ID <code>{state.oauth.clientId}</code>, created {when(state.oauth.createdAt)}.
        </Typography>
      )}
      {state.oauth && <ScopesEditor key={state.oauth.scopes.join()} kind="oauth" current={state.oauth.scopes} />}
      <Stack spacing={2} sx={{ maxWidth: 560 }}>
        <Field
          {...textField(register, errors, 'name', 'Shown to customers when your application asks for access')}
          label="Application name"
        />
        <Field
          {...textField(register, errors, 'redirect_uri', 'https://… (http:// only for localhost)')}
          label="Redirect uri"
          required
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
        {state.oauth ? (
          <>
            <Button type="submit" variant="contained" disabled={isSubmitting}>
              Save changes
            </Button>
            <Button variant="outlined" color="warning" disabled={isSubmitting} onClick={() => void submit(true)()}>
              New client secret
            </Button>
          </>
        ) : (
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            Create OAuth client
          </Button>
        )}
      </Stack>
    </form>
  );
}
