// Profile: account information, password, mailing preferences and secondary e-mails (spec 2 §2-9).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PHONE_TEXTS,
  phoneStatusSchema,
  startPhoneVerifyInputSchema,
  tryPhoneVerifyInputSchema,
  checkCredentialsInputSchema,
  DELETE_TEXTS,
  deleteAccountInputSchema,
  SESSION_COOKIE,
  accountDetailsSchema,
  apiKeysStateSchema,
  oauthClientInputSchema,
  accountInfoInputSchema,
  mailingPreferencesInputSchema,
  mailingPreferencesSchema,
  secondaryEmailInputSchema,
  updatePasswordInputSchema,
} from '@parlance/shared';
import { forbidden } from '../../platform/errors';
import { requireUser } from '../../platform/guards';
import { getAccountDetails, updateAccountDetails, updatePassword } from './account';
import { addSecondaryEmail, getMailingPreferences, removeSecondaryEmail, updateMailingPreferences } from './mailing';
import { apiKeysState, generateOauthClient, regenerateApiKey, updateOauthClient } from './api-keys';
import { createSmsProvider } from '../../platform/sms';
import { checkCredentials, deleteAccount } from './delete-account';
import { phoneStatus, startPhoneVerification, tryPhoneVerification } from './phone';
import { authorize } from '../../platform/permissions';
import './policy';

const tags = ['profile'];
const consumes = ['application/x-www-form-urlencoded', 'application/json'];
const ok = { status: 'OK' as const };
const okStatus = z.literal('OK');

/** The password belongs to the person in a browser session (see policy.ts). */
function requireSecretsOwner(request: FastifyRequest) {
  const auth = requireUser(request);
  authorize(auth, 'account.manage-secrets', null);
  return auth;
}

/** API credentials: a customer (or admin) in their own browser session. */
function requireKeyOwner(request: FastifyRequest) {
  const auth = requireSecretsOwner(request);
  authorize(auth, 'account.api-keys', null);
  return auth;
}

const keyAnswer = z.object({ status: okStatus, token_api: z.string(), keys: apiKeysStateSchema });
const oauthAnswer = z.object({
  results: z.object({ clientId: z.string(), clientSecret: z.string(), redirectUri: z.string() }),
});

