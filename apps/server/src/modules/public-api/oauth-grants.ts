import { createHash } from 'node:crypto';
import { and, eq, isNull, or } from 'drizzle-orm';
import { apiKeys, oauthCodes, oauthGrants, users } from '../../db/schema';
import { type ApiCaller, type ApiScope, scopesOf } from '../../platform/api-keys';
import { randomToken, safeEqual, sha256 } from '../../platform/crypto';
import type { Services } from '../../platform/services';

// The token side of the authorization-code grant: a code is exchanged once for a grant (the
// customer's consent) with a rotating refresh token; access tokens name the grant and die with it.

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600_000;
const VERIFIER_SHAPE = /^[A-Za-z0-9._~-]{43,128}$/;

/** A token endpoint refusal in the words of RFC 6749 section 5.2. */
export class OauthError extends Error {
  constructor(
    readonly status: 400 | 401,
    readonly code: 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type' | 'invalid_scope',
    message: string,
  ) {
    super(message);
  }
}

export interface IssuedGrant {
  grantId: number;
  userId: number;
  keyId: number;
  scopes: ApiScope[];
  refreshToken: string;
}

/** The S256 code challenge of a PKCE verifier (RFC 7636 section 4.2). */
export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

interface ClientRow {
  id: number;
  publicId: string;
  secretHash: string;
}

/** The client named by client_id; its secret, when one is sent, must be right. */
export async function clientForToken(deps: Services, clientId: string, clientSecret?: string): Promise<ClientRow> {
  const [client] = /^[a-f0-9]{24}$/.test(clientId)
    ? await deps.db
        .select({ id: apiKeys.id, publicId: apiKeys.publicId, secretHash: apiKeys.secretHash })
        .from(apiKeys)
        .where(and(eq(apiKeys.publicId, clientId), eq(apiKeys.kind, 'oauth')))
    : [];
  if (!client || (clientSecret !== undefined && !safeEqual(client.secretHash, sha256(clientSecret)))) {
    throw new OauthError(401, 'invalid_client', 'The client id or secret is wrong (or the client was replaced)');
  }
  return client;
}

function freshRefresh(now: Date) {
  const token = `prr_${randomToken()}`;
  return { token, hash: sha256(token), expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS) };
}

/**
 * grant_type=authorization_code: the code, once, by the client it was given to, with the same
 * redirect uri and the PKCE verifier of its challenge. A code presented again revokes the grant
 * its first exchange made (RFC 6749 section 4.1.2).
 */
export async function exchangeCode(
  deps: Services,
  input: { code: string; redirectUri: string; clientId: string; clientSecret?: string; verifier: string },
): Promise<IssuedGrant> {
  const client = await clientForToken(deps, input.clientId, input.clientSecret);
  const now = deps.clock.now();
  const codeHash = sha256(input.code);
  const outcome = await deps.db.transaction(async (tx): Promise<IssuedGrant | OauthError> => {
    const [code] = await tx
      .update(oauthCodes)
      .set({ usedAt: now })
      .where(and(eq(oauthCodes.codeHash, codeHash), isNull(oauthCodes.usedAt)))
      .returning();
    if (!code) {
      const [spent] = await tx.select().from(oauthCodes).where(eq(oauthCodes.codeHash, codeHash));
      if (spent?.grantId) {
        await tx
          .update(oauthGrants)
          .set({ revokedAt: now, refreshHash: null, previousRefreshHash: null })
          .where(eq(oauthGrants.id, spent.grantId));
      }
      return new OauthError(400, 'invalid_grant', 'This authorization code is unknown or was already used');
    }
    // from here on the code is spent, whatever the outcome
    if (code.clientKeyId !== client.id) {
      return new OauthError(400, 'invalid_grant', 'This authorization code was given to another client');
    }
    if (code.expiresAt.getTime() <= now.getTime()) {
      return new OauthError(400, 'invalid_grant', 'This authorization code has expired: ask the person again');
    }
    if (code.redirectUri !== input.redirectUri) {
      return new OauthError(400, 'invalid_grant', 'redirect_uri is not the one of the authorization request');
    }
    if (!VERIFIER_SHAPE.test(input.verifier) || !safeEqual(s256(input.verifier), code.codeChallenge)) {
      return new OauthError(400, 'invalid_grant', 'The code_verifier does not match the code_challenge');
    }
    const refresh = freshRefresh(now);
    const [grant] = await tx
      .insert(oauthGrants)
      .values({
        clientKeyId: client.id,
        userId: code.userId,
        scopes: code.scopes,
        refreshHash: refresh.hash,
        refreshExpiresAt: refresh.expiresAt,
        createdAt: now,
      })
      .returning({ id: oauthGrants.id });
    await tx.update(oauthCodes).set({ grantId: grant.id }).where(eq(oauthCodes.codeHash, codeHash));
    return {
      grantId: grant.id,
      userId: code.userId,
      keyId: client.id,
      scopes: scopesOf(code.scopes),
      refreshToken: refresh.token,
    };
  });
  if (outcome instanceof OauthError) throw outcome;
  return outcome;
}

