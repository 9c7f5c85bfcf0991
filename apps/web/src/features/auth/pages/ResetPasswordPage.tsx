import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { homePathFor, PATHS, passwordError, resetEmailError, secondFactorCodeError, TEXTS } from '@parlance/shared';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useRefreshUser } from '../../../app/current-user';
import { HttpError, resetCsrfToken } from '../../../app/http';
import {
  fieldErrorsOf,
  messageOf,
  useCheckToken,
  useCountriesInfo,
  useRequestResetToken,
  useSetPassword,
} from '../api';
import { CaptchaError, useCaptcha } from '../captcha/use-captcha';
import { AuthCard } from '../components/AuthCard';
import { CaptchaField } from '../components/CaptchaField';
import { Field } from '../../../ui/Field';
import { keepFieldFocus } from '../components/keep-field-focus';
import { PasswordField } from '../components/PasswordField';
import { PasswordHint } from '../components/PasswordHint';
import { AuthForm } from '../components/AuthForm';
import { TextButton, TextLink } from '../../../ui/TextLink';
import { type Rules, useSmallForm } from '../use-small-form';
import { SecondFactorField } from '../components/SecondFactorField';

// /auth/resetPassword (spec 1 sections 2, 4 and 5): without a token, ask for a reset link by e-mail;
// with ?token=, check it and set a new password (?create=1: "Create your password"), which signs in.
// Both forms use the small form hook of sign-in rather than react-hook-form (15 kB of this page's
// first load): validation on leaving a field, then on every change; server errors per field.

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (token) return <SetPasswordView token={token} create={params.get('create') === '1'} />;
  return <RequestLinkView initialEmail={params.get('email') ?? ''} />;
}

// --- request a link ----------------------------------------------------------------------------

const REQUEST_RULES: Rules<'email'> = { email: (v) => resetEmailError(v.trim()) };

