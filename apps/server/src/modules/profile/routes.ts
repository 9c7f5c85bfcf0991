// Profile: account information, password, mailing preferences and secondary e-mails (spec 2 §2-9).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountDetailsSchema,
  accountInfoInputSchema,
  mailingPreferencesInputSchema,
  mailingPreferencesSchema,
  secondaryEmailInputSchema,
  TEXTS,
  updatePasswordInputSchema,
} from '@parlance/shared';
import { forbidden } from '../../platform/errors';
import { requireUser } from '../../platform/guards';
import { getAccountDetails, updateAccountDetails, updatePassword } from './account';
import { addSecondaryEmail, getMailingPreferences, removeSecondaryEmail, updateMailingPreferences } from './mailing';
import { canManageSecrets } from './policy';

const tags = ['profile'];
const consumes = ['application/x-www-form-urlencoded', 'application/json'];
const ok = { status: 'OK' as const };
const okStatus = z.literal('OK');

/** The password belongs to the person in a browser session (see policy.ts). */
function requireSecretsOwner(request: FastifyRequest) {
  const auth = requireUser(request);
  if (!canManageSecrets(auth)) throw forbidden(TEXTS.ownerOnly);
  return auth;
}

export const profileRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;

  app.get(
    '/api/2/account/details',
    {
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
};
