import { fieldErrorsOf as sharedFieldErrorsOf } from '../../app/http';
import type { AuthErrors } from '@parlance/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { http } from '../../app/http';

export {
  type CaptchaFields,
  countriesInfoQuery,
  getCountriesInfo,
  login,
  messageOf,
  useCountriesInfo,
} from './login-api';
import type { CaptchaFields, OkWithUser } from './login-api';
import { authKeys } from '../../app/current-user';

// Calls of the sign-in area (spec 1 section 7, "Authentication"; contract in the OpenAPI document):
// one fetcher per call, plus the query options or mutation hook the components use.

// --- signup ------------------------------------------------------------------------------------

export interface SignupInput extends CaptchaFields {
  full_name: string;
  user_email: string;
  pwd: string;
  agree_terms: boolean;
  user_type: 'client' | 'translator';
  user_country: string;
  company_name: string | null;
  registrationPage: string;
  /** the referral code of the link the visitor came by (/auth?ref=CODE) */
  ref?: string;
}

export const signup = (input: SignupInput) =>
  http.postForm<OkWithUser>('/userService/addAccountInfo', {
    ...input,
    action: 'reg',
    agree_terms: input.agree_terms ? 1 : 0,
  });

export const useSignup = () => useMutation({ mutationFn: signup });

// --- extra user data ---------------------------------------------------------------------------

export interface RegisterInfoInput {
  full_name: string;
  user_country: string;
  company_name: string | null;
  phone: string | null;
}

export const updateRegisterInfo = (input: RegisterInfoInput) =>
  http.postForm<{ status: 'OK' }>('/userService/updateRegisterInfo', { ...input });

export const useUpdateRegisterInfo = () => useMutation({ mutationFn: updateRegisterInfo });

// --- password reset ----------------------------------------------------------------------------

export const requestResetToken = (email: string) =>
  http.postForm<{ status: 'OK' }>('/api/2/account/auth/password/resetPasswordToken', { email });

export const useRequestResetToken = () => useMutation({ mutationFn: requestResetToken });

export const checkToken = (token: string) =>
  http.postForm<{ isTokenValid: boolean }>('/ajax/user/checkToken', { token });

export const checkTokenQuery = (token: string) =>
  queryOptions({
    queryKey: authKeys.checkToken(token),
    queryFn: () => checkToken(token).then((b) => b.isTokenValid),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export const useCheckToken = (token: string | null) => useQuery({ ...checkTokenQuery(token ?? ''), enabled: !!token });

export interface SetPasswordInput extends CaptchaFields {
  token: string;
  password: string;
  password_verify: string;
  /** after a 417: the app's code or a recovery code */
  twoFactorAuthCode?: string;
}

export const setPassword = ({ token, ...form }: SetPasswordInput) =>
  http.postForm<OkWithUser>(`/api/2/account/auth/password?token=${encodeURIComponent(token)}`, { ...form });

export const useSetPassword = () => useMutation({ mutationFn: setPassword });

// --- errors ------------------------------------------------------------------------------------

/** The server's per-field messages, typed with the auth forms' fields. */
export function fieldErrorsOf(error: unknown): AuthErrors & Record<string, string | undefined> {
  return sharedFieldErrorsOf(error);
}
