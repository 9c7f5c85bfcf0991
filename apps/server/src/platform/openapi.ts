import { SESSION_COOKIE } from '@parlance/shared';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

// The OpenAPI document as a contract: every operation gets an operationId, its security
// (from ROUTE_ACCESS: public calls none, the others the session cookie or a bearer token) and the 4xx
// answers every call can give (malformed input 400, unknown object 404; signed-in calls 401 and 403).
// `npm run lint:openapi` lints it with @redocly/cli.

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The media types of a route that answers a file, a page or a redirect rather than JSON
     * ('text/csv', 'application/pdf', 'text/html' ...; 'redirect' for a 303 to where the flow goes
     * on). The document declares them instead of a JSON schema.
     */
    produces?: readonly string[];
    /**
     * A multipart upload (read by the handler, so no body schema validates it): the file part's
     * name, whether several may come, and the text fields that go with them.
     */
    multipart?: { file: string; many?: boolean; fields?: Record<string, string>; required?: readonly string[] };
  }
}

type TransformArgs = Parameters<typeof jsonSchemaTransform>[0];
type JsonObject = Record<string, unknown>;

/** The two ways to call as someone: the browser's session cookie, or a bearer token. */
export const SECURITY_SCHEMES = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description:
      "The session cookie set by sign-in. State-changing calls also send the session's CSRF token in the x-csrf-token header.",
  },
  bearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'A short-lived token from GET /api/2/auth/token',
  },
} as const;

const OAUTH_SCOPES = {
  read: 'Read projects, orders, the cart and files',
  order: 'Quote, create orders, write messages, approve and dispute',
  pay: 'Pay the cart from credits',
} as const;

/** The customer API's two ways in (modules/public-api), also known to the generator. */
export const API_SECURITY_SCHEMES = {
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    description:
      'Your API key (profile > API Keys, shown once) as `Authorization: Bearer prl_...`. It carries the scopes you chose.',
  },
  oauth2: {
    type: 'oauth2',
    description:
      'The OAuth client of your profile: client credentials (it acts as you), or authorization code with PKCE S256 (it acts for the customer who allowed it at /oauth/authorize). Access tokens last one hour; refresh tokens rotate.',
    flows: {
      clientCredentials: { tokenUrl: '/api/v1/oauth/token', scopes: OAUTH_SCOPES },
      authorizationCode: {
        authorizationUrl: '/oauth/authorize',
        tokenUrl: '/api/v1/oauth/token',
        refreshUrl: '/api/v1/oauth/token',
        scopes: OAUTH_SCOPES,
      },
    },
  },
} as const;

const errorAnswer = (description: string) => ({
  description,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: {
          status: { type: 'string', enum: ['ERROR'] },
          message: { type: 'string' },
          errors: { type: 'object', additionalProperties: { type: 'string' } },
          requestId: {
            type: 'string',
            description: 'The id of this request (also the `x-request-id` header): quote it to support',
          },
        },
        required: ['status', 'message'],
      },
    },
  },
});

const COMMON_4XX: Record<string, string> = {
  400: 'Malformed or invalid input: a message and, for fields, `errors` by field',
  404: 'Not found (also what an outsider gets for an object that is not theirs)',
};
const SIGNED_IN_4XX: Record<string, string> = {
  401: 'Not signed in',
  403: 'Signed in without the right to do this',
};

/** What a call with a body can answer besides: the state forbids it, the body is too big or of a type we do not read. */
const BODY_4XX: Record<string, string> = {
  // a call open to guests can still refuse a signed-in role (a translator starting an order)
  403: 'Refused for this account (its role may not do this)',
  409: 'Not possible in the current state (already done, taken, changed)',
  413: 'The body is too large',
  415: 'The body is of a content type this call does not read',
};

