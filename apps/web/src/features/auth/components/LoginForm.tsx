import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { emailError, PATHS, secondFactorCodeError, TEXTS, type UserData } from '@parlance/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { HttpError } from '../../../app/http';
import { TextLink } from '../../../ui/TextLink';
import { login, messageOf } from '../login-api';
import { CaptchaError, useCaptcha } from '../captcha/use-captcha';
import { CaptchaField } from './CaptchaField';
import { PasswordField } from './PasswordField';
import { Field } from '../../../ui/Field';
import { keepFieldFocus } from './keep-field-focus';
import { type Rules, useSmallForm } from '../use-small-form';
import { SecondFactorField } from './SecondFactorField';

// Only shown after a failed sign-in: kept out of the first load of /auth.
const Alert = lazy(() => import('@mui/material/Alert'));

// Sign in (spec 1 sections 4 and 8): e-mail and password, then the authenticator code when the
// server answers 417; server messages are routed to the field they name.

interface LoginValues {
  email: string;
  password: string;
  code: string;
}

type LoginField = keyof LoginValues;

const RULES: Rules<LoginField> = {
  email: (v) => (v.trim() ? emailError(v.trim()) : TEXTS.loginEmailRequired),
  password: (v) => (v ? null : TEXTS.loginPasswordRequired),
  code: secondFactorCodeError,
};
const CREDENTIALS: readonly LoginField[] = ['email', 'password'];
const CODE: readonly LoginField[] = ['email', 'password', 'code'];

const USERNAME_PREFIX = '[username]';
const PASSWORD_PREFIX = '[password]';

export function LoginForm({
  countryByIp,
  onBusyChange,
  onSignedIn,
}: {
  countryByIp: string | null;
  onBusyChange: (busy: boolean) => void;
  onSignedIn: (user: UserData) => Promise<void>;
}) {
  const [needCode, setNeedCode] = useState(false);
  const [commonError, setCommonError] = useState<string | null>(null);
  const captcha = useCaptcha(countryByIp);
  const form = useSmallForm<LoginField>({ email: '', password: '', code: '' }, RULES);
  const { errors, submitting: isSubmitting, field, setError, focus } = form;
  const email = form.values.email;

  useEffect(() => onBusyChange(isSubmitting), [isSubmitting, onBusyChange]);
  useEffect(() => {
    if (needCode) focus('code');
  }, [needCode, focus]);

  function showError(err: unknown) {
    if (err instanceof CaptchaError) return captcha.setError(err.message);
    if (err instanceof HttpError && err.status === 417) {
      if (!needCode) return setNeedCode(true);
      return setError('code', err.message || TEXTS.twoFactorInvalid);
    }
    const message = err instanceof Error ? err.message : '';
    if (message.startsWith(USERNAME_PREFIX)) {
      return setError('email', message.slice(USERNAME_PREFIX.length).trim());
    }
    if (message.startsWith(PASSWORD_PREFIX)) {
      return setError('password', message.slice(PASSWORD_PREFIX.length).trim());
    }
    if (message.startsWith('Captcha')) return captcha.setError(message);
    setCommonError(messageOf(err, TEXTS.incorrectCredentials));
  }

  // the code field is validated only once the server asks for it
  const onSubmit = form.handleSubmit(
    async (values) => {
      setCommonError(null);
      captcha.setError(null);
      try {
        const captchaFields = await captcha.fields();
        const answer = await login({
          username: values.email.trim(),
          pwd: values.password,
          twoFactorAuthCode: needCode ? values.code.trim() : null,
          ...captchaFields,
        });
        await onSignedIn(answer.user);
      } catch (err) {
        if (!(err instanceof CaptchaError)) captcha.failed(err);
        showError(err);
      }
    },
    needCode ? CODE : CREDENTIALS,
  );

  const resetHref = `${PATHS.resetPassword}${email ? `?email=${encodeURIComponent(email.trim())}` : ''}`;

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Sign in">
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
        {commonError && (
          <Suspense fallback={<div role="alert">{commonError}</div>}>
            <Alert severity="error" role="alert">
              {commonError}
            </Alert>
          </Suspense>
        )}
        {needCode ? (
          <>
            <Box component="p" sx={{ typography: 'body2', color: 'text.secondary', m: 0 }}>
              Two-step login is on for this account. {TEXTS.twoFactorRequired}.
            </Box>
            <SecondFactorField {...field('code')} error={errors.code} />
          </>
        ) : (
          <>
            <Field
              fullWidth
              {...field('email')}
              label="Email"
              type="email"
              autoComplete="username"
              autoFocus
              error={!!errors.email}
              helperText={errors.email}
            />
            <Box>
              <PasswordField
                fullWidth
                {...field('password')}
                label="Password"
                autoComplete="current-password"
                error={!!errors.password}
                helperText={errors.password}
              />
              <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
                <TextLink href={resetHref} small onMouseDown={keepFieldFocus}>
                  {TEXTS.forgotPassword}
                </TextLink>
              </Box>
            </Box>
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
          Sign in
        </Button>
        {needCode && (
          <Button
            variant="text"
            onClick={() => {
              setNeedCode(false);
              setError('code', null);
              setCommonError(null);
            }}
            disabled={isSubmitting}
          >
            Use a different account
          </Button>
        )}
      </Box>
    </Box>
  );
}