function RequestLinkView({ initialEmail }: { initialEmail: string }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const requestToken = useRequestResetToken();
  const form = useSmallForm<'email'>({ email: initialEmail }, REQUEST_RULES);
  const { errors, submitting: isSubmitting } = form;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await requestToken.mutateAsync(email.trim());
      setSentTo(email.trim());
    } catch (err) {
      // The spec's message when the server returns errors; limits and outages keep their own text.
      const recordsError =
        Object.keys(fieldErrorsOf(err)).length > 0 || (err instanceof HttpError && err.status === 404);
      const message = recordsError ? TEXTS.emailNotInRecords : messageOf(err, TEXTS.emailNotInRecords);
      form.setError('email', message);
      form.focus('email');
    }
  });

  if (sentTo) {
    return (
      <AuthCard title="Check your inbox">
        <Stack spacing={2.5} sx={{ alignItems: 'flex-start' }}>
          <MarkEmailReadOutlined color="primary" sx={{ fontSize: 48 }} aria-hidden />
          <Typography role="status">
            We sent a link to <strong>{sentTo}</strong>. Open it to choose a new password; it works once, within the
            next hour.
          </Typography>
          <Typography variant="body2" color="text.secondary">
            No e-mail after a few minutes? Look in your spam folder, or{' '}
            <TextButton onClick={() => setSentTo(null)}>send it again</TextButton>.
          </Typography>
          <Button component={RouterLink} to={PATHS.auth} variant="outlined">
            Back to sign in
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={<TextLink href={PATHS.auth}>Back to sign in</TextLink>}
    >
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Reset your password">
        <Stack spacing={2.5}>
          <Field
            fullWidth
            {...form.field('email')}
            label="Email"
            type="email"
            autoComplete="email"
            autoFocus
            error={!!errors.email}
            helperText={errors.email}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            onMouseDown={keepFieldFocus}
            loading={isSubmitting}
          >
            Send reset link
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}

// --- set a new password ------------------------------------------------------------------------

type SetPasswordField = 'password' | 'repeatPassword' | 'code';

const SET_PASSWORD_RULES: Rules<SetPasswordField> = {
  password: passwordError,
  repeatPassword: (value, values) =>
    !value ? 'Repeat your password' : value === values.password ? null : TEXTS.passwordsDoNotMatch,
  code: secondFactorCodeError,
};
const PASSWORDS: readonly SetPasswordField[] = ['password', 'repeatPassword'];
const WITH_CODE: readonly SetPasswordField[] = ['password', 'repeatPassword', 'code'];

const SERVER_FIELDS: Record<string, SetPasswordField> = {
  password: 'password',
  password_verify: 'repeatPassword',
};

function SetPasswordView({ token, create }: { token: string; create: boolean }) {
  const title = create ? 'Create your password' : 'Choose a new password';
  const check = useCheckToken(token);

  if (check.isPending) {
    return (
      <AuthCard title={title}>
        <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress aria-label="Checking your link" />
        </Box>
      </AuthCard>
    );
  }
  if (check.isError || !check.data) {
    return (
      <AuthCard title="This link cannot be used">
        <Stack spacing={2.5} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="warning" sx={{ width: '100%' }}>
            {check.isError ? messageOf(check.error, TEXTS.resetTokenInvalid) : TEXTS.resetTokenInvalid}
          </Alert>
          <Button component={RouterLink} to={PATHS.resetPassword} variant="contained">
            Request a new link
          </Button>
        </Stack>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={title} subtitle="Use it to sign in from now on.">
      <NewPasswordForm token={token} create={create} />
    </AuthCard>
  );
}

function NewPasswordForm({ token, create }: { token: string; create: boolean }) {
  const navigate = useNavigate();
  const refreshUser = useRefreshUser();
  const countriesInfo = useCountriesInfo();
  const captcha = useCaptcha(countriesInfo.data?.countryByIp);
  const savePassword = useSetPassword();
  const [commonError, setCommonError] = useState<string | null>(null);
  // two-step login: the server answers 417 and nothing changes until the code comes with the form
  const [needCode, setNeedCode] = useState(false);
  // the server's word on the password shows instead of the rules' hint until the password changes
  const [serverPasswordError, setServerPasswordError] = useState<string | null>(null);
  const form = useSmallForm<SetPasswordField>({ password: '', repeatPassword: '', code: '' }, SET_PASSWORD_RULES);
  useEffect(() => {
    if (needCode) form.focus('code');
  }, [needCode, form.focus]);
  const { errors, submitting: isSubmitting } = form;
  const password = form.values.password;
  const passwordServerError =
    serverPasswordError && errors.password === serverPasswordError ? serverPasswordError : null;

  const onSubmit = form.handleSubmit(
    async (v) => {
      setCommonError(null);
      captcha.setError(null);
      try {
        const captchaFields = await captcha.fields();
        const answer = await savePassword.mutateAsync({
          token,
          password: v.password,
          password_verify: v.repeatPassword,
          ...(needCode ? { twoFactorAuthCode: v.code.trim() } : {}),
          ...captchaFields,
        });
        resetCsrfToken();
        await refreshUser();
        navigate(homePathFor(answer.user.type), { replace: true });
      } catch (err) {
        if (err instanceof CaptchaError) return captcha.setError(err.message);
        captcha.failed(err);
        if (err instanceof HttpError && err.status === 417) {
          if (!needCode) return setNeedCode(true);
          return form.setError('code', err.message || TEXTS.twoFactorInvalid);
        }
        let shown = false;
        for (const [key, message] of Object.entries(fieldErrorsOf(err))) {
          if (!message) continue;
          const name = SERVER_FIELDS[key];
          if (name) {
            form.setError(name, message);
            if (name === 'password') setServerPasswordError(message);
          } else if (key === 'captcha') captcha.setError(message);
          else continue;
          shown = true;
        }
        if (shown) return;
        const message = messageOf(err, 'Could not save your password. Please try again.');
        if (message.startsWith('Captcha')) captcha.setError(message);
        else setCommonError(message);
      }
    },
    needCode ? WITH_CODE : PASSWORDS,
  );

  return (
    <AuthForm onSubmit={onSubmit} error={commonError}>
      <PasswordField
        fullWidth
        {...form.field('password')}
        label="New password"
        autoComplete="new-password"
        autoFocus
        error={!!errors.password}
        helperText={passwordServerError ?? <PasswordHint value={password} />}
      />
      <PasswordField
        fullWidth
        {...form.field('repeatPassword')}
        label="Repeat password"
        autoComplete="new-password"
        error={!!errors.repeatPassword}
        helperText={errors.repeatPassword}
      />
      {needCode && (
        <>
          <Alert severity="info">
            Two-step login is on for this account. Your password is not changed until you enter the 6-digit code from
            your authenticator app, or one of your recovery codes.
          </Alert>
          <SecondFactorField {...form.field('code')} error={errors.code} />
        </>
      )}
      <CaptchaField captcha={captcha} />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        onMouseDown={keepFieldFocus}
        loading={isSubmitting}
      >
        {create ? 'Create password' : 'Save password'}
      </Button>
    </AuthForm>
  );
}