/** `GET /api/2/account/invoice/:id` -> `getApi2AccountInvoiceById`. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `by-${part.slice(1)}` : part))
    .flatMap((part) => part.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

/** The declared answers of a route: what the route says plus the 4xx every call of its kind can give. */
export function openApiTransform(args: TransformArgs) {
  const result = jsonSchemaTransform(args) as { schema: JsonObject; url: string };
  // hidden routes (the WebSocket handshakes, the reference page's assets) are not in the document
  if (result.schema?.hide) return result;
  const method = String(args.route.method);
  const access = (args.route.config as { access?: string } | undefined)?.access;
  const config = args.route.config as { multipart?: MultipartUpload } | undefined;
  if (args.url.startsWith('/api/v1/')) return customerApiTransform(result, method, args.url, access, config);
  const signedIn = access !== undefined && access !== 'public' && access !== 'self';
  const credentials = (args.route.config as { credentials?: 'session' | 'bearer' } | undefined)?.credentials;
  // a 'self' route answers guests itself, and a signed-in caller either way, as every other route
  const security: Record<string, string[]>[] =
    !signedIn && access !== 'self'
      ? []
      : credentials === 'session'
        ? [{ session: [] }]
        : credentials === 'bearer'
          ? [{ bearer: [] }]
          : [{ session: [] }, { bearer: [] }];
  const responses: JsonObject = { ...((result.schema.response as JsonObject | undefined) ?? {}) };
  const add: Record<string, string> = {
    ...COMMON_4XX,
    ...(method === 'GET' || method === 'HEAD' ? {} : BODY_4XX),
    ...(signedIn || access === 'self' ? SIGNED_IN_4XX : {}),
  };
  // rate limits are per route (config.rateLimit; app.ts registers the plugin with global: false)
  if ((args.route.config as { rateLimit?: unknown } | undefined)?.rateLimit) {
    add[429] = 'Too many attempts: wait a minute and try again';
  }
  for (const [code, description] of Object.entries(add)) responses[code] ??= errorAnswer(description);
  // pages, files and redirects have no JSON answer schema: the route says what it answers
  const produces = (args.route.config as { produces?: readonly string[] } | undefined)?.produces ?? [];
  const files = produces.filter((type) => type !== 'redirect');
  if (files.length > 0) {
    responses[200] = {
      description: files.includes('text/html') ? 'The page' : 'The file',
      content: Object.fromEntries(files.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
    };
  }
  if (produces.includes('redirect')) {
    // type 'null': @fastify/swagger then documents the answer without a body, as a redirect has none
    responses[303] = { type: 'null', description: 'Redirect to where the flow continues (Location header)' };
  }
  // a page shows its refusals as a page too (a checkout link that is not yours is a 404 page)
  if (files.includes('text/html')) {
    for (const [code, answer] of Object.entries(responses)) {
      if (Number(code) < 400 || !answer || typeof answer !== 'object' || !('content' in answer)) continue;
      const content = (answer as { content: JsonObject }).content;
      responses[code] = { ...answer, content: { ...content, 'text/html': { schema: { type: 'string' } } } };
    }
  }
  if (!Object.keys(responses).some((code) => /^[23]/.test(code))) {
    throw new Error(
      `${method} ${args.url} declares no answer: give it a response schema, or config.produces for a file, page or redirect`,
    );
  }
  for (const [code, answer] of Object.entries(responses)) {
    // a zod answer schema without a description: name it by its status
    if (answer && typeof answer === 'object' && !('description' in answer) && !('content' in answer)) {
      responses[code] = { ...(answer as JsonObject), description: Number(code) < 400 ? 'OK' : 'Error' };
    }
  }
  const who = access ? (WHO_MAY_CALL[access] ?? `staff whose groups grant the permission \`${access}\``) : undefined;
  const description = (result.schema.description as string | undefined) ?? '';
  return {
    url: result.url,
    schema: {
      ...result.schema,
      ...multipartBody(config),
      operationId: operationIdOf(method, args.url),
      security,
      response: responses,
      // who may call it, as platform/access.ts applies it: in words for readers, as a key for tools
      ...(who
        ? { description: `${description}${description ? '\n\n' : ''}Who may call it: ${who}.`, 'x-access': access }
        : {}),
    },
  };
}

/** The audiences of platform/access.ts in words; a permission is named as it is. */
const WHO_MAY_CALL: Record<string, string> = {
  public: 'anyone, signed in or not',
  self: 'anyone; a guest gets a page or a closed socket rather than JSON',
  user: 'any signed-in person',
  customer: 'a signed-in customer (or an admin acting as one); the object-level rules decide which objects',
  translator: 'a signed-in translator (or an admin acting as one); the object-level rules decide which objects',
};

type MultipartUpload = NonNullable<import('fastify').FastifyContextConfig['multipart']>;

/** The request body of a multipart upload, as the document shows it. */
function multipartBody(config: { multipart?: MultipartUpload } | undefined): JsonObject {
  const upload = config?.multipart;
  if (!upload) return {};
  const binary = { type: 'string', format: 'binary' };
  const properties: JsonObject = Object.fromEntries(
    Object.entries(upload.fields ?? {}).map(([name, description]) => [name, { type: 'string', description }]),
  );
  properties[upload.file] = upload.many ? { type: 'array', items: binary } : binary;
  return {
    consumes: ['multipart/form-data'],
    body: { type: 'object', properties, required: [...(upload.required ?? []), upload.file] },
  };
}

const apiError = (description: string) => ({
  description,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: {
          error: {
            type: 'object',
            properties: {
              code: { type: 'string' },
              message: { type: 'string' },
              fields: { type: 'object', additionalProperties: { type: 'string' } },
              request_id: {
                type: 'string',
                description: 'The id of this request (also the `x-request-id` header): quote it to support',
              },
            },
            required: ['code', 'message'],
          },
        },
        required: ['error'],
      },
    },
  },
});

