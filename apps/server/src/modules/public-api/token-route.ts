import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_SCOPES, authenticateOauthClient } from '../../platform/api-keys';
import { exchangeCode, OauthError, refreshGrant } from './oauth-grants';

// POST /api/v1/oauth/token: client credentials (the client acts as its owner), authorization code
// with PKCE and refresh token (the client acts for the customer who consented). Its own error
// handler answers the shape of RFC 6749 section 5.2, which OAuth libraries read.

export const ACCESS_TOKEN_TTL_SECONDS = 3600;

const oauthErrorSchema = z
  .object({
    error: z.enum(['invalid_request', 'invalid_client', 'invalid_grant', 'unsupported_grant_type', 'invalid_scope']),
    error_description: z.string(),
  })
  .describe('RFC 6749 section 5.2');

const tokenBody = z.object({
  grant_type: z.string().max(100).describe('client_credentials, authorization_code or refresh_token'),
  client_id: z.string().max(100).optional(),
  client_secret: z
    .string()
    .max(200)
    .optional()
    .describe('Required for client_credentials; optional with a PKCE code_verifier'),
  scope: z
    .string()
    .max(100)
    .optional()
    .describe('Space-separated subset of "read order pay"; default all the client (or the grant) has'),
  code: z.string().max(200).optional().describe('authorization_code: the code sent to the redirect uri'),
  redirect_uri: z.string().max(2000).optional().describe('authorization_code: the one of the authorization request'),
  code_verifier: z.string().max(200).optional().describe('authorization_code: the PKCE verifier (RFC 7636)'),
  refresh_token: z.string().max(200).optional().describe('refresh_token: the latest refresh token'),
});

/** client_id and client_secret from HTTP Basic authentication, else from the body. */
function clientCredentialsOf(request: FastifyRequest, body: z.infer<typeof tokenBody>) {
  const basic = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!basic) return { clientId: body.client_id, clientSecret: body.client_secret };
  const [id, ...rest] = Buffer.from(basic, 'base64').toString('utf8').split(':');
  try {
    return { clientId: decodeURIComponent(id ?? ''), clientSecret: decodeURIComponent(rest.join(':')) };
  } catch {
    throw new OauthError(401, 'invalid_client', 'The Basic authentication header is malformed');
  }
}

const required = (value: string | undefined, name: string): string => {
  if (!value) throw new OauthError(400, 'invalid_request', `Send ${name}`);
  return value;
};

export const oauthTokenRoute: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const now = () => deps.clock.now();

  app.setErrorHandler((error, request, reply) => {
    reply.header('cache-control', 'no-store');
    if (error instanceof OauthError) {
      if (error.status === 401) reply.header('www-authenticate', 'Basic realm="parlance"');
      return reply.status(error.status).send({ error: error.code, error_description: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field = String(issue?.instancePath ?? '').replace(/^\//, '') || 'request';
      return reply
        .status(400)
        .send({ error: 'invalid_request', error_description: `${field}: ${issue?.message ?? 'is invalid'}` });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'token request failed');
      return reply.status(500).send({ error: 'server_error', error_description: 'Something went wrong on our side' });
    }
    return reply.status(status).send({ error: 'invalid_request', error_description: (error as Error).message });
  });

  app.post(
    '/api/v1/oauth/token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Authentication'],
        summary: 'An access token: client credentials, authorization code with PKCE, or refresh token (RFC 6749)',
        description:
          'client_credentials (section 4.4): the client acts as its owner; send client_id and client_secret in the body (form or JSON) or as HTTP Basic authentication. authorization_code (section 4.1, with PKCE S256, RFC 7636): after a customer allowed the client at /oauth/authorize, send code, redirect_uri, client_id and code_verifier (client_secret optional); the answer has a refresh_token. refresh_token (section 6): a new access token and a new refresh token; the old one stops working. The token is used as `Authorization: Bearer <access_token>` for one hour.',
        body: tokenBody,
        response: {
          200: z.object({
            access_token: z.string(),
            token_type: z.literal('Bearer'),
            expires_in: z.number().int(),
            scope: z.string(),
            refresh_token: z.string().optional().describe('authorization_code and refresh_token grants'),
          }),
          400: oauthErrorSchema,
          401: oauthErrorSchema,
          // the body refusals answer in the same RFC 6749 shape (this plugin's error handler)
          413: oauthErrorSchema,
          415: oauthErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const { clientId, clientSecret } = clientCredentialsOf(request, body);
      reply.header('cache-control', 'no-store');
      if (body.grant_type === 'client_credentials') {
        if (!clientId || !clientSecret)
          throw new OauthError(400, 'invalid_request', 'Send client_id and client_secret');
        const caller = await authenticateOauthClient(deps.db, clientId, clientSecret, now());
        if (!caller) {
          throw new OauthError(401, 'invalid_client', 'The client id or secret is wrong (or the client was replaced)');
        }
        const asked = body.scope?.split(/\s+/).filter(Boolean) ?? caller.scopes;
        const unknown = asked.find(
          (s) => !(API_SCOPES as readonly string[]).includes(s) || !caller.scopes.includes(s as never),
        );
        if (unknown) throw new OauthError(400, 'invalid_scope', `The client may not have the scope "${unknown}"`);
        const access = await deps.jwt.signApiToken(
          { userId: caller.user.id, clientId, keyId: caller.keyId, scopes: asked },
          now(),
          ACCESS_TOKEN_TTL_SECONDS,
        );
        return {
          access_token: access,
          token_type: 'Bearer' as const,
          expires_in: ACCESS_TOKEN_TTL_SECONDS,
          scope: asked.join(' '),
        };
      }
      if (body.grant_type !== 'authorization_code' && body.grant_type !== 'refresh_token') {
        throw new OauthError(
          400,
          'unsupported_grant_type',
          'grant_type must be client_credentials, authorization_code or refresh_token',
        );
      }
      const client = required(clientId, 'client_id');
      const issued =
        body.grant_type === 'authorization_code'
          ? await exchangeCode(deps, {
              code: required(body.code, 'code'),
              redirectUri: required(body.redirect_uri, 'redirect_uri'),
              clientId: client,
              clientSecret,
              verifier: required(body.code_verifier, 'code_verifier'),
            })
          : await refreshGrant(deps, {
              refreshToken: required(body.refresh_token, 'refresh_token'),
              clientId: client,
              clientSecret,
              scope: body.scope,
            });
      const access = await deps.jwt.signApiToken(
        {
          userId: issued.userId,
          clientId: client,
          keyId: issued.keyId,
          scopes: issued.scopes,
          grantId: issued.grantId,
        },
        now(),
        ACCESS_TOKEN_TTL_SECONDS,
      );
      return {
        access_token: access,
        token_type: 'Bearer' as const,
        expires_in: ACCESS_TOKEN_TTL_SECONDS,
        scope: issued.scopes.join(' '),
        refresh_token: issued.refreshToken,
      };
    },
  );
};
