import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import type { Country, UserData } from '@parlance/shared';
import { useEffect, useState } from 'react';
import { Controller, type Path } from 'react-hook-form';
import { useLocation } from 'react-router';
import { fieldErrorsOf, messageOf, useSignup } from '../api';
import { CaptchaError, useCaptcha } from '../captcha/use-captcha';
import { CaptchaField } from './CaptchaField';
import { CountrySelect } from './CountrySelect';
import { PasswordField } from './PasswordField';
import { PasswordHint } from './PasswordHint';
import { Field } from '../../../ui/Field';
import { SubmitButton } from './SubmitButton';
import { muiRegister } from './mui-register';
import { useZodForm } from '../../../ui/zod-form';
import { AuthForm } from './AuthForm';

// Registration (spec 1 sections 3 to 5): the shared rules with their exact messages on blur and on
// submit, the server's field-error object shown per field, and an automatic sign-in on success.

const loadSchema = () => import('../form-schemas').then((m) => m.signupFormSchema);
type SignupValues = {
  fullName: string;
  email: string;
  password: string;
  repeatPassword: string;
  country: string;
  company: string;
  userType: 'client' | 'translator';
  agreeTerms: boolean;
};

/** The server's field names (spec 1 section 3, "Auth errors") and the form fields they belong to. */
const SERVER_FIELDS: Record<string, Path<SignupValues>> = {
  full_name: 'fullName',
  user_email: 'email',
  user: 'email',
  pwd: 'password',
  agree_terms: 'agreeTerms',
};

