import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { StripeConfig } from '../config';

// A local stand-in for Stripe's API, answering as its API reference documents: form-encoded requests
// with bracketed keys, Bearer secret keys, JSON objects with `object` and `id`, errors as
// {error: {type, code, decline_code, message, ...}} with their HTTP status (card_error 402,
// invalid_request_error 400/404, api_error 500), and idempotent replays: a repeated
// Idempotency-Key answers the first answer (with `Idempotent-Replayed: true`), the same key with
// other parameters is a 400 idempotency_error. Tests read `requests` and steer failures.

export const FAKE_STRIPE_SECRET = 'sk_test_fake_parlance';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_fake_parlance_webhook_secret';

/** Test payment methods (Stripe's documented test tokens). */
export const PM_VISA = 'pm_card_visa';
export const PM_DECLINED = 'pm_card_chargeDeclined';
export const PM_AUTH_REQUIRED = 'pm_card_authenticationRequired';

export interface RecordedRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | null;
  replayed: boolean;
}

interface Stored {
  status: number;
  body: unknown;
  paramsKey: string;
}

interface Intent {
  id: string;
  amount: number;
  customer: string | null;
  paymentMethod: string;
  status: string;
  refunded: number;
  metadata: Record<string, string>;
}

export interface FakeStripe {
  config: StripeConfig;
  requests: RecordedRequest[];
  /** answer the next `times` requests to `path` with a 500 api_error (the SDK retries them) */
  failNext(path: string, times: number): void;
  /** a completed checkout: what Stripe knows after the holder paid on its page */
  paySession(sessionId: string, pm?: string): { session: Record<string, unknown>; intent: string; charge: string };
  /** a charge object for charge.refunded / dispute events */
  charge(intentId: string, amountRefunded?: number): Record<string, unknown>;
  sessions: Map<string, Record<string, unknown>>;
  intents: Map<string, Intent>;
  close(): Promise<void>;
}

const CARD = { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, funding: 'credit', country: 'US' };

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (c) => {
      data += c;
    });
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown, replayed = false) {
  res.writeHead(status, {
    'content-type': 'application/json',
    'request-id': `req_${Math.random().toString(36).slice(2, 12)}`,
    ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
  });
  res.end(JSON.stringify(body));
}