/**
 * grant_type=refresh_token: a new access token and a new refresh token; the old one stops working.
 * An old refresh token presented again means it leaked: the grant is revoked.
 */
export async function refreshGrant(
  deps: Services,
  input: { refreshToken: string; clientId: string; clientSecret?: string; scope?: string },
): Promise<IssuedGrant> {
  const client = await clientForToken(deps, input.clientId, input.clientSecret);
  const now = deps.clock.now();
  const hash = sha256(input.refreshToken);
  const outcome = await deps.db.transaction(async (tx): Promise<IssuedGrant | OauthError> => {
    const [grant] = await tx
      .select()
      .from(oauthGrants)
      .where(
        and(
          eq(oauthGrants.clientKeyId, client.id),
          isNull(oauthGrants.revokedAt),
          or(eq(oauthGrants.refreshHash, hash), eq(oauthGrants.previousRefreshHash, hash)),
        ),
      );
    if (!grant) throw new OauthError(400, 'invalid_grant', 'This refresh token is unknown or was revoked');
    if (grant.refreshHash !== hash) {
      await tx
        .update(oauthGrants)
        .set({ revokedAt: now, refreshHash: null, previousRefreshHash: null })
        .where(eq(oauthGrants.id, grant.id));
      return new OauthError(400, 'invalid_grant', 'This refresh token was already used: the access is revoked');
    }
    if (!grant.refreshExpiresAt || grant.refreshExpiresAt.getTime() <= now.getTime()) {
      throw new OauthError(400, 'invalid_grant', 'This refresh token has expired: ask the person again');
    }
    const asked = input.scope?.split(' ').filter(Boolean);
    if (asked && asked.some((s) => !grant.scopes.includes(s))) {
      throw new OauthError(400, 'invalid_scope', 'A refresh cannot add scopes the person did not grant');
    }
    const refresh = freshRefresh(now);
    await tx
      .update(oauthGrants)
      .set({ refreshHash: refresh.hash, previousRefreshHash: hash, refreshExpiresAt: refresh.expiresAt })
      .where(eq(oauthGrants.id, grant.id));
    return {
      grantId: grant.id,
      userId: grant.userId,
      keyId: client.id,
      scopes: scopesOf(asked ?? grant.scopes),
      refreshToken: refresh.token,
    };
  });
  if (outcome instanceof OauthError) throw outcome;
  return outcome;
}

/**
 * The caller of an access token of a grant: the customer who consented, while the grant stands and
 * its client still exists with that id. Scopes: the token's, within the grant's and the client's.
 * The grant's last use is written at most once a minute.
 */
export async function grantCaller(
  deps: Services,
  claims: { grantId: number; userId: number; keyId: number; clientId: string; scopes: string[] },
): Promise<ApiCaller | null> {
  const [row] = await deps.db
    .select({
      user: users,
      grantScopes: oauthGrants.scopes,
      clientScopes: apiKeys.scopes,
      lastUsedAt: oauthGrants.lastUsedAt,
    })
    .from(oauthGrants)
    .innerJoin(apiKeys, eq(apiKeys.id, oauthGrants.clientKeyId))
    .innerJoin(users, eq(users.id, oauthGrants.userId))
    .where(
      and(
        eq(oauthGrants.id, claims.grantId),
        eq(oauthGrants.userId, claims.userId),
        eq(oauthGrants.clientKeyId, claims.keyId),
        isNull(oauthGrants.revokedAt),
        eq(apiKeys.publicId, claims.clientId),
        eq(apiKeys.kind, 'oauth'),
      ),
    );
  if (!row) return null;
  const now = deps.clock.now();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > 60_000) {
    await deps.db.update(oauthGrants).set({ lastUsedAt: now }).where(eq(oauthGrants.id, claims.grantId));
  }
  const scopes = scopesOf(claims.scopes).filter((s) => row.grantScopes.includes(s) && row.clientScopes.includes(s));
  return { user: row.user, keyId: claims.keyId, scopes };
}
