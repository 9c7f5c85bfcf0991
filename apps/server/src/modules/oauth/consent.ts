import { and, desc, eq, isNull } from 'drizzle-orm';
import { type AuthorizeCheck, type AuthorizedApp, type AuthorizeRequest, OAUTH_TEXTS } from '@parlance/shared';
import { apiKeys, oauthCodes, oauthGrants, users } from '../../db/schema';
import { type ApiScope, API_SCOPES, scopesOf } from '../../platform/api-keys';
import { audit } from '../../platform/audit';
import { randomToken, sha256 } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { Services } from '../../platform/services';
import type { AuthContext } from '../../platform/session';

// The consent step of the authorization-code grant (RFC 6749 section 4.1, RFC 7636 PKCE): check
// the application's request, and on Allow hand out a single-use code bound to what was allowed.

export const AUTHORIZATION_CODE_TTL_MS = 10 * 60_000;
const CHALLENGE_SHAPE = /^[A-Za-z0-9_-]{43}$/;

interface Client {
  keyId: number;
  name: string;
  ownerName: string;
  redirectUri: string;
  scopes: ApiScope[];
}

/** The application's display name: its own, or its owner's (company first). */
export function clientNameOf(name: string | null, owner: { name: string; company: string }): string {
  return name?.trim() || `${owner.company.trim() || owner.name}'s application`;
}

function ownerNameOf(owner: { name: string; company: string }): string {
  return owner.company.trim() ? `${owner.name} (${owner.company.trim()})` : owner.name;
}

async function clientOf(deps: Services, clientId: string): Promise<Client | null> {
  if (!/^[a-f0-9]{24}$/.test(clientId)) return null;
  const [row] = await deps.db
    .select({
      keyId: apiKeys.id,
      name: apiKeys.name,
      redirectUri: apiKeys.redirectUri,
      scopes: apiKeys.scopes,
      ownerName: users.name,
      ownerCompany: users.company,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.publicId, clientId), eq(apiKeys.kind, 'oauth')));
  if (!row) return null;
  const owner = { name: row.ownerName, company: row.ownerCompany };
  return {
    keyId: row.keyId,
    name: clientNameOf(row.name, owner),
    ownerName: ownerNameOf(owner),
    redirectUri: row.redirectUri ?? '',
    scopes: scopesOf(row.scopes),
  };
}