const err = (status: number, type: string, message: string, extra: Record<string, unknown> = {}) => ({
  status,
  body: { error: { type, message, ...extra } },
});

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const stored = new Map<string, Stored>();
  const failures = new Map<string, number>();
  const sessions = new Map<string, Record<string, unknown>>();
  const intents = new Map<string, Intent>();
  let n = 0;
  const id = (prefix: string) => `${prefix}_test_${(++n).toString().padStart(6, '0')}`;

  const intentObject = (pi: Intent, expandPm = false) => ({
    id: pi.id,
    object: 'payment_intent',
    amount: pi.amount,
    currency: 'usd',
    status: pi.status,
    customer: pi.customer,
    payment_method: expandPm
      ? { id: pi.paymentMethod, object: 'payment_method', type: 'card', card: CARD, customer: pi.customer }
      : pi.paymentMethod,
    latest_charge: `ch_of_${pi.id}`,
    metadata: pi.metadata,
    last_payment_error: null,
  });

  function route(method: string, path: string, p: Record<string, string>): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/customers') {
      return { status: 200, body: { id: id('cus'), object: 'customer', email: p.email ?? null } };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (p.mode !== 'payment' || !p.success_url || !p['line_items[0][price_data][unit_amount]'])
        return err(400, 'invalid_request_error', 'Missing required param: line_items.', { param: 'line_items' });
      let total = 0;
      for (let i = 0; p[`line_items[${i}][price_data][unit_amount]`]; i++) {
        total += Number(p[`line_items[${i}][price_data][unit_amount]`]) * Number(p[`line_items[${i}][quantity]`] ?? 1);
      }
      const sid = id('cs');
      const session = {
        id: sid,
        object: 'checkout.session',
        mode: 'payment',
        status: 'open',
        payment_status: 'unpaid',
        url: `https://checkout.stripe.com/c/pay/${sid}`,
        client_reference_id: p.client_reference_id ?? null,
        amount_total: total,
        currency: p['line_items[0][price_data][currency]'] ?? 'usd',
        customer: p.customer ?? null,
        customer_email: p.customer_email ?? null,
        success_url: p.success_url,
        cancel_url: p.cancel_url ?? null,
        payment_intent: null,
        metadata: { payment_key: p['metadata[payment_key]'] ?? undefined },
        intent_metadata: { payment_key: p['payment_intent_data[metadata][payment_key]'] },
        setup_future_usage: p['payment_intent_data[setup_future_usage]'] ?? null,
      };
      sessions.set(sid, session);
      return { status: 200, body: session };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const pi: Intent = {
        id: id('pi'),
        amount: Number(p.amount),
        customer: p.customer ?? null,
        paymentMethod: p.payment_method,
        status: 'requires_payment_method',
        refunded: 0,
        metadata: p['metadata[payment_key]'] ? { payment_key: p['metadata[payment_key]'] } : {},
      };
      intents.set(pi.id, pi);
      if (p.payment_method === PM_DECLINED) {
        return err(402, 'card_error', 'Your card was declined.', {
          code: 'card_declined',
          decline_code: 'generic_decline',
          charge: `ch_of_${pi.id}`,
          payment_intent: intentObject(pi),
        });
      }
      if (p.payment_method === PM_AUTH_REQUIRED) {
        pi.status = 'requires_action';
        return err(402, 'card_error', 'Your card was declined. This transaction requires authentication.', {
          code: 'authentication_required',
          decline_code: 'authentication_required',
          payment_intent: intentObject(pi),
        });
      }
      pi.status = p.confirm === 'true' ? 'succeeded' : 'requires_confirmation';
      return { status: 200, body: intentObject(pi) };
    }
    const piMatch = path.match(/^\/v1\/payment_intents\/([^/]+)$/);
    if (method === 'GET' && piMatch) {
      const pi = intents.get(piMatch[1]);
      if (!pi)
        return err(404, 'invalid_request_error', `No such payment_intent: '${piMatch[1]}'`, {
          code: 'resource_missing',
        });
      return { status: 200, body: intentObject(pi, p['expand[0]'] === 'payment_method') };
    }
    const detach = path.match(/^\/v1\/payment_methods\/([^/]+)\/detach$/);
    if (method === 'POST' && detach) {
      return {
        status: 200,
        body: { id: detach[1], object: 'payment_method', type: 'card', card: CARD, customer: null },
      };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const pi = intents.get(p.payment_intent ?? '');
      if (pi?.status !== 'succeeded' || !pi)
        return err(400, 'invalid_request_error', `No such payment_intent: '${p.payment_intent}'`, {
          code: 'resource_missing',
          param: 'payment_intent',
        });
      const amount = p.amount ? Number(p.amount) : pi.amount - pi.refunded;
      if (pi.refunded + amount > pi.amount)
        return err(400, 'invalid_request_error', 'Refund amount is greater than the amount that can be refunded.', {
          code: 'amount_too_large',
        });
      pi.refunded += amount;
      return {
        status: 200,
        body: {
          id: id('re'),
          object: 'refund',
          amount,
          currency: 'usd',
          payment_intent: pi.id,
          charge: `ch_of_${pi.id}`,
          status: 'succeeded',
          metadata: { refund_key: p['metadata[refund_key]'] },
        },
      };
    }
    return err(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const raw = req.method === 'GET' ? url.search.slice(1) : await readBody(req);
    const params = Object.fromEntries(new URLSearchParams(raw));
    const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
    const record: RecordedRequest = {
      method: req.method ?? '',
      path: url.pathname,
      params,
      idempotencyKey: key,
      replayed: false,
    };
    requests.push(record);
    if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_SECRET}`) {
      send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
      return;
    }
    const failing = failures.get(url.pathname) ?? 0;
    if (failing > 0) {
      failures.set(url.pathname, failing - 1);
      send(res, 500, { error: { type: 'api_error', message: 'An unknown error occurred.' } });
      return;
    }
    const paramsKey = JSON.stringify(params);
    if (key && req.method === 'POST') {
      const before = stored.get(key);
      if (before) {
        if (before.paramsKey !== paramsKey) {
          send(res, 400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
            },
          });
          return;
        }
        record.replayed = true;
        send(res, before.status, before.body, true);
        return;
      }
    }
    const answer = route(req.method ?? 'GET', url.pathname, params);
    if (key && req.method === 'POST') stored.set(key, { ...answer, paramsKey });
    send(res, answer.status, answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    config: {
      secretKey: FAKE_STRIPE_SECRET,
      webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
      host: '127.0.0.1',
      port,
      protocol: 'http',
    },
    requests,
    sessions,
    intents,
    failNext: (path, times) => failures.set(path, times),
    paySession(sessionId, pm = PM_VISA) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const customer = (session.customer as string | null) ?? id('cus');
      const pi: Intent = {
        id: id('pi'),
        amount: session.amount_total as number,
        customer,
        paymentMethod: `${pm}_${n}`,
        status: 'succeeded',
        refunded: 0,
        metadata: session.intent_metadata as Record<string, string>,
      };
      intents.set(pi.id, pi);
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: pi.id, customer });
      return { session: { ...session }, intent: pi.id, charge: `ch_of_${pi.id}` };
    },
    charge(intentId, amountRefunded = 0) {
      const pi = intents.get(intentId);
      if (!pi) throw new Error(`no intent ${intentId}`);
      return {
        id: `ch_of_${pi.id}`,
        object: 'charge',
        amount: pi.amount,
        amount_refunded: amountRefunded,
        currency: 'usd',
        paid: true,
        refunded: amountRefunded >= pi.amount,
        status: 'succeeded',
        payment_intent: pi.id,
        customer: pi.customer,
        metadata: {},
        payment_method_details: { type: 'card', card: CARD },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A Stripe event, signed as Stripe signs it (t=<unix seconds>,v1=<HMAC-SHA256 of "t.body">). */
export function signedEvent(
  type: string,
  object: Record<string, unknown>,
  opts: { id?: string; timestamp?: number; secret?: string } = {},
): { payload: string; headers: Record<string, string>; id: string } {
  const eventId = opts.id ?? `evt_${Math.random().toString(36).slice(2, 14)}`;
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: '2025-10-29.clover',
    created: opts.timestamp ?? Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
  const header = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? FAKE_STRIPE_WEBHOOK_SECRET,
    ...(opts.timestamp ? { timestamp: opts.timestamp } : {}),
  });
  return {
    payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
    id: eventId,
  };
}
