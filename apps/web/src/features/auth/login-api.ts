import type { CaptchaService, Country, UserData } from '@parlance/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../app/http';
import { authKeys } from '../../app/current-user';

// The calls the sign-in form needs on the first load of /auth. Kept apart from api.ts, whose
// mutation hooks serve the forms that load later (ADR 0019).

/** The captcha part of a payload; both null when captcha is off (nothing is sent then). */
export interface CaptchaFields {
  captcha_response: string | null;
  captcha_service: CaptchaService | null;
}

export interface OkWithUser {
  status: 'OK';
  user: UserData;
}

// --- login -------------------------------------------------------------------------------------

export interface LoginInput extends CaptchaFields {
  username: string;
  pwd: string;
  twoFactorAuthCode?: string | null;
}

export const login = (input: LoginInput) =>
  http.postForm<OkWithUser>('/api/2/account/auth/login', {
    username: input.username,
    pwd: input.pwd,
    twoFactorAuthCode: input.twoFactorAuthCode ?? null,
    captcha_response: input.captcha_response,
    captcha_service: input.captcha_service,
  });

// --- countries ---------------------------------------------------------------------------------

export interface CountriesInfo {
  list: Country[];
  countryByIp: string | null;
}

export const getCountriesInfo = (signal?: AbortSignal) =>
  http.get<CountriesInfo>('/userService/getCountriesInfo', signal);

export const countriesInfoQuery = queryOptions({
  queryKey: authKeys.countriesInfo,
  queryFn: ({ signal }) => getCountriesInfo(signal),
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

export const useCountriesInfo = () => useQuery(countriesInfoQuery);

export { messageOf } from '../../app/http';
