import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../db/seed/demo';
import { authed, loginDemo, type TestSession } from '../test/auth-helpers';
import { createTestApp, type TestApp } from '../test/harness';

// npm run test:fuzz: every registered route, as every role, with generated malformed input
// (NUL bytes, control characters, huge strings, broken multipart, wrong content types, out-of-range and
// non-numeric ids, path traversal). No 5xx, no status the OpenAPI document does not declare, no body
// of another content type or shape than the document declares for its status, and no change to the
// database from a refused request. Seeded: FUZZ_SEED=<n> replays a run; FUZZ_RUNS sets
// how many inputs each route gets (default 3: under 2 minutes on CI). The figures are printed at the end.
// Query strings use each route's own parameters from the documents as well as common names, with values
// that look right and are not (days that match YYYY-MM-DD but do not exist, empty numbers).

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const RUNS = Number(process.env.FUZZ_RUNS ?? 3);

let t: TestApp;
let sessions: Record<string, TestSession | null>;
/** each signed-in role's bearer token (GET /api/2/auth/token), for the calls that take only that */
let tokens: Record<string, string>;
/** the routes whose document declares the bearer scheme only */
let bearerOnly: Set<string>;
let declared: Map<string, Set<number>>;
/** each route's declared answers by status: their content types and JSON schema */
let answers: Map<string, Map<number, { types: string[]; schema?: object }>>;
/** each route's query parameters, by "METHOD /path", as the documents describe them */
let queryNames: Map<string, string[]>;
/** which document describes each route, by "METHOD /path" */
let documentOf: Map<string, ApiName>;
type ApiName = 'web API' | 'customer API' | 'no document';
/** per API: requests sent, and answers the document did not declare (status, content type, schema) */
const figures: Record<ApiName, { requests: number; mismatches: number; fiveXx: number; dbChanged: number }> = {
  'web API': { requests: 0, mismatches: 0, fiveXx: 0, dbChanged: 0 },
  'customer API': { requests: 0, mismatches: 0, fiveXx: 0, dbChanged: 0 },
  'no document': { requests: 0, mismatches: 0, fiveXx: 0, dbChanged: 0 },
};
/** the routes called that no document describes (their statuses go unchecked: named in the figures) */
const undocumented = new Set<string>();
// the web document is OpenAPI 3.0 (`nullable`), the customer API's 3.1; both read as JSON Schema here
const ajv = new Ajv({ strict: false, allErrors: false });
addFormats(ajv);
const validators = new Map<object, ValidateFunction>();

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, { passwordHashing: 'fast' });
  sessions = {
    guest: null,
    customer: await loginDemo(t.app, 'customer'),
    translator: await loginDemo(t.app, 'translator'),
    admin: await loginDemo(t.app, 'admin'),
  };
  type Answer = { content?: Record<string, { schema?: object }> };
  type Operation = {
    responses: Record<string, Answer>;
    parameters?: { name: string; in: string }[];
    security?: Record<string, string[]>[];
  };
  type Doc = { paths: Record<string, Record<string, Operation>> };
  const doc = (await t.app.inject({ method: 'GET', url: '/api/2/docs/openapi.json' })).json() as Doc;
  // the customer API's own document
  const api = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as Doc;
  tokens = {};
  for (const role of ['customer', 'translator', 'admin']) {
    const res = await authed(t.app, sessions[role] as TestSession).get('/api/2/auth/token');
    tokens[role] = res.json().results.jwt.access_token;
  }
  bearerOnly = new Set();
  declared = new Map();
  answers = new Map();
  queryNames = new Map();
  documentOf = new Map();
  const described = [
    ...Object.entries(doc.paths).map((entry) => ['web API', entry] as const),
    ...Object.entries(api.paths).map((entry) => ['customer API', entry] as const),
  ];
  for (const [apiName, [path, ops]] of described) {
    for (const [method, op] of Object.entries(ops)) {
      const fastifyPath = path.replace(/\{(\w+)\}/g, ':$1');
      documentOf.set(`${method.toUpperCase()} ${fastifyPath}`, apiName);
      declared.set(`${method.toUpperCase()} ${fastifyPath}`, new Set(Object.keys(op.responses).map(Number)));
      answers.set(
        `${method.toUpperCase()} ${fastifyPath}`,
        new Map(
          Object.entries(op.responses).map(([status, answer]) => [
            Number(status),
            { types: Object.keys(answer.content ?? {}), schema: answer.content?.['application/json']?.schema },
          ]),
        ),
      );
      const schemes = (op.security ?? []).flatMap((requirement) => Object.keys(requirement));
      if (schemes.length > 0 && schemes.every((scheme) => scheme === 'bearer')) {
        bearerOnly.add(`${method.toUpperCase()} ${fastifyPath}`);
      }
      const inQuery = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      queryNames.set(`${method.toUpperCase()} ${fastifyPath}`, inQuery);
    }
  }
}, 120_000);

