import type { HelpCenterAuthParams } from '@parlance/shared';
import { TEXTS } from '@parlance/shared';
import type { JwtSigner } from '../../platform/jwt';
import { AppError, badRequest } from '../../platform/errors';

// The help centre is a page of our own (no Zendesk). The web app keeps the spec's flow: it fetches
// "auth params" and posts them as a form to the sign-in URL, which checks the token and redirects.

export const HELP_CENTER_SSO_PATH = '/api/2/help-center/sso';
export const HELP_CENTER_PATH = '/help-center';

/** A short-lived token of the signed-in user and where the help centre lives. */
export async function helpCenterAuthParams(jwt: JwtSigner, userId: number, now: Date): Promise<HelpCenterAuthParams> {
  const token = await jwt.sign({ userId, aclGroups: [] }, now, 'help-center');
  return { zendeskAuthUrl: HELP_CENTER_SSO_PATH, authParams: { jwt: token, return_to: HELP_CENTER_PATH } };
}

/**
 * A path on this site to send the browser to, or null: only relative paths that start with one slash
 * (no `//host`, no `/\host`, no scheme), so the sign-in URL cannot become an open redirect.
 */
export function safeReturnPath(value: string): string | null {
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  const base = 'http://parlance.invalid';
  try {
    const url = new URL(value, base);
    if (url.origin !== base) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    // not a path a URL can be made of: no return path, the caller uses its default
    return null;
  }
}

/** Checks the token of the help-centre sign-in and answers where to go. */
export async function helpCenterSignIn(
  jwt: JwtSigner,
  input: { jwt: string; return_to: string },
  now: Date,
): Promise<string> {
  const userId = await jwt.verify(input.jwt, now, 'help-center');
  if (userId === null) throw new AppError(401, TEXTS.helpCenterLinkInvalid);
  const target = safeReturnPath(input.return_to);
  if (target === null) {
    throw badRequest('return_to must be a path on this site, such as /help-center', {
      return_to: 'must be a path on this site',
    });
  }
  return target;
}