export function SignupForm({
  countries,
  countryByIp,
  initialUserType,
  onBusyChange,
  onSignedUp,
}: {
  countries: Country[] | undefined;
  countryByIp: string | null;
  initialUserType: 'client' | 'translator';
  onBusyChange: (busy: boolean) => void;
  onSignedUp: (user: UserData) => Promise<void>;
}) {
  const location = useLocation();
  const [commonError, setCommonError] = useState<string | null>(null);
  const signup = useSignup();
  const defaultCountry = countries?.some((c) => c.code === countryByIp) && countryByIp ? countryByIp : 'US';
  const { register, control, handleSubmit, setError, formState, watch, getFieldState, setValue } = useZodForm(
    loadSchema,
    {
      mode: 'onTouched',
      reValidateMode: 'onChange',
      defaultValues: {
        fullName: '',
        email: '',
        password: '',
        repeatPassword: '',
        country: defaultCountry,
        company: '',
        userType: initialUserType,
        agreeTerms: true,
      },
    },
  );
  const { errors, isSubmitting } = formState;
  const password = watch('password');
  const country = watch('country');
  const agreeTerms = watch('agreeTerms');
  const captcha = useCaptcha(country || countryByIp);

  useEffect(() => onBusyChange(isSubmitting), [isSubmitting, onBusyChange]);
  // The country by IP arrives after the form: take it unless the visitor already chose one.
  useEffect(() => {
    if (!getFieldState('country').isDirty) setValue('country', defaultCountry);
  }, [defaultCountry, getFieldState, setValue]);

  function showServerErrors(err: unknown) {
    const fields = fieldErrorsOf(err);
    let shown = false;
    for (const [key, message] of Object.entries(fields)) {
      if (!message) continue;
      const field = SERVER_FIELDS[key];
      if (field) setError(field, { type: 'server', message }, { shouldFocus: !shown });
      else if (key === 'captcha') captcha.setError(message);
      else if (key === 'common') setCommonError(message);
      else continue;
      shown = true;
    }
    if (!shown) setCommonError(messageOf(err, 'Registration failed. Please try again.'));
  }

  const onSubmit = handleSubmit(async (v) => {
    setCommonError(null);
    captcha.setError(null);
    try {
      const captchaFields = await captcha.fields();
      const answer = await signup.mutateAsync({
        full_name: v.fullName.trim(),
        user_email: v.email.trim(),
        pwd: v.password,
        agree_terms: v.agreeTerms,
        user_type: v.userType,
        user_country: v.country,
        company_name: v.company.trim() || null,
        registrationPage: location.pathname,
        ref: new URLSearchParams(location.search).get('ref') ?? undefined,
        ...captchaFields,
      });
      await onSignedUp(answer.user);
    } catch (err) {
      if (err instanceof CaptchaError) return captcha.setError(err.message);
      captcha.failed(err);
      showServerErrors(err);
    }
  });

  const passwordServerError = errors.password?.type === 'server' ? errors.password.message : null;

  return (
    <AuthForm label="Create account" onSubmit={onSubmit} error={commonError}>
      <Field
        fullWidth
        {...muiRegister(register, 'fullName')}
        label="Full name"
        autoComplete="name"
        autoFocus
        error={!!errors.fullName}
        helperText={errors.fullName?.message ?? 'First and last name, in Latin letters'}
      />
      <Field
        fullWidth
        {...muiRegister(register, 'email')}
        label="Email"
        type="email"
        autoComplete="email"
        error={!!errors.email}
        helperText={errors.email?.message}
      />
      <PasswordField
        fullWidth
        {...muiRegister(register, 'password')}
        label="Password"
        autoComplete="new-password"
        error={!!errors.password}
        helperText={passwordServerError ?? <PasswordHint value={password} />}
      />
      <PasswordField
        fullWidth
        {...muiRegister(register, 'repeatPassword')}
        label="Repeat password"
        autoComplete="new-password"
        error={!!errors.repeatPassword}
        helperText={errors.repeatPassword?.message}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.25}>
        <CountrySelect
          {...muiRegister(register, 'country')}
          countries={countries}
          error={!!errors.country}
          helperText={errors.country?.message}
        />
        <Field
          fullWidth
          {...muiRegister(register, 'company')}
          label="Company"
          autoComplete="organization"
          helperText={errors.company?.message ?? 'Optional'}
          error={!!errors.company}
        />
      </Stack>
      <FormControl>
        <FormLabel id="signup-user-type" sx={{ typography: 'body2', fontWeight: 500, color: 'text.primary' }}>
          I am a:
        </FormLabel>
        <Controller
          name="userType"
          control={control}
          render={({ field }) => (
            <RadioGroup {...field} row aria-labelledby="signup-user-type">
              <FormControlLabel value="client" control={<Radio />} label="Customer" />
              <FormControlLabel value="translator" control={<Radio />} label="Translator" />
            </RadioGroup>
          )}
        />
      </FormControl>
      <FormControl error={!!errors.agreeTerms}>
        <Controller
          name="agreeTerms"
          control={control}
          render={({ field: { value, onChange, onBlur, name, ref } }) => (
            <FormControlLabel
              sx={{ alignItems: 'flex-start', mr: 0 }}
              control={
                <Checkbox
                  checked={value}
                  onChange={(e) => onChange(e.target.checked)}
                  onBlur={onBlur}
                  name={name}
                  slotProps={{ input: { ref } }}
                  sx={{ mt: -0.75 }}
                />
              }
              label={
                <Box component="span" sx={{ typography: 'body2' }}>
                  I agree to the{' '}
                  <Link href="/terms" target="_blank" rel="noopener">
                    Terms of Service
                  </Link>{' '}
                  and the{' '}
                  <Link href="/privacy" target="_blank" rel="noopener">
                    Privacy Policy
                  </Link>
                </Box>
              }
            />
          )}
        />
        {errors.agreeTerms && <FormHelperText sx={{ mx: 0 }}>{errors.agreeTerms.message}</FormHelperText>}
      </FormControl>
      <CaptchaField captcha={captcha} />
      <SubmitButton loading={isSubmitting} disabled={!agreeTerms}>
        Create account
      </SubmitButton>
    </AuthForm>
  );
}
