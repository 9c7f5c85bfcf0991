import { FRIENDLY_CAPTCHA_COUNTRIES, TEXTS } from '@parlance/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { AltchaWidgetElement } from 'altcha/types/generic';
import { useCallback, useRef, useState } from 'react';
import { HttpError } from '../../../app/http';
import { configQuery, useConfig } from '../../../app/current-user';
import type { CaptchaFields } from '../login-api';
import { solveInvisibleCaptcha } from './solve-invisible';

// Which captcha a form uses and how its token is obtained (spec 1 section 5, "Captcha"):
// - off when the config has no challenge URL (captchaApiKey null): nothing is sent;
// - 'friendly' (the visible ALTCHA widget) for visitors from CN and HK;
// - 'recaptcha' (an invisible proof of work solved just before submitting) for everyone else.

export type CaptchaMode = 'off' | 'friendly' | 'invisible';

/** A captcha problem found before the request is sent; shown as the captcha error. */
export class CaptchaError extends Error {}

export function captchaModeFor(
  challengeUrl: string | null | undefined,
  country: string | null | undefined,
): CaptchaMode {
  if (!challengeUrl) return 'off';
  const friendly = (FRIENDLY_CAPTCHA_COUNTRIES as readonly string[]).includes(country ?? '');
  return friendly ? 'friendly' : 'invisible';
}

/**
 * Did the server spend the captcha on this answer? Field errors (400) are checked before it, and the
 * 417 "code needed" answer lets the browser send the same solution again with the code.
 */
function spendsCaptcha(err: HttpError): boolean {
  if (err.status === 400) return false;
  return !(err.status === 417 && err.message === TEXTS.twoFactorRequired);
}

export interface Captcha {
  mode: CaptchaMode;
  challengeUrl: string | null;
  error: string | null;
  setError: (message: string | null) => void;
  /** the visible widget, while it is mounted */
  widgetRef: React.RefObject<AltchaWidgetElement | null>;
  /** the widget reports a solved (or reset) payload */
  onWidgetPayload: (payload: string | null) => void;
  /** the captcha fields for the next request: solves the invisible captcha or runs the widget */
  fields: () => Promise<CaptchaFields>;
  /** after a failed request: the token is spent or refused, so drop it and reset the widget */
  failed: (error: unknown) => void;
}

export function useCaptcha(country: string | null | undefined): Captcha {
  const queryClient = useQueryClient();
  const { data: config } = useConfig();
  const challengeUrl = config?.captchaApiKey ?? null;
  const mode = captchaModeFor(challengeUrl, country);
  const [error, setError] = useState<string | null>(null);
  const widgetRef = useRef<AltchaWidgetElement | null>(null);
  const tokenRef = useRef<string | null>(null);
  const countryRef = useRef(country);
  countryRef.current = country;

  const onWidgetPayload = useCallback((payload: string | null) => {
    tokenRef.current = payload;
    if (payload) setError(null);
  }, []);

  const fields = useCallback(async (): Promise<CaptchaFields> => {
    const cfg = await queryClient.ensureQueryData(configQuery);
    const url = cfg.captchaApiKey;
    const current = captchaModeFor(url, countryRef.current);
    if (!url || current === 'off') return { captcha_response: null, captcha_service: null };
    if (current === 'invisible') {
      try {
        return { captcha_response: await solveInvisibleCaptcha(url), captcha_service: 'recaptcha' };
      } catch {
        throw new CaptchaError(TEXTS.captchaFailed);
      }
    }
    const token = tokenRef.current;
    if (token && token !== '0') return { captcha_response: token, captcha_service: 'friendly' };
    const widget = widgetRef.current;
    if (!widget || typeof widget.verify !== 'function') throw new CaptchaError(TEXTS.captchaRequired);
    const result = await widget.verify();
    if (!result?.payload) throw new CaptchaError(TEXTS.captchaFailed);
    tokenRef.current = result.payload;
    return { captcha_response: result.payload, captcha_service: 'friendly' };
  }, [queryClient]);

  const failed = useCallback((err: unknown) => {
    if (!(err instanceof HttpError) || !spendsCaptcha(err)) return;
    // Solutions are single use: the token just sent cannot be sent again (spec: it becomes '0').
    tokenRef.current = '0';
    // The spec resets the friendly captcha on HTTP 403; a spent token needs a new solve anyway.
    const widget = widgetRef.current;
    if (widget && typeof widget.reset === 'function') widget.reset();
  }, []);

  return { mode, challengeUrl, error, setError, widgetRef, onWidgetPayload, fields, failed };
}
