import { API_SECURITY_SCHEMES, METHOD_NOT_ALLOWED_NOTE } from '../../platform/openapi';
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
    id: {
      type: 'string',
      description: `The delivery id (also the ${WEBHOOK_HEADERS.delivery} header): deduplicate on it`,
    },
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

const EXAMPLE_BODIES: Record<string, unknown> = {
  'POST /api/v1/oauth/token': {
    grant_type: 'client_credentials',
    client_id: 'YOUR_CLIENT_ID',
    client_secret: 'YOUR_SECRET',
  },
  'POST /api/v1/text/analyze': { text: 'Our new catalogue is out.' },
  'POST /api/v1/quotes': {
    source_language: 'american-english',
    target_languages: ['german', 'french'],
    expertise: 'general',
    word_count: 1200,
  },
  'POST /api/v1/orders': {
    name: 'Spring catalogue',
    source_language: 'american-english',
    target_languages: ['german'],
    expertise: 'general',
    text: 'Our new catalogue is out.',
    brief: 'Friendly tone, keep product names in English',
    urgent: false,
  },
  'POST /api/v1/cart/pay': { ck: 'CK_FROM_GET_CART' },
  'POST /api/v1/projects/{id}/messages': { body: 'Please use British spelling.' },
  'POST /api/v1/projects/{id}/dispute': { reason: 'Two paragraphs are missing.' },
};

/** curl and TypeScript (openapi-fetch, typed from this document) for every operation. */
function codeSamples(method: string, path: string, operation: JsonObject): JsonObject[] {
  const body = EXAMPLE_BODIES[`${method.toUpperCase()} ${path}`];
  const concrete = path.replace('{id}', path.includes('/files/') ? 'r12' : '42');
  const needsKey = Array.isArray(operation.security) && operation.security.length > 0;
  const idempotent = JSON.stringify(operation.parameters ?? []).includes('idempotency-key');
  const curl = [
    `curl -X ${method.toUpperCase()} "$PARLANCE_URL${concrete}"`,
    ...(needsKey ? ['  -H "Authorization: Bearer $PARLANCE_API_KEY"'] : []),
    ...(idempotent ? ['  -H "Idempotency-Key: $(uuidgen)"'] : []),
    ...(body ? ['  -H "Content-Type: application/json"', `  -d '${JSON.stringify(body)}'`] : []),
  ].join(' \\\n');
  const options: string[] = [];
  if (path.includes('{id}'))
    options.push(
      `params: { path: { id: ${path.includes('/files/') ? "'r12'" : '42'} }${idempotent ? ", header: { 'idempotency-key': crypto.randomUUID() }" : ''} }`,
    );
  else if (idempotent) options.push("params: { header: { 'idempotency-key': crypto.randomUUID() } }");
  if (body) options.push(`body: ${JSON.stringify(body, null, 2).replace(/\n/g, '\n  ')}`);
  const ts = [
    "import createClient from 'openapi-fetch';",
    '// npx openapi-typescript $PARLANCE_URL/api/v1/openapi.json -o parlance-api.d.ts',
    "import type { paths } from './parlance-api';",
    '',
    'const api = createClient<paths>({',
    '  baseUrl: process.env.PARLANCE_URL,',
    '  headers: { Authorization: `Bearer ${process.env.PARLANCE_API_KEY}` },',
    '});',
    `const { data, error } = await api.${method.toUpperCase()}('${path}'${options.length ? `, {\n  ${options.join(',\n  ')},\n}` : ''});`,
    'if (error) throw new Error(`${error.error.code}: ${error.error.message}`);',
  ].join('\n');
  return [
    { lang: 'Shell', label: 'curl', source: curl },
    { lang: 'TypeScript', label: 'TypeScript', source: ts },
  ];
}

/** The customer API's document, cut out of the server's whole generated document. */
export function publicApiDocument(whole: JsonObject, publicUrl: string): JsonObject {
  const all = (whole.paths ?? {}) as JsonObject;
  const paths: JsonObject = {};
  for (const [path, item] of Object.entries(all)) {
    if (path.startsWith(PUBLIC_API_PREFIX_PATH)) paths[path] = structuredClone(item);
  }
  to31(paths);
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item as JsonObject)) {
      const op = operation as JsonObject;
      op['x-codeSamples'] = codeSamples(method, path, op);
    }
  }
  const schemas = (whole.components as JsonObject | undefined)?.schemas;
  return {
    openapi: '3.1.0',
    info: {
      title: 'Parlance customer API',
      version: '1.0.0',
      description:
        'Order translations from your own systems: quote, create orders, pay from credits, follow projects, talk to the translator, download deliveries, approve or dispute. Every error answers `{ "error": { "code", "message", "fields" } }`. Creates accept an `Idempotency-Key` header. Each key may make a limited number of calls per minute (`RateLimit-*` headers; 429 when spent). ' +
        METHOD_NOT_ALLOWED_NOTE,
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