/** The redirect uri with the answer's parameters added (any query it has is kept). */
export function redirectWith(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

type Checked =
  | { kind: 'ask'; client: Client; scopes: ApiScope[] }
  | { kind: 'error'; message: string }
  | { kind: 'redirect'; message: string; redirectTo: string };

/**
 * Judges an authorization request. An unknown client or a redirect uri other than the registered
 * one (compared exactly) is shown on the page and never redirected to; the other mistakes go back
 * to the application as RFC 6749 section 4.1.2.1 says.
 */
async function check(deps: Services, request: AuthorizeRequest): Promise<Checked> {
  const client = await clientOf(deps, request.client_id);
  if (!client) return { kind: 'error', message: OAUTH_TEXTS.unknownClient };
  if (!request.redirect_uri || request.redirect_uri !== client.redirectUri) {
    return { kind: 'error', message: OAUTH_TEXTS.wrongRedirect };
  }
  const back = (error: string, message: string): Checked => ({
    kind: 'redirect',
    message,
    redirectTo: redirectWith(client.redirectUri, { error, error_description: message, state: request.state }),
  });
  if (request.response_type !== 'code') return back('unsupported_response_type', OAUTH_TEXTS.responseType);
  if (request.code_challenge_method !== 'S256' || !CHALLENGE_SHAPE.test(request.code_challenge ?? '')) {
    return back('invalid_request', OAUTH_TEXTS.pkceRequired);
  }
  const asked = request.scope?.split(' ').filter(Boolean) ?? client.scopes;
  const granted = scopesOf(asked);
  if (
    granted.length === 0 ||
    asked.some((s) => !(API_SCOPES as readonly string[]).includes(s) || !client.scopes.includes(s as ApiScope))
  ) {
    return back('invalid_scope', OAUTH_TEXTS.badScope);
  }
  return { kind: 'ask', client, scopes: granted };
}

/** GET /api/2/oauth/authorize: what the consent page shows. */
export async function checkAuthorization(deps: Services, request: AuthorizeRequest): Promise<AuthorizeCheck> {
  const checked = await check(deps, request);
  if (checked.kind !== 'ask') {
    return checked.kind === 'error'
      ? { status: 'error', message: checked.message }
      : { status: 'redirect', message: checked.message, redirectTo: checked.redirectTo };
  }
  return {
    status: 'ask',
    clientName: checked.client.name,
    ownerName: checked.client.ownerName,
    redirectUri: checked.client.redirectUri,
    scopes: checked.scopes,
  };
}

/**
 * POST /api/2/oauth/authorize: Deny sends `error=access_denied`; Allow a fresh code. A request
 * that does not pass the check is refused here too (the page is not the only way to post).
 */
export async function decideAuthorization(
  deps: Services,
  auth: AuthContext,
  request: AuthorizeRequest,
  allow: boolean,
  ip: string,
): Promise<string> {
  const checked = await check(deps, request);
  if (checked.kind === 'error') throw new AppError(400, checked.message);
  if (checked.kind === 'redirect') return checked.redirectTo;
  const { client, scopes } = checked;
  if (!allow) return redirectWith(client.redirectUri, { error: 'access_denied', state: request.state });
  const code = randomToken();
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx.insert(oauthCodes).values({
      codeHash: sha256(code),
      clientKeyId: client.keyId,
      userId: auth.user.id,
      redirectUri: client.redirectUri,
      scopes,
      codeChallenge: request.code_challenge ?? '',
      expiresAt: new Date(now.getTime() + AUTHORIZATION_CODE_TTL_MS),
      createdAt: now,
    });
    await audit(tx, {
      actorId: auth.user.id,
      action: 'profile.oauth_authorized',
      targetType: 'user',
      targetId: auth.user.id,
      ip,
    });
  });
  return redirectWith(client.redirectUri, { code, state: request.state });
}

/** The applications that may act for the customer now (grants not revoked, of clients that exist). */
export async function authorizedApps(deps: Services, userId: number): Promise<AuthorizedApp[]> {
  const rows = await deps.db
    .select({
      id: oauthGrants.id,
      scopes: oauthGrants.scopes,
      createdAt: oauthGrants.createdAt,
      lastUsedAt: oauthGrants.lastUsedAt,
      name: apiKeys.name,
      ownerName: users.name,
      ownerCompany: users.company,
    })
    .from(oauthGrants)
    .innerJoin(apiKeys, eq(apiKeys.id, oauthGrants.clientKeyId))
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(oauthGrants.userId, userId), isNull(oauthGrants.revokedAt)))
    .orderBy(desc(oauthGrants.createdAt), desc(oauthGrants.id));
  return rows.map((r) => {
    const owner = { name: r.ownerName, company: r.ownerCompany };
    return {
      id: r.id,
      clientName: clientNameOf(r.name, owner),
      ownerName: ownerNameOf(owner),
      scopes: scopesOf(r.scopes),
      authorizedAt: r.createdAt.toISOString(),
      lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    };
  });
}

/** Ends an application's access at once: its access and refresh tokens are refused from now on. */
export async function revokeAuthorizedApp(deps: Services, auth: AuthContext, grantId: number, ip: string) {
  await deps.db.transaction(async (tx) => {
    const revoked = await tx
      .update(oauthGrants)
      .set({ revokedAt: deps.clock.now(), refreshHash: null, previousRefreshHash: null })
      .where(and(eq(oauthGrants.id, grantId), eq(oauthGrants.userId, auth.user.id), isNull(oauthGrants.revokedAt)))
      .returning({ id: oauthGrants.id });
    if (revoked.length === 0) throw new AppError(404, OAUTH_TEXTS.noSuchApp);
    await audit(tx, {
      actorId: auth.user.id,
      action: 'profile.oauth_app_revoked',
      targetType: 'user',
      targetId: auth.user.id,
      ip,
    });
  });
}
