import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { PATHS, TEXTS, type UserData } from '@parlance/shared';
import { Suspense, useEffect, useState } from 'react';
import { lazy } from '../../../ui/lazy';
import { HttpError } from '../../../app/http';
import { TextLink } from '../../../ui/TextLink';
import { login, messageOf } from '../login-api';
import { CaptchaError, useCaptcha } from '../captcha/use-captcha';
import { CaptchaField } from './CaptchaField';
import { PasswordField } from './PasswordField';
import { Field } from '../../../ui/Field';
import { keepFieldFocus } from './keep-field-focus';
import { SubmitButton } from './SubmitButton';
import { useZodForm } from '../../../ui/zod-form';
import { useCheckAfterEdit } from '../check-after-edit';
import { SecondFactorField } from './SecondFactorField';

// Only shown after a failed sign-in: kept out of the first load of /auth.
const Alert = lazy(() => import('@mui/material/Alert'));

// Sign in (spec 1 sections 4 and 8): e-mail and password, then the authenticator code when the
// server answers 417; server messages are routed to the field they name. A chunk of its own, with
// react-hook-form (AuthPage loads it as it renders): /auth's first load has no room for it.

const loadSchema = () => import('../form-schemas').then((m) => m.loginFormSchema);

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
  const { register, handleSubmit, setError, clearErrors, setValue, setFocus, trigger, watch, formState } = useZodForm(
    loadSchema,
    { defaultValues: { email: '', password: '', code: '', withCode: false } },
  );
  const checks = useCheckAfterEdit(trigger);
  const { errors, isSubmitting } = formState;
  const email = watch('email') ?? '';

  useEffect(() => onBusyChange(isSubmitting), [isSubmitting, onBusyChange]);
  useEffect(() => {
    setValue('withCode', needCode);
    if (needCode) setFocus('code');
  }, [needCode, setValue, setFocus]);

  function showError(err: unknown) {
    if (err instanceof CaptchaError) return captcha.setError(err.message);
    if (err instanceof HttpError && err.status === 417) {
      if (!needCode) return setNeedCode(true);
      return setError('code', { type: 'server', message: err.message || TEXTS.twoFactorInvalid });
    }
    const message = err instanceof Error ? err.message : '';
    if (message.startsWith(USERNAME_PREFIX)) {
      return setError('email', { type: 'server', message: message.slice(USERNAME_PREFIX.length).trim() });
    }
    if (message.startsWith(PASSWORD_PREFIX)) {
      return setError('password', { type: 'server', message: message.slice(PASSWORD_PREFIX.length).trim() });
    }
    if (message.startsWith('Captcha')) return captcha.setError(message);
    setCommonError(messageOf(err, TEXTS.incorrectCredentials));
  }

  // the code field is validated only once the server asks for it
  const onSubmit = handleSubmit(async (values) => {
    setCommonError(null);
    captcha.setError(null);
    try {
      const captchaFields = await captcha.fields();
      const answer = await login({
        username: values.email,
        pwd: values.password,
        twoFactorAuthCode: values.withCode ? values.code : null,
        ...captchaFields,
      });
      await onSignedIn(answer.user);
    } catch (err) {
      if (!(err instanceof CaptchaError)) captcha.failed(err);
      showError(err);
    }
  });

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
            <SecondFactorField {...register('code', checks('code'))} error={errors.code?.message} />
          </>
        ) : (
          <>
            <Field
              fullWidth
              {...register('email', checks('email'))}
              label="Email"
              type="email"
              autoComplete="username"
              autoFocus
              error={!!errors.email}
              helperText={errors.email?.message}
            />
            <Box>
              <PasswordField
                fullWidth
                {...register('password', checks('password'))}
                label="Password"
                autoComplete="current-password"
                error={!!errors.password}
                helperText={errors.password?.message}
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
        <SubmitButton loading={isSubmitting}>Sign in</SubmitButton>
        {needCode && (
          <Button
            variant="text"
            onClick={() => {
              setNeedCode(false);
              clearErrors('code');
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