// (the generator wraps each header's schema itself)
const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': { type: 'integer', description: 'Calls allowed per window' },
  'RateLimit-Remaining': { type: 'integer', description: 'Calls left in this window' },
  'RateLimit-Reset': { type: 'integer', description: 'Seconds until the window starts again' },
};

/** The customer API (modules/public-api): its security (key or OAuth scope), error envelope and limits. */
function customerApiTransform(
  result: { schema: JsonObject; url: string },
  method: string,
  url: string,
  access: string | undefined,
  config: { multipart?: MultipartUpload } | undefined,
) {
  const scope = access?.startsWith('api-') ? access.slice(4) : null;
  const responses: JsonObject = { ...((result.schema.response as JsonObject | undefined) ?? {}) };
  for (const [code, answer] of Object.entries(responses)) {
    if (answer && typeof answer === 'object' && !('description' in answer) && !('content' in answer)) {
      responses[code] = { ...(answer as JsonObject), description: 'OK' };
    }
    if (scope && Number(code) < 300) {
      responses[code] = { ...(responses[code] as JsonObject), headers: RATE_LIMIT_HEADERS };
    }
  }
  if (!Object.keys(responses).some((code) => /^2/.test(code))) {
    responses[200] = {
      description: 'The file (its own content type; Content-Disposition names it)',
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    };
  }
  const add: Record<string, string> = {
    400: 'Invalid input: `error.fields` names each invalid field',
    404: 'Not found (also what you get for an object that is not yours)',
  };
  if (scope) {
    Object.assign(add, {
      401: 'No key or token, or an unknown, revoked or expired one',
      403: 'The key lacks the scope of this call (`insufficient_scope`), or the account is not a customer',
      429: 'Too many calls with this key: wait `Retry-After` seconds',
    });
  } else if (method === 'POST') add[401] = 'Wrong client id or secret (`invalid_client`)';
  if (method === 'POST' && scope) {
    add[409] = 'Not possible in the current state (already done, changed since you read it)';
    add[422] = 'The Idempotency-Key was used for a different request (`idempotency_key_reused`)';
  }
  if (method === 'POST') {
    add[413] = 'The body is too large (`payload_too_large`)';
    add[415] = 'The body is of a content type this call does not read (`unsupported_media_type`)';
  }
  if (url === '/api/v1/cart/pay') add[402] = 'Not enough credits (`insufficient_credits`)';
  for (const [code, description] of Object.entries(add)) responses[code] ??= apiError(description);
  return {
    url: result.url,
    schema: {
      ...result.schema,
      ...multipartBody(config),
      operationId: operationIdOf(method, url),
      security: (scope ? [{ apiKey: [] }, { oauth2: [scope] }] : []) as Record<string, string[]>[],
      response: responses,
    },
  };
}

