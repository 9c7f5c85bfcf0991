import { API_KEY_SCOPES } from './profile';
import { z } from './zod';

// Authorization-code grant with PKCE (RFC 6749 section 4.1, RFC 7636): the consent page's texts
// and the shapes of its calls. The token endpoint itself is part of the customer API.

export const OAUTH_TEXTS = {
  unknownClient: 'This application is not registered with Parlance (unknown client_id).',
  wrongRedirect:
    'The redirect address the application sent is not the one it registered, so we will not send you back to it.',
  responseType: 'The application asked for an unsupported response_type: only "code" is supported.',
  pkceRequired: 'The application must send a PKCE code_challenge with code_challenge_method=S256.',
  badScope: 'The application asked for access this client may not have.',
  customersOnly: 'Only customer accounts can let applications use the Parlance API.',
  revoked: 'Access removed: the application can no longer act for you.',
  noSuchApp: 'This application has no access to revoke.',
  noApps: 'No application can act for you yet.',
} as const;

/** The access a person grants, in plain words (the consent page and the authorized-apps list). */
export const OAUTH_SCOPE_WORDS: Record<(typeof API_KEY_SCOPES)[number], string> = {
  read: 'See your projects, orders, cart and files',
  order: 'Ask for quotes, place orders, send messages, and approve or dispute deliveries',
  pay: 'Pay for your cart with your credits',
};

/** An authorization request as the application sends it (the query of /oauth/authorize). */
export const authorizeRequestSchema = z.object({
  response_type: z.string().max(50).default(''),
  client_id: z.string().max(100).default(''),
  redirect_uri: z.string().max(2000).default(''),
  scope: z.string().max(200).optional(),
  state: z.string().max(2000).optional(),
  code_challenge: z.string().max(200).optional(),
  code_challenge_method: z.string().max(50).optional(),
});
export type AuthorizeRequest = z.infer<typeof authorizeRequestSchema>;

/** The person's answer on the consent page. */
export const authorizeDecisionSchema = authorizeRequestSchema.extend({ decision: z.enum(['allow', 'deny']) });
export type AuthorizeDecision = z.infer<typeof authorizeDecisionSchema>;

/**
 * What the consent page shows: the question, an error that stays on the page (unknown client or a
 * redirect address not registered: never redirect), or an error the application is told about.
 */
export const authorizeCheckSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ask'),
    clientName: z.string(),
    ownerName: z.string(),
    redirectUri: z.string(),
    scopes: z.array(z.enum(API_KEY_SCOPES)),
  }),
  z.object({ status: z.literal('error'), message: z.string() }),
  z.object({ status: z.literal('redirect'), message: z.string(), redirectTo: z.string() }),
]);
export type AuthorizeCheck = z.infer<typeof authorizeCheckSchema>;

/** An application the customer let act for them (the profile's list). */
export const authorizedAppSchema = z.object({
  id: z.number().int(),
  clientName: z.string(),
  ownerName: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  authorizedAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type AuthorizedApp = z.infer<typeof authorizedAppSchema>;