afterAll(async () => {
  // the figures a note quotes: "N requests, 0 mismatches" per API
  const lines = Object.entries(figures)
    .filter(([, f]) => f.requests > 0)
    .map(
      ([name, f]) =>
        `  ${name}: ${f.requests} requests, ` +
        (name === 'no document' ? '' : `${f.mismatches} mismatches with the document, `) +
        `${f.fiveXx} 5xx, ${f.dbChanged} refused requests that changed the database`,
    );
  if (undocumented.size > 0) lines.push(`  routes in no document: ${[...undocumented].sort().join(', ')}`);
  console.log(`fuzz figures (seed ${SEED}, ${RUNS} inputs per route):\n${lines.join('\n')}`);
  await t?.close();
});

/** Counts and last changes of the tables a request could change: equal before and after = nothing changed. */
async function fingerprint(): Promise<string> {
  const rows = await t.database.db.execute(sql`SELECT
    (SELECT count(*) FROM users) AS users,
    (SELECT count(*) FROM projects) AS projects,
    (SELECT count(*) FROM project_events) AS project_events,
    (SELECT count(*) FROM purchase_orders) AS orders,
    (SELECT max(updated_at) FROM purchase_orders) AS orders_changed,
    (SELECT count(*) FROM payments) AS payments,
    (SELECT count(*) FROM ledger_transactions) AS ledger,
    (SELECT count(*) FROM invoices) AS invoices,
    (SELECT count(*) FROM saved_cards) AS cards,
    (SELECT count(*) FROM project_messages) AS messages`);
  const list = Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows;
  return JSON.stringify(list[0]);
}

const nasty = fc.oneof(
  fc.constant('a\u0000b'),
  fc.constant('\u0000'),
  fc.string({ unit: fc.integer({ min: 0, max: 31 }).map((c) => String.fromCharCode(c)), maxLength: 12 }),
  fc.constant('x'.repeat(70_000)),
  fc.constant('../../../../etc/passwd'),
  fc.constant('%2e%2e%2f%2e%2e%2fetc%2fpasswd'),
  fc.constant('2147483648'),
  fc.constant('99999999999999999999999'),
  fc.constant('-1'),
  fc.constant('1e309'),
  fc.constant('NaN'),
  fc.constant('\ud800'),
  fc.constant('<script>alert(1)</script>'),
  fc.string({ maxLength: 20 }),
);

/** Right in shape, wrong in fact: a server that trusts the pattern turns these into broken SQL. */
const almostRight = fc.constantFrom(
  '0000-00-00',
  '9999-99-99',
  '2026-02-31',
  '2023-02-29',
  '0000-01-01',
  '9999-12-31',
  '0001-01-01',
  '2026-13-01',
  '',
  ' ',
  '0',
  '-0',
  '1,2',
);

const COMMON_QUERY_NAMES = [
  'pid',
  'pqid',
  'uuid',
  'data',
  'page',
  'id',
  'token',
  'slug',
  'from',
  'to',
  'date_from',
  'date_to',
  'group_id',
  'user_id',
] as const;

const idValue = fc.oneof(
  fc.constant('2147483648'),
  fc.constant('0'),
  fc.constant('-5'),
  fc.constant('abc'),
  fc.constant('1.5'),
  fc.constant('%00'),
  fc.constant('..%2f..%2fetc'),
  fc.constant('99999999999999999999'),
);

type Body =
  | { kind: 'json'; value: Record<string, unknown> }
  | { kind: 'form'; value: Record<string, string> }
  | { kind: 'multipart-broken' }
  | { kind: 'wrong-type' }
  | { kind: 'none' };

const fields = fc.dictionary(
  fc.constantFrom(
    'id',
    'pid',
    'pqid',
    'username',
    'pwd',
    'email',
    'name',
    'ck',
    'card_id',
    'rating',
    'text',
    'note',
    'token',
    'uuid',
    'data',
    'idempotency_key',
    'message',
    'tags',
    'value',
    'group_id',
    'date',
  ),
  fc.oneof(nasty, almostRight),
  { maxKeys: 5 },
);

const body: fc.Arbitrary<Body> = fc.oneof(
  fields.map((value) => ({ kind: 'json' as const, value })),
  fields.map((value) => ({ kind: 'form' as const, value: value as Record<string, string> })),
  fc.constant({ kind: 'multipart-broken' as const }),
  fc.constant({ kind: 'wrong-type' as const }),
  fc.constant({ kind: 'none' as const }),
);