/** `nullable` without a `type` beside it is not valid OpenAPI 3.0: move it into each `anyOf` member. */
function fixNullable(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) fixNullable(item);
    return;
  }
  const o = node as JsonObject;
  if (o.nullable === true && o.type === undefined && Array.isArray(o.anyOf)) {
    o.anyOf = (o.anyOf as JsonObject[]).map((m) => ({ ...m, nullable: true }));
    delete o.nullable;
  }
  // OpenAPI 3.0.3: `nullable` does not widen an `enum`; null must be one of its values
  if (o.nullable === true && Array.isArray(o.enum) && !o.enum.includes(null)) o.enum = [...o.enum, null];
  for (const v of Object.values(o)) fixNullable(v);
}

/** The whole document: servers, license, the two security schemes, the calls outside the route schemas. */
export function finishOpenApiDocument(doc: JsonObject, publicUrl: string): JsonObject {
  fixNullable(doc.paths);
  const paths = (doc.paths ?? {}) as JsonObject;

  // the health probes: public, no body to send, a small JSON answer
  const probe = (operationId: string, summary: string, extra: JsonObject, okProperties: JsonObject = {}) => ({
    get: {
      operationId,
      summary,
      description: `Who may call it: ${WHO_MAY_CALL.public}.`,
      'x-access': 'public',
      tags: ['platform'],
      security: [],
      responses: {
        200: {
          description: 'OK',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { status: { type: 'string', enum: ['OK'] }, ...okProperties },
                required: ['status', ...Object.keys(okProperties)],
              },
            },
          },
        },
        ...extra,
        400: errorAnswer(COMMON_4XX[400]),
        404: errorAnswer(COMMON_4XX[404]),
      },
    },
  });
  paths['/api/2/health'] = probe(
    'getApi2Health',
    'Liveness: the server answers and names its database engine',
    {},
    { engine: { type: 'string', enum: ['pglite', 'postgres'] } },
  );
  paths['/api/2/health/live'] = probe(
    'getApi2HealthLive',
    'Liveness: the process answers (no dependency is checked)',
    {},
  );
  paths['/api/2/health/ready'] = probe(
    'getApi2HealthReady',
    'Readiness: the database answers, its migrations are current, files can be stored, and the instance is not shutting down',
    {
      503: {
        description: 'Not ready: `checks` names each failed check (database, migrations, storage, shutdown)',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: {
                status: { type: 'string', enum: ['ERROR'] },
                message: { type: 'string' },
                checks: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: {
                      check: { type: 'string', enum: ['database', 'migrations', 'storage', 'shutdown'] },
                      message: { type: 'string' },
                    },
                    required: ['check', 'message'],
                  },
                },
                requestId: { type: 'string' },
              },
              required: ['status', 'message', 'checks'],
            },
          },
        },
      },
    },
  );
  // a WebSocket route is left out by the generator
  paths['/api/2/realtime'] ??= {
    get: {
      operationId: 'getApi2Realtime',
      summary:
        'WebSocket (Upgrade: websocket) of the signed-in user: send { lastEventId } (or ?lastEventId=); answers every missed event { id, type, payload }, then each new one. A guest is closed with code 4401, another origin with 4403.',
      description: `Who may call it: ${WHO_MAY_CALL.self}.`,
      'x-access': 'self',
      tags: ['Realtime'],
      security: [{ session: [] }, { bearer: [] }],
      parameters: [
        {
          name: 'lastEventId',
          in: 'query',
          required: false,
          schema: { type: 'integer', minimum: 0 },
          description: 'replay the events after this id',
        },
      ],
      responses: {
        101: { description: 'Switching protocols: the WebSocket is open' },
        400: errorAnswer(COMMON_4XX[400]),
        404: errorAnswer(COMMON_4XX[404]),
        // platform/websocket-route.ts: a plain HTTP request is told to upgrade
        426: errorAnswer('Not a WebSocket upgrade request: send Upgrade: websocket'),
      },
    },
  };
  addTransportAnswers(paths);
  return {
    ...doc,
    info: {
      ...(doc.info as JsonObject),
      license: { name: 'Proprietary', url: `${publicUrl}/terms` },
    },
    servers: [{ url: '/', description: 'The Parlance server that serves this document' }],
    paths,
    components: {
      ...((doc.components as JsonObject | undefined) ?? {}),
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}

/**
 * The content types a route's 2xx answers are documented in: its `produces` (files, pages; a
 * redirect has no body, and a route that only redirects documents no 2xx), a customer API
 * download without a JSON schema as any type, JSON otherwise.
 * Null for what the documents leave out (hidden routes, WebSockets).
 */
export function documentedTypes(route: {
  url: string;
  config?: { produces?: readonly string[] };
  schema?: { hide?: boolean; response?: Record<string, unknown> };
  websocket?: boolean;
}): readonly string[] | null {
  if (route.schema?.hide || route.websocket) return null;
  const produces = route.config?.produces ?? [];
  const files = produces.filter((type) => type !== 'redirect');
  if (files.length > 0) return files;
  const hasJson2xx = Object.keys(route.schema?.response ?? {}).some((code) => /^2/.test(code));
  // a redirect and nothing else: no 2xx is documented at all
  if (produces.includes('redirect') && !hasJson2xx) return [];
  if (route.url.startsWith('/api/v1/') && !hasJson2xx) return ['*/*'];
  return ['application/json'];
}

/** Whether a content type (parameters and all) is one of the declared ones (wildcards as `audio/*`). */
export function isDeclaredType(contentType: string, declared: readonly string[]): boolean {
  const type = contentType.split(';')[0].trim().toLowerCase();
  return declared.some((d) => d === '*/*' || d === type || (d.endsWith('/*') && type.startsWith(d.slice(0, -1))));
}

/**
 * Tests and development (config.checkAnswers): a 2xx with a body in a content type its operation
 * does not declare is a defect of the document or the route, answered 500 so that it cannot pass.
 */
export function registerAnswerCheck(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 200 || reply.statusCode >= 300 || reply.statusCode === 204) return payload;
    const options = request.routeOptions;
    // the web app's static files and the not-found answers are no operations
    if (!options.url || !options.config?.access) return payload;
    const declared = documentedTypes({
      url: options.url,
      config: options.config,
      schema: options.schema as { hide?: boolean; response?: Record<string, unknown> } | undefined,
      websocket: (options as { websocket?: boolean }).websocket,
    });
    const sent = String(reply.getHeader('content-type') ?? '');
    if (!declared || isDeclaredType(sent, declared)) return payload;
    throw new Error(
      `${request.method} ${options.url} answered ${sent || 'no content type'}; its document declares ${declared.join(' | ')}`,
    );
  });
}

