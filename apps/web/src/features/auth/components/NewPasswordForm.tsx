import Alert from '@mui/material/Alert';
import { homePathFor, TEXTS } from '@parlance/shared';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useRefreshUser } from '../../../app/current-user';
import { HttpError, resetCsrfToken } from '../../../app/http';
import { useZodForm } from '../../../ui/zod-form';
import { fieldErrorsOf, messageOf, useCountriesInfo, useSetPassword } from '../api';
import { CaptchaError, useCaptcha } from '../captcha/use-captcha';
import { useCheckAfterEdit } from '../check-after-edit';
import { AuthForm } from './AuthForm';
import { CaptchaField } from './CaptchaField';
import { SubmitButton } from './SubmitButton';
import { PasswordField } from './PasswordField';
import { PasswordHint } from './PasswordHint';
import { SecondFactorField } from './SecondFactorField';

// A new password from a mailed link (spec 1 sections 4 and 5), which signs in; two-step accounts
// send the code with it after the server's 417. A chunk of its own, with react-hook-form.

const loadSchema = () => import('../form-schemas').then((m) => m.setPasswordFormSchema);

const SERVER_FIELDS: Record<string, 'password' | 'repeatPassword'> = {
  password: 'password',
  password_verify: 'repeatPassword',
};

export function NewPasswordForm({ token, create }: { token: string; create: boolean }) {
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
  const { register, handleSubmit, setError, setValue, setFocus, trigger, watch, formState } = useZodForm(loadSchema, {
    defaultValues: { password: '', repeatPassword: '', code: '', withCode: false },
  });
  const checks = useCheckAfterEdit(trigger);
  useEffect(() => {
    setValue('withCode', needCode);
    if (needCode) setFocus('code');
  }, [needCode, setValue, setFocus]);
  const { errors, isSubmitting } = formState;
  const password = watch('password') ?? '';
  const passwordServerError =
    serverPasswordError && errors.password?.message === serverPasswordError ? serverPasswordError : null;

  const onSubmit = handleSubmit(async (v) => {
    setCommonError(null);
    captcha.setError(null);
    try {
      const captchaFields = await captcha.fields();
      const answer = await savePassword.mutateAsync({
        token,
        password: v.password,
        password_verify: v.repeatPassword,
        ...(v.withCode ? { twoFactorAuthCode: v.code } : {}),
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
        return setError('code', { type: 'server', message: err.message || TEXTS.twoFactorInvalid });
      }
      let shown = false;
      for (const [key, message] of Object.entries(fieldErrorsOf(err))) {
        if (!message) continue;
        const name = SERVER_FIELDS[key];
        if (name) {
          setError(name, { type: 'server', message });
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
  });

  return (
    <AuthForm onSubmit={onSubmit} error={commonError}>
      <PasswordField
        fullWidth
        {...register('password', checks('password'))}
        label="New password"
        autoComplete="new-password"
        autoFocus
        error={!!errors.password}
        helperText={passwordServerError ?? <PasswordHint value={password} />}
      />
      <PasswordField
        fullWidth
        {...register('repeatPassword', checks('repeatPassword'))}
        label="Repeat password"
        autoComplete="new-password"
        error={!!errors.repeatPassword}
        helperText={errors.repeatPassword?.message}
      />
      {needCode && (
        <>
          <Alert severity="info">
            Two-step login is on for this account. Your password is not changed until you enter the 6-digit code from
            your authenticator app, or one of your recovery codes.
          </Alert>
          <SecondFactorField {...register('code', checks('code'))} error={errors.code?.message} />
        </>
      )}
      <CaptchaField captcha={captcha} />
      <SubmitButton loading={isSubmitting}>{create ? 'Create password' : 'Save password'}</SubmitButton>
    </AuthForm>
  );
}