function requestOf(method: string, url: string, b: Body, query: Record<string, string>): InjectOptions {
  const m = method as InjectOptions['method'];
  const qs = new URLSearchParams(query).toString();
  const full = qs ? `${url}?${qs}` : url;
  switch (b.kind) {
    case 'json':
      return {
        method: m,
        url: full,
        payload: JSON.stringify(b.value),
        headers: { 'content-type': 'application/json' },
      };
    case 'form':
      return {
        method: m,
        url: full,
        payload: new URLSearchParams(b.value).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      };
    case 'multipart-broken':
      return {
        method: m,
        url: full,
        payload: 'garbage',
        headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
      };
    case 'wrong-type':
      return {
        method: m,
        url: full,
        payload: '<?xml version="1.0"?><a/>',
        headers: { 'content-type': 'application/xml' },
      };
    default:
      return { method: m, url: full };
  }
}

/** What is wrong with an answer's body against the document, or null when it is what was declared. */
function wrongBody(route: string, res: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  const answer = answers.get(route)?.get(res.statusCode);
  if (!answer || answer.types.length === 0) return null;
  const type = String(res.headers['content-type'] ?? '')
    .split(';')[0]
    .trim();
  const matches = (declared: string) =>
    declared === '*/*' || declared === type || (declared.endsWith('/*') && type.startsWith(declared.slice(0, -1)));
  if (!answer.types.some(matches)) return `content-type ${type || '(none)'} not ${answer.types.join('|')}`;
  if (type !== 'application/json' || !answer.schema) return null;
  let validate = validators.get(answer.schema);
  if (!validate) {
    validate = ajv.compile(answer.schema);
    validators.set(answer.schema, validate);
  }
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return 'body is not JSON';
  }
  return validate(body) ? null : `body does not match its schema (${ajv.errorsText(validate.errors)})`;
}

describe('every route x every role with malformed input', () => {
  it('answers no 5xx, only declared statuses, and changes nothing when it refuses', async () => {
    const routes = [...new Set(t.app.routeTable)]
      .filter((r) => !r.startsWith('OPTIONS ') && !r.includes('*'))
      .filter((r) => !['GET /api/2/realtime', 'GET /api/logout', 'GET /bench/hello'].includes(r));
    const problems: string[] = [];
    for (const route of routes) {
      const [method, path] = route.split(' ');
      const params = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('guest', 'customer', 'translator', 'admin'),
          fc.array(idValue, { minLength: params.length, maxLength: params.length }),
          body,
          fc.dictionary(
            fc.constantFrom(...COMMON_QUERY_NAMES, ...(queryNames.get(route) ?? [])),
            fc.oneof(nasty, almostRight),
            { maxKeys: 3 },
          ),
          async (role, ids, b, query) => {
            let i = 0;
            const url = path.replace(/:\w+/g, () => encodeURIComponent(ids[i++] ?? '1').replace(/%25/g, '%'));
            const s = sessions[role];
            const before = await fingerprint();
            const req = requestOf(method, url, method === 'GET' || method === 'DELETE' ? { kind: 'none' } : b, query);
            // each route is called with the credentials its document declares
            const res = !s
              ? await t.app.inject(req)
              : bearerOnly.has(route)
                ? await t.app.inject({
                    ...req,
                    headers: { ...(req.headers as object), authorization: `Bearer ${tokens[role]}` },
                  })
                : await authed(t.app, s).inject(req);
            const counts = figures[documentOf.get(route) ?? 'no document'];
            if (!documentOf.has(route)) undocumented.add(route);
            counts.requests++;
            const where = `${role} ${method} ${url.slice(0, 80)} (${b.kind}): ${res.statusCode} ${res.body.slice(0, 120)}`;
            if (res.statusCode >= 500) {
              counts.fiveXx++;
              problems.push(`5xx ${where}`);
            }
            const allowed = declared.get(route);
            if (allowed && !allowed.has(res.statusCode)) {
              counts.mismatches++;
              problems.push(`undeclared ${where}`);
            }
            const wrong = wrongBody(route, res);
            if (wrong) {
              // (an undeclared status has no declared body to check: counted once, above)
              counts.mismatches++;
              problems.push(`${wrong} ${where}`);
            }
            if (res.statusCode >= 400 && (await fingerprint()) !== before) {
              counts.dbChanged++;
              problems.push(`db changed ${where}`);
            }
          },
        ),
        { numRuns: RUNS, seed: SEED + routes.indexOf(route) },
      );
    }
    expect(problems, `seed ${SEED}`).toEqual([]);
  }, 600_000);
});
