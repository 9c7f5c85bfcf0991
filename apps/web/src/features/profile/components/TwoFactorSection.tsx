import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Field } from '../../../ui/Field';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Download from '@mui/icons-material/Download';
import { PROFILE_TEXTS, secondFactorCodeError, TEXTS } from '@parlance/shared';
import qrcode from 'qrcode-generator';
import { type FormEvent, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useRefreshUser } from '../../../app/current-user';
import { toast } from '../../../ui/toast';
import {
  fieldErrorsOf,
  messageOf,
  recoveryCodesLeftQuery,
  type TwoFactorAction,
  twoFactorSetupQuery,
  useMoveTwoFactor,
  useStartTwoFactorMove,
  useTwoFactor,
} from '../api';
import { SectionCard, SectionState } from './SectionCard';

function qrDataUrl(text: string): string {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  return qr.createDataURL(5, 4);
}

const RECOVERY_CODE = /^[a-z0-9]{4}-?[a-z0-9]{4}-?[a-z0-9]{4}$/i;

/**
 * The code field and its submit; the server's message is shown when the code is refused. With
 * allowRecovery, one of the recovery codes is accepted too (turning off after losing the phone).
 */
/** Step 1 of adding Parlance to an authenticator app: the QR code, and the key to type instead. */
function AuthenticatorKey(props: { qr: string; secret: string; app: string; alt: string; testId: string }) {
  return (
    <>
      <Typography>1. Scan this QR code with {props.app}, or type the key below.</Typography>
      <Box
        component="img"
        src={props.qr}
        alt={props.alt}
        sx={{ width: 180, height: 180, imageRendering: 'pixelated' }}
      />
      <Typography component="div">
        Key:{' '}
        <Box component="code" data-testid={props.testId} sx={{ fontSize: 15, wordBreak: 'break-all' }}>
          {props.secret}
        </Box>
      </Typography>
    </>
  );
}

function CodeForm({
  action,
  label,
  onDone,
  allowRecovery = false,
}: {
  action: TwoFactorAction;
  label: string;
  onDone: (recoveryCodes: string[] | undefined) => void;
  allowRecovery?: boolean;
}) {
  const mutation = useTwoFactor(action);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const clean = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(clean) && !(allowRecovery && RECOVERY_CODE.test(clean))) {
      setError(allowRecovery ? TEXTS.twoFactorCodeOrRecovery : TEXTS.twoFactorRequired);
      return;
    }
    setError(null);
    try {
      const answer = await mutation.mutateAsync(clean);
      setCode('');
      onDone(answer.results.recoveryCodes);
    } catch (err) {
      setError(messageOf(err, 'The code was not accepted.'));
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={label}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Field
          id={`tfa-code-${action}`}
          label={allowRecovery ? 'Code or recovery code' : '6-digit code'}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={!!error}
          helperText={error ?? ' '}
          autoComplete="one-time-code"
          slotProps={{ htmlInput: allowRecovery ? { maxLength: 20 } : { inputMode: 'numeric', maxLength: 7 } }}
        />
        <Button type="submit" variant="contained" disabled={mutation.isPending} sx={{ mt: { sm: 1 } }}>
          {label}
        </Button>
      </Stack>
    </Box>
  );
}

export function TwoFactorEnableSection() {
  const setup = useQuery(twoFactorSetupQuery);
  const client = useQueryClient();
  const refreshUser = useRefreshUser();
  const navigate = useNavigate();
  const qr = useMemo(() => (setup.data ? qrDataUrl(setup.data.uri) : null), [setup.data]);
  // shown once, right after turning on: the section switches to "on" only when the user is done
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const turnedOn = (codes: string[] | undefined) => {
    toast(PROFILE_TEXTS.twoFactorOn, { variant: 'success' });
    setRecoveryCodes(codes ?? []);
  };
  const done = async () => {
    client.removeQueries({ queryKey: twoFactorSetupQuery.queryKey });
    await refreshUser();
    navigate({ hash: '#tfa_disable' }, { replace: true });
  };

  if (recoveryCodes) {
    return (
      <SectionCard title="2-Step Login" intro="2-step login is on.">
        <RecoveryCodes codes={recoveryCodes} />
        <Button variant="contained" sx={{ mt: 2 }} onClick={() => void done()}>
          I have saved my recovery codes
        </Button>
      </SectionCard>
    );
  }

  return (
    <SectionCard
      title="2-Step Login"
      intro="Sign in with your password and a code from an authenticator app (Google Authenticator, 1Password, Authy…)."
    >
      <SectionState loading={setup.isPending} error={setup.error} />
      {setup.data && qr && (
        <Stack spacing={2}>
          <AuthenticatorKey
            qr={qr}
            secret={setup.data.secret}
            app="the app"
            alt="QR code to add Parlance to your authenticator app"
            testId="tfa-secret"
          />
          <Typography>2. Enter the code the app shows.</Typography>
          <CodeForm action="enable" label="Turn on 2-step login" onDone={turnedOn} />
        </Stack>
      )}
    </SectionCard>
  );
}

