// Auth: signup, sign-in and out, passwords by mail, two-step login, terms, the bearer token, captcha.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TEXTS } from '@parlance/shared';
import { audit } from '../../platform/audit';
import { CAPTCHA_CHALLENGE_PATH, createCaptchaChallenge } from '../../platform/captcha';
import { notFound } from '../../platform/errors';
import { requireUser } from '../../platform/guards';
import { endSession } from '../../platform/session';
import { issueAccessToken } from './access-token';
import { acceptPolicy, acceptTerms, accountInfo, updateRegisterInfo } from './account';
import { authenticate } from './login';
import {
  isTokenUsable,
  requestPasswordReset,
  sendCreatePasswordLink,
  setFirstPassword,
  setPasswordWithToken,
} from './passwords';
import { authorize } from '../../platform/permissions';
import './policy';
import { countUnreadMessages } from '../../platform/messages';
import { presentUser } from './present';
import {
  acceptedAnswer,
  acceptTermsBody,
  accountAnswer,
  accountQuery,
  authTokenAnswer,
  captchaChallengeAnswer,
  checkTokenBody,
  firstPasswordBody,
  loginBody,
  okAnswer,
  resetTokenBody,
  setPasswordBody,
  setPasswordQuery,
  signupBody,
  tokenValidAnswer,
  recoveryCodesAnswer,
  recoveryCodesLeftAnswer,
  staffTwoFactorResetBody,
  twoFactorCodeBody,
  twoFactorEnabledAnswer,
  twoFactorResetBody,
  twoFactorSetupAnswer,
  twoFactorStateAnswer,
  updateRegisterInfoBody,
  userAnswer,
} from './schemas';
import { signIn } from './sign-in';
import { registerAccount } from './signup';
import {
  enableTwoFactor,
  recoveryCodesLeft,
  regenerateRecoveryCodes,
  resetTwoFactor,
  staffResetTwoFactor,
  startTwoFactorMove,
  startTwoFactorSetup,
} from './two-factor';
import { findUserById } from './users';

const tags = ['auth'];
/** the web app posts forms; API clients may post JSON */
const consumes = ['application/x-www-form-urlencoded', 'application/json'];
const accountTags = ['account'];

/** Sign-in settings need the owner in a browser session (see policy.ts). */
function requireCredentialOwner(request: FastifyRequest) {
  const auth = requireUser(request);
  authorize(auth, 'account.manage-credentials', null);
  return auth;
}