export const profileRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;

  app.get(
    '/api/2/account/details',
    {
      config: { access: 'user' },
      schema: {
        summary: 'The account information form of the signed-in user',
        tags,
        response: { 200: z.object({ results: accountDetailsSchema }) },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      return { results: await getAccountDetails(deps, auth.user) };
    },
  );

  app.post(
    '/userService/updateAccountInfo',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Save the account information (fullName, address, userCountry, userIndustry, city, phone, company)',
        tags,
        consumes,
        body: accountInfoInputSchema,
        response: { 200: z.object({ status: okStatus, account: accountDetailsSchema }) },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      return { ...ok, account: await updateAccountDetails(deps, auth, request.body, request.ip) };
    },
  );

  app.post(
    '/userService/updatePassword',
    {
      config: { access: 'user', credentials: 'session' },
      schema: {
        summary: 'Change the password (old_password, password, password_verify); ends the other sessions',
        tags,
        consumes,
        body: updatePasswordInputSchema,
        response: { 200: z.object({ status: okStatus }) },
      },
    },
    async (request) => {
      const auth = requireSecretsOwner(request);
      await updatePassword(deps, auth, request.session?.idHash ?? null, request.body, request.ip);
      return ok;
    },
  );

  app.get(
    '/api/2/account/mailing-preferences',
    {
      config: { access: 'user' },
      schema: {
        summary: 'The mailing preference flags and secondary e-mails of the signed-in user',
        tags,
        response: { 200: z.object({ results: mailingPreferencesSchema }) },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      return { results: await getMailingPreferences(deps, auth.user.id) };
    },
  );

  app.post(
    '/userService/updateMailingPreferences',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Save mailing preference flags ("1" or "0" each); flags not sent keep their value',
        tags,
        consumes,
        body: mailingPreferencesInputSchema,
        response: { 200: z.object({ status: okStatus, preferences: mailingPreferencesSchema }) },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      return { ...ok, preferences: await updateMailingPreferences(deps, auth, request.body, request.ip) };
    },
  );

  app.post(
    '/userService/addSecEmailToUser',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Add a secondary e-mail address (uid, email); at most 5',
        tags,
        consumes,
        body: secondaryEmailInputSchema,
        response: { 200: z.object({ status: okStatus, preferences: mailingPreferencesSchema }) },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      return { ...ok, preferences: await addSecondaryEmail(deps, auth, request.body) };
    },
  );

  app.post(
    '/userService/removeSecEmailFromUser',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Remove a secondary e-mail address (uid, email)',
        tags,
        consumes,
        body: secondaryEmailInputSchema,
        response: { 200: z.object({ status: okStatus, preferences: mailingPreferencesSchema }) },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      return { ...ok, preferences: await removeSecondaryEmail(deps, auth, request.body) };
    },
  );

  app.get(
    '/api/2/account/api-keys',
    {
      config: { access: 'user', credentials: 'session' },
      schema: {
        summary: 'The API key and OAuth client of the signed-in customer (never their secrets)',
        tags,
        response: { 200: z.object({ results: apiKeysStateSchema }) },
      },
    },
    async (request) => {
      const auth = requireKeyOwner(request);
      return { results: await apiKeysState(deps, auth.user.id) };
    },
  );

  app.post(
    '/userService/updateApiKeysForm',
    {
      config: { access: 'user', credentials: 'session' },
      schema: {
        summary:
          'Generate the API key (keygen); a new key replaces the old one. The key is answered once, as token_api',
        tags,
        consumes,
        body: z.object({ keygen: z.string().max(10).optional(), token_api: z.string().max(200).optional() }).optional(),
        response: { 200: keyAnswer },
      },
    },
    async (request) => {
      const auth = requireKeyOwner(request);
      const token = await regenerateApiKey(deps, auth, request.ip);
      return { ...ok, token_api: token, keys: await apiKeysState(deps, auth.user.id) };
    },
  );

  app.get(
    '/userService/updateApiKeysForm',
    {
      config: { access: 'user', csrf: true, credentials: 'session' },
      schema: {
        summary: 'Reset the API key (s=reset&react=1; needs the CSRF header): the old key stops working',
        tags,
        querystring: z.object({ s: z.literal('reset'), react: z.string().max(5).optional() }),
        response: { 200: keyAnswer },
      },
    },
    async (request) => {
      const auth = requireKeyOwner(request);
      const token = await regenerateApiKey(deps, auth, request.ip);
      return { ...ok, token_api: token, keys: await apiKeysState(deps, auth.user.id) };
    },
  );

  app.post(
    '/api/2/oauth/generate-keys',
    {
      config: { access: 'user', credentials: 'session' },
      schema: {
        summary: 'Create (or replace) the OAuth client: clientId and clientSecret, the secret answered once',
        tags,
        consumes,
        body: oauthClientInputSchema,
        response: { 200: oauthAnswer },
      },
    },
    async (request) => {
      const auth = requireKeyOwner(request);
      return { results: await generateOauthClient(deps, auth, request.body, request.ip) };
    },
  );

  app.post(
    '/api/2/oauth/update-client',
    {
      config: { access: 'user', credentials: 'session' },
      schema: {
        summary: "Change the OAuth client's redirect uri",
        tags,
        consumes,
        body: oauthClientInputSchema,
        response: { 200: z.object({ results: apiKeysStateSchema }) },
      },
    },
    async (request) => {
      const auth = requireKeyOwner(request);
      await updateOauthClient(deps, auth, request.body);
      return { results: await apiKeysState(deps, auth.user.id) };
    },
  );

  app.post(
    '/api/2/account/check-credentials',
    {
      config: {
        access: 'user',
        rateLimit: { max: deps.config.authRateLimit, timeWindow: 60_000, credentials: 'session' },
      },
      schema: {
        summary: "Check the signed-in user's password (the deletion's password step)",
        tags,
        consumes,
        body: checkCredentialsInputSchema,
        response: { 200: z.object({ status: okStatus }) },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      authorize(auth, 'account.delete', null);
      await checkCredentials(auth, request.body.password);
      return ok;
    },
  );

  app.post(
    '/ajax/deleteAccount',
    {
      config: {
        access: 'user',
        rateLimit: { max: deps.config.authRateLimit, timeWindow: 60_000, credentials: 'session' },
      },
      schema: {
        summary:
          'Delete the account (JSON: reason from getDeleteReasons, comment when other, password). Personal data erased; ledger and invoices kept; every session ends. 409 while projects are open',
        tags,
        body: deleteAccountInputSchema,
        response: { 200: z.object({ status: okStatus }) },
      },
    },
    async (request, reply) => {
      const auth = requireUser(request);
      authorize(auth, 'account.delete', null);
      // staff accounts are closed by another admin, not by themselves
      if (auth.user.isAdmin) throw forbidden(DELETE_TEXTS.ownerOnly);
      await deleteAccount(deps, auth, request.body, request.ip);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return ok;
    },
  );

  const sms = createSmsProvider(deps.db, deps.config.smsProviderUrl);
  const phoneTags = ['phone'];

  app.post(
    '/ajax/phoneverify/startverify',
    {
      config: { access: 'user', rateLimit: { max: deps.config.authRateLimit, timeWindow: 60_000 } },
      schema: {
        summary: 'Send a 6-digit code to the phone by SMS (one a minute; valid 10 minutes)',
        tags: phoneTags,
        consumes,
        body: startPhoneVerifyInputSchema,
        response: { 200: z.object({ status: okStatus, message: z.string() }) },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      await startPhoneVerification(deps, sms, auth, request.body.phone);
      return { ...ok, message: PHONE_TEXTS.codeSent };
    },
  );

  app.post(
    '/ajax/phoneverify/tryverify',
    {
      config: { access: 'user', rateLimit: { max: deps.config.authRateLimit, timeWindow: 60_000 } },
      schema: {
        summary: 'Verify the phone with the code (5 tries)',
        tags: phoneTags,
        consumes,
        body: tryPhoneVerifyInputSchema,
        response: { 200: z.object({ status: okStatus, message: z.string() }) },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      await tryPhoneVerification(deps, auth, request.body.phone, request.body.code);
      return { ...ok, message: PHONE_TEXTS.verified };
    },
  );

  app.get(
    '/ajax/phoneverify/status',
    {
      config: { access: 'user' },
      schema: {
        summary: 'The phone, whether it is verified, and a number waiting for its code',
        tags: phoneTags,
        response: { 200: z.object({ status: okStatus, results: phoneStatusSchema }) },
      },
    },
    async (request) => ({ ...ok, results: await phoneStatus(deps, requireUser(request).user.id) }),
  );
};
