// OAuth authorization-code grant, the customer's side: the consent page's calls and the list of
// applications allowed to act for them (RFC 6749 section 4.1, PKCE RFC 7636). The token endpoint
// is part of the customer API (modules/public-api/token-route.ts).
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authorizeCheckSchema,
  authorizeDecisionSchema,
  authorizedAppSchema,
  authorizeRequestSchema,
  dbIdSchema,
  OAUTH_TEXTS,
} from '@parlance/shared';
import { requireUser } from '../../platform/guards';
import { authorizedApps, checkAuthorization, decideAuthorization, revokeAuthorizedApp } from './consent';

const tags = ['OAuth'];
const appsAnswer = z.object({ results: z.array(authorizedAppSchema) });

export const oauthRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;

  app.get(
    '/api/2/oauth/authorize',
    {
      config: { access: 'customer', refusal: OAUTH_TEXTS.customersOnly },
      schema: {
        summary:
          'The consent page (/oauth/authorize) asks what to show for an authorization request: the client and the scopes, or why not',
        tags,
        querystring: authorizeRequestSchema,
        response: { 200: z.object({ results: authorizeCheckSchema }) },
      },
    },
    async (request) => ({ results: await checkAuthorization(deps, request.query) }),
  );

  app.post(
    '/api/2/oauth/authorize',
    {
      config: { access: 'customer', credentials: 'session', refusal: OAUTH_TEXTS.customersOnly },
      schema: {
        summary:
          'Allow or deny the application: where to send the browser (the redirect uri with code and state, or error=access_denied)',
        tags,
        body: authorizeDecisionSchema,
        response: { 200: z.object({ results: z.object({ redirectTo: z.string() }) }) },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const { decision, ...authorization } = request.body;
      const redirectTo = await decideAuthorization(deps, auth, authorization, decision === 'allow', request.ip);
      return { results: { redirectTo } };
    },
  );

  app.get(
    '/api/2/oauth/authorized-apps',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'The applications allowed to act for you: name, scopes, when allowed, last used',
        tags,
        response: { 200: appsAnswer },
      },
    },
    async (request) => ({ results: await authorizedApps(deps, requireUser(request).user.id) }),
  );

  app.delete(
    '/api/2/oauth/authorized-apps/:id',
    {
      config: { access: 'customer', credentials: 'session' },
      schema: {
        summary: "Revoke an application's access: its access and refresh tokens are refused at once",
        tags,
        params: z.object({ id: dbIdSchema }),
        response: { 200: appsAnswer },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      await revokeAuthorizedApp(deps, auth, request.params.id, request.ip);
      return { results: await authorizedApps(deps, auth.user.id) };
    },
  );
};