/** The recovery codes in plain text, with copy and download: the only time they are shown. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  const text = codes.join('\n');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast('Recovery codes copied', { variant: 'success' });
    } catch {
      // no clipboard (an insecure origin or a refused permission): the codes are on screen to copy by hand
      toast('Could not copy: select the codes and copy them by hand', { variant: 'warning' });
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([`Parlance recovery codes\n\n${text}\n`], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'parlance-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack spacing={2}>
      <Alert severity="warning">
        Save these {codes.length} recovery codes somewhere safe. Each one signs you in once in place of a code from your
        app, if you lose your phone. They are shown only now.
      </Alert>
      <Box
        component="ol"
        aria-label="Recovery codes"
        data-testid="recovery-codes"
        sx={{
          m: 0,
          p: 2,
          pl: 5,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          columnGap: 4,
          rowGap: 0.5,
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontFamily: 'monospace',
          fontSize: 16,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<ContentCopy />} onClick={() => void copy()}>
          Copy
        </Button>
        <Button variant="outlined" startIcon={<Download />} onClick={download}>
          Download
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * Moving to a new phone (the spec's "reset with old and new codes"): the new app's secret, then a
 * code from the old app (or a recovery code, for a lost phone) and one from the new app.
 */
function MoveToNewApp() {
  const start = useStartTwoFactorMove();
  const move = useMoveTwoFactor();
  const [oldCode, setOldCode] = useState('');
  const [newCode, setNewCode] = useState('');
  const [errors, setErrors] = useState<{ code?: string; new_code?: string; common?: string }>({});
  const [moved, setMoved] = useState(false);
  const secret = start.data;
  const qr = useMemo(() => (secret ? qrDataUrl(secret.uri) : null), [secret]);

  if (moved) return <Alert severity="success">2-step login now uses your new authenticator app.</Alert>;
  if (!secret || !qr) {
    return (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography>Got a new phone? Add Parlance to the new app, then confirm with a code from each.</Typography>
        <Button variant="outlined" onClick={() => start.mutate()} loading={start.isPending}>
          Move to a new app
        </Button>
        {start.error && <Alert severity="error">{messageOf(start.error, 'Could not start. Please try again.')}</Alert>}
      </Stack>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const code = oldCode.replace(/\s+/g, '');
    const next = newCode.replace(/\s+/g, '');
    const found = {
      code: secondFactorCodeError(code) ?? undefined,
      new_code: /^\d{6}$/.test(next) ? undefined : TEXTS.twoFactorRequired,
    };
    setErrors(found);
    if (found.code || found.new_code) return;
    try {
      await move.mutateAsync({ code, new_code: next });
      setMoved(true);
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (fields.code || fields.new_code) setErrors({ code: fields.code, new_code: fields.new_code });
      else setErrors({ common: messageOf(err, 'The codes were not accepted.') });
    }
  };

  return (
    <Stack spacing={2} component="form" noValidate onSubmit={submit} aria-label="Move to a new app">
      <AuthenticatorKey
        qr={qr}
        secret={secret.secret}
        app="the new app"
        alt="QR code to add Parlance to your new authenticator app"
        testId="tfa-new-secret"
      />
      <Typography>2. Enter a code from each app.</Typography>
      {errors.common && <Alert severity="error">{errors.common}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Field
          id="tfa-move-old"
          label="Code from the current app or a recovery code"
          value={oldCode}
          onChange={(e) => setOldCode(e.target.value)}
          error={!!errors.code}
          helperText={errors.code ?? ' '}
          autoComplete="one-time-code"
          sx={{ minWidth: { sm: 300 } }}
          slotProps={{ htmlInput: { maxLength: 20 } }}
        />
        <Field
          id="tfa-move-new"
          label="Code from the new app"
          value={newCode}
          onChange={(e) => setNewCode(e.target.value)}
          error={!!errors.new_code}
          helperText={errors.new_code ?? ' '}
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
        />
      </Stack>
      <Box>
        <Button type="submit" variant="contained" loading={move.isPending}>
          Move 2-step login
        </Button>
      </Box>
    </Stack>
  );
}

export function TwoFactorDisableSection() {
  const refreshUser = useRefreshUser();
  const navigate = useNavigate();
  const left = useQuery(recoveryCodesLeftQuery);
  const [fresh, setFresh] = useState<string[] | null>(null);
  const done = async () => {
    await refreshUser();
    toast(PROFILE_TEXTS.twoFactorOff, { variant: 'success' });
    navigate({ hash: '#tfa_enable' }, { replace: true });
  };
  const remaining = left.data?.recoveryCodesLeft;
  return (
    <SectionCard
      title="2-Step Login"
      intro="2-step login is on: signing in asks for a code from your authenticator app."
    >
      <Alert severity="success" sx={{ mb: 2 }}>
        Your account is protected by 2-step login.
      </Alert>
      <Typography sx={{ mb: 2 }}>
        To turn it off, enter a current code from your app, or one of your recovery codes if you lost your phone.
      </Typography>
      <CodeForm action="disable" label="Turn off 2-step login" allowRecovery onDone={() => void done()} />

      <Typography variant="h6" component="h3" sx={{ mt: 3, mb: 1 }}>
        New phone
      </Typography>
      <MoveToNewApp />

      <Typography variant="h6" component="h3" sx={{ mt: 3, mb: 1 }}>
        Recovery codes
      </Typography>
      {remaining !== undefined && (
        <Typography
          data-testid="recovery-codes-left"
          color={remaining <= 3 ? 'warning.main' : undefined}
          sx={{ mb: 2 }}
        >
          {remaining === 1 ? '1 recovery code left.' : `${remaining} recovery codes left.`}
          {remaining <= 3 && ' Make new ones before you run out.'}
        </Typography>
      )}
      {fresh ? (
        <RecoveryCodes codes={fresh} />
      ) : (
        <>
          <Typography sx={{ mb: 2 }}>
            New recovery codes replace the old ones. Enter a current code from your app.
          </Typography>
          <CodeForm action="regenerate" label="Make new recovery codes" onDone={(codes) => setFresh(codes ?? [])} />
        </>
      )}
    </SectionCard>
  );
}
