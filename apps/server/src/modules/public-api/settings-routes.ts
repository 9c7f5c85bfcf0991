// The customer's API settings in the profile (cookie session): the webhook URL and its deliveries,
// the key's scopes and its revocation. Beside the key and OAuth routes of modules/profile.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_KEY_TEXTS,
  apiKeyScopesInputSchema,
  apiKeysStateSchema,
  webhookDeliverySchema,
  webhookInputSchema,
  webhookStateSchema,
} from '@parlance/shared';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { audit } from '../../platform/audit';
import { isSpecialAddress } from '../../platform/documents/fetch-url';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { requireUser } from '../../platform/guards';
import type { Services } from '../../platform/services';
import { apiKeysState, revokeApiKey, setApiScopes } from '../profile/api-keys';
import { authorize } from '../../platform/permissions';
import '../profile/policy';

const tags = ['Profile'];
const okStatus = z.literal('OK');
const DELIVERIES_PAGE = 50;

function requireKeyOwner(request: FastifyRequest) {
  const auth = requireUser(request);
  authorize(auth, 'account.manage-secrets', null);
  authorize(auth, 'account.api-keys', null);
  return auth;
}

/**
 * The SSRF guard of a webhook URL: https (http only where private addresses are allowed, for
 * development), no credentials, and a host that resolves to public addresses only. The delivery
 * checks the addresses again at connect time (a DNS answer can change).
 */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<string> {
  const invalid = () => badRequest(API_KEY_TEXTS.webhookUrlInvalid, { url: API_KEY_TEXTS.webhookUrlInvalid });
  const refused = () => badRequest(API_KEY_TEXTS.webhookUrlPrivate, { url: API_KEY_TEXTS.webhookUrlPrivate });
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw invalid();
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) throw invalid();
  if (url.username || url.password || url.hash) throw invalid();
  if (allowPrivate) return url.toString();
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) throw refused();
  if (isIP(host) !== 0) {
    if (isSpecialAddress(host)) throw refused();
    return url.toString();
  }
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host, { all: true });
  } catch {
    throw badRequest('This host name does not resolve', { url: 'This host name does not resolve' });
  }
  if (addresses.length === 0 || addresses.some((a) => isSpecialAddress(a.address))) throw refused();
  return url.toString();
}

async function webhookOf(deps: Services, userId: number) {
  const [row] = await deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
  return row ? { url: row.url, secret: row.secret, createdAt: row.createdAt.toISOString() } : null;
}

