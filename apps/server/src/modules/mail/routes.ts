// Mail: the one-click unsubscribe of every governed mail (RFC 8058) and the admins' promotions.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAIL_TEXTS, promotionInputSchema, unsubscribeTokenSchema, unsubscribeViewSchema } from '@parlance/shared';
import { requireUser } from '../../platform/guards';
import { describeUnsubscribe, sendPromotion, unsubscribe } from './service';

const TAGS = ['Mail'];
const tokenQuery = z.object({ token: unsubscribeTokenSchema });

export const mailRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const limit = { max: 30, timeWindow: 60_000 };

  // The link of List-Unsubscribe and of the mail's footer. A GET never turns anything off (mail
  // scanners follow links): it opens the page that asks, which POSTs here.
  app.get(
    '/api/2/mail/unsubscribe',
    {
      config: { access: 'public', rateLimit: limit, produces: ['redirect'] },
      schema: {
        tags: TAGS,
        summary: 'The unsubscribe link of a mail: opens the page that asks before turning the mail off',
        querystring: tokenQuery,
      },
    },
    async (request, reply) => reply.redirect(`/unsubscribe?token=${encodeURIComponent(request.query.token)}`, 303),
  );

  app.get(
    '/api/2/mail/unsubscribe/info',
    {
      config: { access: 'public', rateLimit: limit },
      schema: {
        tags: TAGS,
        summary: 'What an unsubscribe link turns off: the mailing switch, its label, the account (masked)',
        querystring: tokenQuery,
        response: { 200: z.object({ results: unsubscribeViewSchema }) },
      },
    },
    async (request) => ({ results: await describeUnsubscribe(deps, request.query.token) }),
  );

  app.post(
    '/api/2/mail/unsubscribe',
    {
      // the signed token is the proof, not a session: mail providers POST without cookies
      config: { access: 'public', csrf: false, rateLimit: limit },
      schema: {
        tags: TAGS,
        summary:
          'One-click unsubscribe (RFC 8058): turns off the one mailing switch the token names, without signing in. Body: List-Unsubscribe=One-Click',
        querystring: tokenQuery,
        response: { 200: z.object({ status: z.literal('OK'), results: unsubscribeViewSchema }) },
      },
    },
    async (request) => ({
      status: 'OK' as const,
      results: await unsubscribe(deps, request.query.token, request.ip),
    }),
  );

  app.post(
    '/api/2/admin/mail/promotions',
    {
      config: { access: 'settings.write', csrf: true },
      schema: {
        tags: TAGS,
        summary: 'Send a promotion (subject, text) to every user who turned on news, offers and promotions',
        body: promotionInputSchema,
        response: { 200: z.object({ status: z.literal('OK'), message: z.string(), recipients: z.number().int() }) },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const recipients = await sendPromotion(deps, (auth.admin ?? auth.user).id, request.body, request.ip);
      return { status: 'OK' as const, message: MAIL_TEXTS.promotionQueued, recipients };
    },
  );
};
