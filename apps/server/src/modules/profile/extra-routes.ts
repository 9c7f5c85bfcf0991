// Profile, the remaining calls: social networks, transcription skill, SMS code resend, Telegram
// notifications, and the public profile of /profile/show.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  networksInputSchema,
  networksSchema,
  PHONE_TEXTS,
  PROFILE_EXTRA_TEXTS,
  publicProfileSchema,
  sendSmsVerificationInputSchema,
  startPhoneVerifyInputSchema,
  telegramSandboxStartInputSchema,
  telegramSubscriptionInputSchema,
  telegramSubscriptionSchema,
  transcriptionSkillInputSchema,
  transcriptionSkillsSchema,
} from '@parlance/shared';
import { users } from '../../db/schema';
import { badRequest, notFound } from '../../platform/errors';
import { requireUser } from '../../platform/guards';
import { createSmsProvider } from '../../platform/sms';
import { authorize } from '../../platform/permissions';
import './policy';
import { startPhoneVerification } from './phone';
import {
  getNetworks,
  getPublicProfile,
  getTranscriptionSkills,
  setTranscriptionSkill,
  updateNetworks,
} from './public-profile';
import { getTelegramSubscription, sandboxStart, setTelegramSubscription, smsTelegramLink } from './telegram';

const tags = ['profile'];
const consumes = ['application/x-www-form-urlencoded', 'application/json'];
const okStatus = z.literal('OK');

export const profileExtraRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  const sms = createSmsProvider(deps.db, deps.config.smsProviderUrl);

  app.get(
    '/api/2/account/networks',
    {
      config: { access: 'user' },
      schema: {
        summary: 'The social network links of the signed-in user',
        tags,
        response: { 200: z.object({ results: networksSchema }) },
      },
    },
    async (request) => ({ results: await getNetworks(deps, requireUser(request).user.id) }),
  );

  app.post(
    '/userService/updateNetworksInfo',
    {
      config: { access: 'user' },
      schema: {
        summary:
          'Save the social network links (linkedin, facebook, twitter, proz, website; https links, empty removes)',
        tags,
        consumes,
        body: networksInputSchema,
        response: { 200: z.object({ status: okStatus, networks: networksSchema }) },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      return { status: 'OK' as const, networks: await updateNetworks(deps, auth.user.id, request.body) };
    },
  );

  app.get(
    '/api/2/account/transcription-skills',
    {
      config: { access: 'user' },
      schema: {
        summary: 'The languages the signed-in translator transcribes',
        tags,
        response: { 200: z.object({ results: transcriptionSkillsSchema }) },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      authorize(auth, 'profile.translator-sections', null);
      return { results: await getTranscriptionSkills(deps, auth.user.id) };
    },
  );

  app.post(
    '/userService/setTranscriptionSkill',
    {
      config: { access: 'user' },
      schema: {
        summary:
          'Add a transcription language (uid, lang: language id or slug) or remove it (status=cancel); matching offers transcription projects in these languages',
        tags,
        consumes,
        body: transcriptionSkillInputSchema,
        response: { 200: z.object({ status: okStatus, results: transcriptionSkillsSchema }) },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      authorize(auth, 'profile.translator-sections', null);
      return { status: 'OK' as const, results: await setTranscriptionSkill(deps, auth, request.body) };
    },
  );

  app.post(
    '/userService/sendSMSVerification',
    {
      config: { access: 'user', rateLimit: { max: deps.config.authRateLimit, timeWindow: 60_000 } },
      schema: {
        summary:
          "Send (again) a verification code by SMS: to the phone given, or to the account's phone (one a minute)",
        tags: ['phone'],
        consumes,
        body: sendSmsVerificationInputSchema,
        response: { 200: z.object({ status: okStatus, message: z.string(), phone: z.string() }) },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      let phone = request.body?.phone ?? '';
      if (!phone) {
        const [row] = await deps.db.select({ phone: users.phone }).from(users).where(eq(users.id, auth.user.id));
        phone = row?.phone ?? '';
      }
      if (!phone) throw badRequest(PROFILE_EXTRA_TEXTS.smsNeedsPhone, { phone: PROFILE_EXTRA_TEXTS.smsNeedsPhone });
      const parsed = startPhoneVerifyInputSchema.safeParse({ phone });
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? PHONE_TEXTS.invalid;
        throw badRequest(message, { phone: message });
      }
      await startPhoneVerification(deps, sms, auth, parsed.data.phone);
      return { status: 'OK' as const, message: PHONE_TEXTS.codeSent, phone: parsed.data.phone };
    },
  );

  const telegramTags = ['telegram'];
  const subscriptionAnswer = z.object({ status: okStatus, results: telegramSubscriptionSchema });

  app.get(
    '/telegram/subscription',
    {
      config: { access: 'user' },
      schema: {
        summary:
          'Whether Telegram notifications are on (has_subscribed) and, while off, the bot link with the one-time start code',
        tags: telegramTags,
        response: { 200: subscriptionAnswer },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      return { status: 'OK' as const, results: await getTelegramSubscription(deps, auth.user.id) };
    },
  );

  app.post(
    '/telegram/subscription',
    {
      config: { access: 'user' },
      schema: {
        summary:
          'Turn Telegram notifications on (has_subscribed=1; Start must have been pressed in the bot) or off (has_subscribed=0)',
        tags: telegramTags,
        consumes,
        body: telegramSubscriptionInputSchema,
        response: { 200: subscriptionAnswer },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      return {
        status: 'OK' as const,
        results: await setTelegramSubscription(deps, auth.user.id, request.body.has_subscribed),
      };
    },
  );

  app.post(
    '/telegram/sms',
    {
      config: { access: 'user', rateLimit: { max: 5, timeWindow: 60_000 } },
      schema: {
        summary: "Text the bot link to the user's verified phone, to open it where Telegram is installed",
        tags: telegramTags,
        consumes,
        body: z.object({}).passthrough().optional(),
        response: { 200: z.object({ status: okStatus, message: z.string() }) },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      await smsTelegramLink(deps, sms, auth.user.id);
      return { status: 'OK' as const, message: PROFILE_EXTRA_TEXTS.telegramSmsSent };
    },
  );

  app.post(
    '/api/2/telegram/sandbox/start',
    {
      config: { access: 'user' },
      schema: {
        summary:
          'Sandbox only (no TELEGRAM_BOT_TOKEN): stands in for pressing Start in the bot with the start code. 404 when a real bot is configured',
        tags: telegramTags,
        consumes,
        body: telegramSandboxStartInputSchema,
        response: { 200: subscriptionAnswer },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      if (!deps.telegram.sandbox) throw notFound();
      return { status: 'OK' as const, results: await sandboxStart(deps, auth.user.id, request.body.code) };
    },
  );

  app.get(
    '/api/2/account/public-profile',
    {
      config: { access: 'user' },
      schema: {
        summary:
          "A user's public profile (/profile/show): one's own, or a translator's to the customers who work with them and to admins; others 404",
        tags,
        querystring: z.object({ user_id: z.coerce.number().int().positive().optional() }),
        response: { 200: z.object({ results: publicProfileSchema }) },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      return { results: await getPublicProfile(deps, auth, request.query.user_id ?? auth.user.id) };
    },
  );
};