export const webhookSettingsRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get(
    '/api/2/account/webhook',
    {
      config: { access: 'customer', credentials: 'session' },
      schema: {
        tags,
        summary: "The customer's webhook URL and signing secret (null when none)",
        response: { 200: z.object({ results: webhookStateSchema.nullable() }) },
      },
    },
    async (request) => ({ results: await webhookOf(deps, requireKeyOwner(request).user.id) }),
  );

  app.put(
    '/api/2/account/webhook',
    {
      config: { access: 'customer', credentials: 'session' },
      schema: {
        tags,
        summary: 'Set the webhook URL (a public https address); the first time a signing secret is made',
        body: webhookInputSchema,
        response: { 200: z.object({ status: okStatus, results: webhookStateSchema }) },
      },
    },
    async (request) => {
      const auth = requireKeyOwner(request);
      const url = await checkWebhookUrl(request.body.url, deps.config.webhookAllowPrivate);
      const now = deps.clock.now();
      await deps.db.transaction(async (tx) => {
        await tx
          .insert(webhookEndpoints)
          .values({
            userId: auth.user.id,
            url,
            secret: `whsec_${randomBytes(24).toString('base64url')}`,
            createdAt: now,
          })
          .onConflictDoUpdate({ target: webhookEndpoints.userId, set: { url } });
        await audit(tx, {
          actorId: auth.user.id,
          action: 'profile.webhook_set',
          targetType: 'user',
          targetId: auth.user.id,
          ip: request.ip,
        });
      });
      const results = await webhookOf(deps, auth.user.id);
      if (!results) throw new AppError(500, 'The webhook was not saved');
      return { status: 'OK' as const, results };
    },
  );

  app.delete(
    '/api/2/account/webhook',
    {
      config: { access: 'customer', credentials: 'session' },
      schema: {
        tags,
        summary: 'Remove the webhook (and its delivery history)',
        response: { 200: z.object({ status: okStatus }) },
      },
    },
    async (request) => {
      const auth = requireKeyOwner(request);
      await deps.db.delete(webhookEndpoints).where(eq(webhookEndpoints.userId, auth.user.id));
      return { status: 'OK' as const };
    },
  );

  app.get(
    '/api/2/account/webhook/deliveries',
    {
      config: { access: 'customer', credentials: 'session' },
      schema: {
        tags,
        summary: `The latest ${DELIVERIES_PAGE} webhook deliveries, newest first, with their status`,
        response: { 200: z.object({ data: z.array(webhookDeliverySchema) }) },
      },
    },
    async (request) => {
      const auth = requireKeyOwner(request);
      const rows = await deps.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.userId, auth.user.id))
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(DELIVERIES_PAGE);
      return {
        data: rows.map((r) => {
          const data = (r.payload as { data?: { projectId?: unknown } }).data;
          return {
            id: r.id,
            event: r.event,
            status: r.status,
            attempts: r.attempts,
            lastStatus: r.lastStatus,
            lastError: r.lastError,
            nextAttemptAt: r.nextAttemptAt?.toISOString() ?? null,
            deliveredAt: r.deliveredAt?.toISOString() ?? null,
            createdAt: r.createdAt.toISOString(),
            projectId: typeof data?.projectId === 'number' ? data.projectId : null,
          };
        }),
      };
    },
  );

  app.post(
    '/api/2/account/webhook/deliveries/:id/resend',
    {
      config: { access: 'customer', credentials: 'session' },
      schema: {
        tags,
        summary: 'Send a delivery again (the same id, so the receiver can tell it is a repeat); a new day of retries',
        params: z.object({ id: z.string().uuid() }),
        response: { 200: z.object({ status: okStatus }) },
      },
    },
    async (request) => {
      const auth = requireKeyOwner(request);
      const updated = await deps.db
        .update(webhookDeliveries)
        .set({ status: 'pending', nextAttemptAt: null, firstAttemptAt: null })
        .where(and(eq(webhookDeliveries.id, request.params.id), eq(webhookDeliveries.userId, auth.user.id)))
        .returning({ id: webhookDeliveries.id });
      if (updated.length === 0) throw notFound();
      // deliver now rather than at the next scheduler tick
      // the scheduler logs a failing task itself; the delivery is retried at the next tick
      void deps.scheduler.runOnce().catch((err) => deps.logger.warn({ err }, 'webhook redelivery run failed'));
      return { status: 'OK' as const };
    },
  );

  app.post(
    '/api/2/account/api-keys/scopes',
    {
      config: { access: 'customer', credentials: 'session' },
      schema: {
        tags,
        summary: 'Choose what the API key (kind=key) or the OAuth client (kind=oauth) may do: read, order, pay',
        body: apiKeyScopesInputSchema,
        response: { 200: z.object({ status: okStatus, keys: apiKeysStateSchema }) },
      },
    },
    async (request) => {
      const auth = requireKeyOwner(request);
      await setApiScopes(deps, auth, request.body.kind, request.body.scopes, request.ip);
      return { status: 'OK' as const, keys: await apiKeysState(deps, auth.user.id) };
    },
  );

  app.delete(
    '/api/2/account/api-keys/key',
    {
      config: { access: 'customer', credentials: 'session' },
      schema: {
        tags,
        summary: 'Revoke the API key: every call with it is refused (401) from now on',
        response: { 200: z.object({ status: okStatus, keys: apiKeysStateSchema }) },
      },
    },
    async (request) => {
      const auth = requireKeyOwner(request);
      await revokeApiKey(deps, auth, request.ip);
      return { status: 'OK' as const, keys: await apiKeysState(deps, auth.user.id) };
    },
  );
};