export const authRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  /** attempts per IP per minute on the calls that guess or send mail */
  const rateLimit = { rateLimit: { max: deps.config.authRateLimit, timeWindow: 60_000 } };
  const ok = { status: 'OK' as const };

  app.get(
    CAPTCHA_CHALLENGE_PATH,
    {
      config: { access: 'public' },
      schema: {
        summary: "A new ALTCHA proof-of-work challenge (the widget's challenge URL)",
        tags,
        response: { 200: captchaChallengeAnswer },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return createCaptchaChallenge(deps);
    },
  );

  app.post(
    '/userService/addAccountInfo',
    {
      config: { ...rateLimit, access: 'public' },
      schema: {
        summary: 'Sign up (form-encoded); signs the new user in',
        tags,
        consumes,
        body: signupBody,
        response: { 200: userAnswer },
      },
    },
    async (request, reply) => {
      const user = await registerAccount(deps, request.body, request.ip);
      const auth = await signIn(deps, request, reply, user, { action: 'auth.login', details: { via: 'signup' } });
      return { ...ok, user: presentUser(auth) };
    },
  );

  app.post(
    '/api/2/account/auth/login',
    {
      config: { ...rateLimit, access: 'public' },
      schema: {
        summary: 'Sign in with e-mail and password (and the two-step code when it is on)',
        description:
          '400 "[username] ..." or "[password] ..." for a missing field; 403 "Captcha ..."; 401 incorrect e-mail or password; 417 when a two-step code is needed or wrong.',
        tags,
        consumes,
        body: loginBody,
        response: { 200: userAnswer },
      },
    },
    async (request, reply) => {
      const { user, secondFactor } = await authenticate(deps, request.body);
      const auth = await signIn(deps, request, reply, user, {
        action: 'auth.login',
        details: { twoFactor: user.totpEnabled, ...(secondFactor ? { secondFactor } : {}) },
      });
      const unreadMessages = await countUnreadMessages(deps.db, user.id);
      return { ...ok, user: presentUser(auth, { unreadMessages }) };
    },
  );

  app.get(
    '/api/logout',
    {
      config: { access: 'public', csrf: true },
      schema: { summary: 'Sign out (needs the CSRF header when signed in)', tags, response: { 200: okAnswer } },
    },
    async (request, reply) => {
      const auth = request.auth;
      await endSession(deps.db, request, reply);
      if (auth && request.session) {
        const actor = auth.admin ?? auth.user;
        await audit(deps.db, {
          actorId: actor.id,
          action: 'auth.logout',
          targetType: 'user',
          targetId: auth.user.id,
          ip: request.ip,
        });
      }
      return ok;
    },
  );

  app.post(
    '/api/2/account/auth/password/resetPasswordToken',
    {
      config: { ...rateLimit, access: 'public' },
      schema: {
        summary: 'Mail a password-reset link (valid one hour, single use)',
        description: '404 with errors.email for an address that has no account (the spec asks for this).',
        tags,
        consumes,
        body: resetTokenBody,
        response: { 200: okAnswer },
      },
    },
    async (request) => {
      await requestPasswordReset(deps, request.body.email, request.ip);
      return ok;
    },
  );

  app.post(
    '/ajax/user/checkToken',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Whether a password link token is unused and unexpired',
        tags,
        consumes,
        body: checkTokenBody,
        response: { 200: tokenValidAnswer },
      },
    },
    async (request) => ({ isTokenValid: await isTokenUsable(deps, request.body.token) }),
  );

  app.post(
    '/api/2/account/auth/password',
    {
      config: { ...rateLimit, access: 'public' },
      schema: {
        summary: 'Set the password from a mailed link (reset or create); signs the user in',
        description:
          'Ends every other session of the user. 400 when the link is invalid, expired or used. For an account with two-step login: 417 until the same form is sent again with twoFactorAuthCode (an app code or a recovery code); nothing changes and no session starts before that, and the link is spent only then (or after 5 wrong codes).',
        tags,
        querystring: setPasswordQuery,
        consumes,
        body: setPasswordBody,
        response: { 200: userAnswer },
      },
    },
    async (request, reply) => {
      const token = request.query.token ?? request.body.token;
      const { user, secondFactor } = await setPasswordWithToken(deps, token, request.body, request.ip);
      const auth = await signIn(deps, request, reply, user, {
        action: 'auth.login',
        details: { via: 'password-link', twoFactor: user.totpEnabled, ...(secondFactor ? { secondFactor } : {}) },
      });
      return { ...ok, user: presentUser(auth) };
    },
  );

  app.post(
    '/api/2/account/auth/first-password/setup',
    {
      config: { access: 'user', credentials: 'session' },
      schema: {
        summary: 'Set the first password of a signed-in user who has none',
        tags,
        consumes,
        body: firstPasswordBody,
        response: { 200: userAnswer },
      },
    },
    async (request) => {
      const auth = requireCredentialOwner(request);
      const user = await setFirstPassword(deps, auth.user, request.body, request.ip);
      return {
        ...ok,
        user: presentUser({ ...auth, user }, { unreadMessages: await countUnreadMessages(deps.db, user.id) }),
      };
    },
  );

  app.post(
    '/api/2/account/auth/send-password-link',
    {
      config: { ...rateLimit, access: 'user' },
      schema: {
        summary: 'Mail a link to set a password (signed-in user without one)',
        tags,
        response: { 200: okAnswer },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      await sendCreatePasswordLink(deps, auth.user);
      return ok;
    },
  );

  app.post(
    '/userService/updateRegisterInfo',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Complete or change the registration details of the signed-in user',
        tags: accountTags,
        consumes,
        body: updateRegisterInfoBody,
        response: { 200: userAnswer },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const user = await updateRegisterInfo(deps, auth, request.body, request.ip);
      return {
        ...ok,
        user: presentUser({ ...auth, user }, { unreadMessages: await countUnreadMessages(deps.db, user.id) }),
      };
    },
  );

  app.post(
    '/api/2/accept-terms-of-service',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Accept the terms of service',
        tags: accountTags,
        consumes,
        body: acceptTermsBody,
        response: { 200: acceptedAnswer },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      await acceptTerms(deps, auth, request.body.value, request.ip);
      return { results: { accepted: true } };
    },
  );

  app.get(
    '/api/2/user/checkPolicyTermsConditions',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Whether the signed-in user accepted the privacy policy',
        tags: accountTags,
        response: { 200: acceptedAnswer },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      return { results: { accepted: auth.user.policyAcceptedAt !== null } };
    },
  );

  app.get(
    '/api/2/user/updatePolicyTermsConditions',
    {
      config: { access: 'user', csrf: true },
      schema: {
        summary: 'Accept the privacy policy (needs the CSRF header)',
        tags: accountTags,
        response: { 200: acceptedAnswer },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      await acceptPolicy(deps, auth, request.ip);
      return { results: { accepted: true } };
    },
  );

  app.get(
    '/api/2/account',
    {
      config: { access: 'user' },
      schema: {
        summary: "Account information: your own, or any user's for an admin",
        tags: accountTags,
        security: [{ bearer: [] }],
        querystring: accountQuery,
        response: { 200: accountAnswer },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      return { results: await accountInfo(deps, auth, request.query.user_id) };
    },
  );

  app.get(
    '/api/2/auth/2fa',
    {
      config: { access: 'user', credentials: 'session' },
      schema: {
        summary: 'The secret and otpauth:// URI to set up two-step login',
        description: 'Shows the same pending secret until it is confirmed; 409 when two-step login is already on.',
        tags,
        response: { 200: twoFactorSetupAnswer },
      },
    },
    async (request) => {
      const auth = requireCredentialOwner(request);
      return { results: await startTwoFactorSetup(deps, auth.user) };
    },
  );

  app.post(
    '/api/2/account/2fa',
    {
      config: { access: 'user', credentials: 'session' },
      schema: {
        summary: 'Turn two-step login on with a code from the authenticator app',
        description: 'Answers the ten single-use recovery codes: shown this once, only their digests are kept.',
        tags,
        consumes,
        body: twoFactorCodeBody,
        response: { 200: twoFactorEnabledAnswer },
      },
    },
    async (request) => {
      const auth = requireCredentialOwner(request);
      const recoveryCodes = await enableTwoFactor(deps, auth.user, request.body.code, request.ip);
      return { results: { enabled: true as const, recoveryCodes } };
    },
  );

  app.get(
    '/api/2/account/2fa/recovery-codes',
    {
      config: { access: 'user', credentials: 'session' },
      schema: {
        summary: 'Whether two-step login is on, and how many unused recovery codes are left',
        tags,
        response: { 200: recoveryCodesLeftAnswer },
      },
    },
    async (request) => {
      const auth = requireCredentialOwner(request);
      return {
        results: {
          enabled: auth.user.totpEnabled,
          recoveryCodesLeft: auth.user.totpEnabled ? await recoveryCodesLeft(deps.db, auth.user.id) : 0,
        },
      };
    },
  );

  app.post(
    '/api/2/account/2fa/recovery-codes',
    {
      config: { ...rateLimit, access: 'user', credentials: 'session' },
      schema: {
        summary: 'Ten new recovery codes for a current code from the authenticator app',
        description: 'The old recovery codes stop working. 400 when the code is missing or wrong.',
        tags,
        consumes,
        body: twoFactorCodeBody,
        response: { 200: recoveryCodesAnswer },
      },
    },
    async (request) => {
      const auth = requireCredentialOwner(request);
      return {
        results: { recoveryCodes: await regenerateRecoveryCodes(deps, auth.user, request.body.code, request.ip) },
      };
    },
  );

  app.post(
    '/api/2/account/2fa/new-secret',
    {
      config: { access: 'user', credentials: 'session' },
      schema: {
        summary: 'The secret of a new authenticator app, to move two-step login to it',
        description:
          'Two-step login stays on with the old app until POST /api/2/account/2fa/reset gets a code from each. 409 when two-step login is off.',
        tags,
        response: { 200: twoFactorSetupAnswer },
      },
    },
    async (request) => {
      const auth = requireCredentialOwner(request);
      return { results: await startTwoFactorMove(deps, auth.user) };
    },
  );

  app.post(
    '/api/2/account/2fa/reset',
    {
      config: { access: 'user', credentials: 'session' },
      schema: {
        summary: 'Turn two-step login off with a current code, or move it to a new app with the old and new codes',
        description:
          'code: from the current app, or a recovery code (then spent). Without new_code two-step login is turned off; with new_code (from the secret of POST /api/2/account/2fa/new-secret) it moves to the new app and stays on.',
        tags,
        consumes,
        body: twoFactorResetBody,
        response: { 200: twoFactorStateAnswer },
      },
    },
    async (request) => {
      const auth = requireCredentialOwner(request);
      return { results: { enabled: await resetTwoFactor(deps, auth.user, request.body, request.ip) } };
    },
  );

  app.post(
    '/api/2/admin/users/:id/2fa/reset',
    {
      config: { ...rateLimit, access: 'users.act' },
      schema: {
        summary: "Staff: turn off a locked-out customer's or translator's two-step login",
        description:
          'Ends every session of the user, mails them (the mail holds nothing that signs in) and writes an audit row with the reason. 404 for an unknown user or a staff account; 409 when two-step login is off.',
        tags: accountTags,
        consumes,
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        body: staffTwoFactorResetBody,
        response: { 200: twoFactorStateAnswer },
      },
    },
    async (request) => {
      const staff = requireUser(request);
      const target = await findUserById(deps.db, request.params.id);
      // staff accounts are not reset here: that would hand one staff member another's second factor
      if (!target || target.type === 'admin') throw notFound(TEXTS.userNotFound);
      await staffResetTwoFactor(deps, (staff.admin ?? staff.user).id, target, request.body.reason, request.ip);
      return { results: { enabled: false } };
    },
  );

  app.get(
    '/api/2/auth/token',
    {
      // a bearer token may not mint its successor: that would make it last for ever
      config: { access: 'user', credentials: 'session' },
      schema: {
        summary: 'A bearer JWT (10 minutes) and the acl groups of the signed-in user',
        tags,
        response: { 200: authTokenAnswer },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      return { results: await issueAccessToken(deps, auth.user) };
    },
  );
};
