import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { API_KEY_TEXTS, type ApiKeysState, type OauthClientInput } from '@parlance/shared';
import type { Services } from '../../platform/services';
import { apiKeys } from '../../db/schema';
import { type ApiScope, generateApiKey, scopesOf } from '../../platform/api-keys';
import { audit } from '../../platform/audit';
import { sha256 } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { AuthContext } from '../../platform/session';

// A customer's API key and OAuth client (spec 2 section 3, API client). Secrets are shown once.

export async function apiKeysState(deps: Services, userId: number): Promise<ApiKeysState> {
  const rows = await deps.db.select().from(apiKeys).where(eq(apiKeys.userId, userId));
  const key = rows.find((r) => r.kind === 'key');
  const oauth = rows.find((r) => r.kind === 'oauth');
  return {
    apiKey: key
      ? {
          prefix: `prl_${key.publicId}_`,
          hint: key.secretHint,
          createdAt: key.createdAt.toISOString(),
          lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
          scopes: scopesOf(key.scopes),
        }
      : null,
    oauth: oauth
      ? {
          clientId: oauth.publicId,
          name: oauth.name ?? '',
          redirectUri: oauth.redirectUri ?? '',
          createdAt: oauth.createdAt.toISOString(),
          scopes: scopesOf(oauth.scopes),
        }
      : null,
  };
}

/** keygen and reset: a new key replaces the old one, which stops working at once. */
export async function regenerateApiKey(deps: Services, auth: AuthContext, ip: string): Promise<string> {
  const fresh = generateApiKey();
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(apiKeys)
      .values({
        userId: auth.user.id,
        kind: 'key',
        publicId: fresh.publicId,
        secretHash: fresh.hash,
        secretHint: fresh.hint,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: [apiKeys.userId, apiKeys.kind],
        set: {
          publicId: fresh.publicId,
          secretHash: fresh.hash,
          secretHint: fresh.hint,
          createdAt: now,
          lastUsedAt: null,
        },
      });
    await audit(tx, {
      actorId: auth.user.id,
      action: 'profile.api_key_generated',
      targetType: 'user',
      targetId: auth.user.id,
      ip,
    });
  });
  return fresh.key;
}

/** POST /api/2/oauth/generate-keys: a new client id and secret (replacing the old pair). */
export async function generateOauthClient(
  deps: Services,
  auth: AuthContext,
  input: OauthClientInput,
  ip: string,
): Promise<{ clientId: string; clientSecret: string; redirectUri: string }> {
  const clientId = randomBytes(12).toString('hex');
  const clientSecret = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const values = {
      publicId: clientId,
      secretHash: sha256(clientSecret),
      secretHint: clientSecret.slice(-4),
      redirectUri: input.redirect_uri,
      name: input.name || null,
      createdAt: now,
    };
    await tx
      .insert(apiKeys)
      .values({ userId: auth.user.id, kind: 'oauth', ...values })
      .onConflictDoUpdate({ target: [apiKeys.userId, apiKeys.kind], set: { ...values, lastUsedAt: null } });
    await audit(tx, {
      actorId: auth.user.id,
      action: 'profile.oauth_generated',
      targetType: 'user',
      targetId: auth.user.id,
      ip,
    });
  });
  return { clientId, clientSecret, redirectUri: input.redirect_uri };
}

/** POST /api/2/oauth/update-client: a new redirect uri for the existing client. */
export async function updateOauthClient(deps: Services, auth: AuthContext, input: OauthClientInput): Promise<void> {
  const updated = await deps.db
    .update(apiKeys)
    .set({ redirectUri: input.redirect_uri, ...(input.name === undefined ? {} : { name: input.name || null }) })
    .where(and(eq(apiKeys.userId, auth.user.id), eq(apiKeys.kind, 'oauth')))
    .returning({ id: apiKeys.id });
  if (updated.length === 0) throw new AppError(409, API_KEY_TEXTS.noOauthClient);
}

/** Revokes the API key: the row goes, so the key is unknown from the next call on (401). */
export async function revokeApiKey(deps: Services, auth: AuthContext, ip: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const gone = await tx
      .delete(apiKeys)
      .where(and(eq(apiKeys.userId, auth.user.id), eq(apiKeys.kind, 'key')))
      .returning({ id: apiKeys.id });
    if (gone.length === 0) throw new AppError(409, API_KEY_TEXTS.noKey);
    await audit(tx, {
      actorId: auth.user.id,
      action: 'profile.api_key_revoked',
      targetType: 'user',
      targetId: auth.user.id,
      ip,
    });
  });
}

/** What the key (or the OAuth client's tokens) may do: read, order, pay. */
export async function setApiScopes(
  deps: Services,
  auth: AuthContext,
  kind: 'key' | 'oauth',
  scopes: ApiScope[],
  ip: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(apiKeys)
      .set({ scopes: [...new Set(scopes)] })
      .where(and(eq(apiKeys.userId, auth.user.id), eq(apiKeys.kind, kind)))
      .returning({ id: apiKeys.id });
    if (updated.length === 0)
      throw new AppError(409, kind === 'key' ? API_KEY_TEXTS.noKey : API_KEY_TEXTS.noOauthClient);
    await audit(tx, {
      actorId: auth.user.id,
      action: 'profile.api_scopes_changed',
      targetType: 'user',
      targetId: auth.user.id,
      ip,
    });
  });
}
