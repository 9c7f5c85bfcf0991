import { API_SECURITY_SCHEMES } from '../../platform/openapi';
import { WEBHOOK_EVENTS, WEBHOOK_HEADERS } from '../../platform/webhooks';
import { API_ERROR_CODES } from './envelope';

// The customer API's own OpenAPI 3.1 document (GET /api/v1/openapi.json): the /api/v1 operations
// of the server's generated document (from the routes' zod schemas), its two ways to authenticate,
// and the webhooks it sends. The web app's document (/api/2/docs/openapi.json) leaves them out.

type JsonObject = Record<string, unknown>;

export const PUBLIC_API_PREFIX_PATH = '/api/v1/';

export const apiErrorJsonSchema = {
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: {
        code: { type: 'string', enum: [...API_ERROR_CODES] },
        message: { type: 'string' },
        fields: { type: 'object', additionalProperties: { type: 'string' } },
      },
      required: ['code', 'message'],
    },
  },
  required: ['error'],
};

/** OpenAPI 3.0's `nullable` as 3.1 writes it (a "null" type). */
function to31(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) to31(item);
    return;
  }
  const o = node as JsonObject;
  if (o.nullable === true) {
    delete o.nullable;
    if (typeof o.type === 'string') o.type = [o.type, 'null'];
    else if (Array.isArray(o.anyOf)) o.anyOf = [...(o.anyOf as unknown[]), { type: 'null' }];
    else if (Array.isArray(o.type)) o.type = [...(o.type as unknown[]), 'null'];
  } else if (o.nullable === false) delete o.nullable;
  // 3.0's boolean exclusive bounds are numbers in 3.1
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof o[flag] !== 'boolean') continue;
    if (o[flag] === true && typeof o[bound] === 'number') {
      o[flag] = o[bound];
      delete o[bound];
    } else delete o[flag];
  }
  for (const v of Object.values(o)) to31(v);
}

const webhookBody = (event: string) => ({
  type: 'object',
  properties: {
    id: { type: 'string', description: `The delivery id (also the ${WEBHOOK_HEADERS.delivery} header): deduplicate on it` },
    type: { type: 'string', enum: [event] },
    createdAt: { type: 'string', format: 'date-time' },
    data: {
      type: 'object',
      properties: {
        projectId: { type: 'integer' },
        status: { type: 'string' },
        ...(event === 'project.message' ? { messageId: { type: 'integer' } } : {}),
      },
      required: ['projectId'],
    },
  },
  required: ['id', 'type', 'createdAt', 'data'],
});

function webhooks(): JsonObject {
  const out: JsonObject = {};
  for (const event of WEBHOOK_EVENTS) {
    out[event] = {
      post: {
        operationId: `webhook${event
          .split('.')
          .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
          .join('')}`,
        summary: `Sent to your webhook URL: ${event}`,
        description: `Verify \`${WEBHOOK_HEADERS.signature}: t=<unix seconds>,v1=<hex>\`: HMAC-SHA256 with your webhook secret over "<t>.<raw body>"; refuse a timestamp older than 5 minutes. Answer 2xx within 10 seconds; anything else is retried with exponential backoff for 24 hours.`,
        security: [],
        parameters: Object.values(WEBHOOK_HEADERS).map((name) => ({
          name,
          in: 'header',
          required: true,
          schema: { type: 'string' },
        })),
        requestBody: { required: true, content: { 'application/json': { schema: webhookBody(event) } } },
        responses: { 200: { description: 'Received (any 2xx)' } },
      },
    };
  }
  return out;
}

/** The customer API's document, cut out of the server's whole generated document. */
export function publicApiDocument(whole: JsonObject, publicUrl: string): JsonObject {
  const all = (whole.paths ?? {}) as JsonObject;
  const paths: JsonObject = {};
  for (const [path, item] of Object.entries(all)) {
    if (path.startsWith(PUBLIC_API_PREFIX_PATH)) paths[path] = structuredClone(item);
  }
  to31(paths);
  const schemas = (whole.components as JsonObject | undefined)?.schemas;
  return {
    openapi: '3.1.0',
    info: {
      title: 'Parlance customer API',
      version: '1.0.0',
      description:
        'Order translations from your own systems: quote, create orders, pay from credits, follow projects, talk to the translator, download deliveries, approve or dispute. Every error answers `{ "error": { "code", "message", "fields" } }`. Creates accept an `Idempotency-Key` header. Each key may make a limited number of calls per minute (`RateLimit-*` headers; 429 when spent).',
      license: { name: 'Proprietary', url: `${publicUrl}/terms` },
    },
    servers: [{ url: '/', description: 'The Parlance server that serves this document' }],
    tags: [
      { name: 'Authentication', description: 'API keys and OAuth client credentials' },
      { name: 'Quotes', description: 'Word counts and prices' },
      { name: 'Orders', description: 'Orders before payment' },
      { name: 'Cart', description: 'Paying orders from credits' },
      { name: 'Projects', description: 'Paid orders: follow, discuss, download, approve or dispute' },
    ],
    paths,
    webhooks: webhooks(),
    components: {
      ...(schemas ? { schemas } : {}),
      securitySchemes: API_SECURITY_SCHEMES,
    },
  };
}