/** What the server says of a known path called with a method it does not have (app.ts). */
export const METHOD_NOT_ALLOWED_NOTE =
  'A known path called with a method it does not have answers 405 with an `Allow` header naming its methods; an unknown path answers 404, never the web app.';

/**
 * The answers given before any route runs (platform/error-handler.ts), so every operation can give
 * them: 414 for a path parameter over Fastify's 100 characters, 431 for headers (the address and its
 * query included) over Node's 16 kB. The customer API gives them in its own envelope.
 */
function addTransportAnswers(paths: JsonObject): void {
  for (const [path, item] of Object.entries(paths)) {
    const answer = path.startsWith('/api/v1/') ? apiError : errorAnswer;
    for (const operation of Object.values(item as JsonObject)) {
      const responses = (operation as { responses?: JsonObject } | null)?.responses;
      if (!responses) continue;
      if (path.includes('{')) responses[414] ??= answer(TRANSPORT_4XX[414]);
      responses[431] ??= answer(TRANSPORT_4XX[431]);
    }
  }
}

export const TRANSPORT_4XX = {
  414: 'A path parameter is too long (over 100 characters)',
  431: 'The request headers, or the address with its query, are too large (over 16 kB)',
} as const;

/**
 * The web app's document: the generated one without the customer API, which has its own
 * (GET /api/v1/openapi.json, modules/public-api/openapi-doc.ts).
 */
export function webAppDocument(doc: JsonObject): JsonObject {
  const paths = Object.fromEntries(
    Object.entries((doc.paths ?? {}) as JsonObject).filter(([path]) => !path.startsWith('/api/v1/')),
  );
  const components = { ...((doc.components as JsonObject | undefined) ?? {}), securitySchemes: SECURITY_SCHEMES };
  const info = doc.info as JsonObject;
  return {
    ...doc,
    info: { ...info, description: `${info.description} ${METHOD_NOT_ALLOWED_NOTE}` },
    paths,
    components,
  };
}
