import { createSign, createVerify, generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';

interface FakeItem {
  payout_item_id: string;
  transaction_status: string;
  payout_batch_id: string;
  payout_item: {
    recipient_type: string;
    amount: { value: string; currency: string };
    receiver: string;
    sender_item_id: string;
    note?: string;
  };
  errors?: { name: string; message: string };
}

interface FakeBatch {
  batch_header: {
    payout_batch_id: string;
    batch_status: string;
    sender_batch_header: { sender_batch_id: string; recipient_type?: string };
  };
  items: FakeItem[];
}

export interface FakeCall {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/**
 * A local stand-in for PayPal's REST API as its reference documents it: the client-credentials token
 * (/v1/oauth2/token, Basic auth, expires_in), create batch payout (201 with batch_header, items
 * created PENDING; PayPal-Request-Id replays the first answer; a reused sender_batch_id is refused
 * with a link to the original batch; VALIDATION_ERROR with details), show batch details, show item
 * details, cancel an unclaimed item (RETURNED), and verify-webhook-signature (SHA256withRSA over
 * `transmission_id|transmission_time|webhook_id|crc32(event)`, as PayPal signs deliveries).
 * Tests queue faults (`failNext`), move items (`setStatus`) and sign deliveries (`signedDelivery`).
 */
export class FakePayPal {
  readonly calls: FakeCall[] = [];
  readonly batches = new Map<string, FakeBatch>();
  /** statuses answered instead of the real answer, one per call, for paths starting with the prefix */
  private faults: { prefix: string; status: number }[] = [];
  private tokens = new Map<string, number>();
  private replays = new Map<string, { status: number; body: unknown }>();
  private readonly keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  private server: Server | null = null;
  url = '';
  tokenTtlSeconds = 32_400;

  constructor(
    readonly clientId = 'test-client',
    readonly clientSecret = 'test-secret',
    readonly webhookId = 'WH-TEST-1',
  ) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => {
        raw += c;
      });
      req.on('end', () => {
        const path = (req.url ?? '').split('?')[0];
        let body: unknown = raw;
        if (String(req.headers['content-type']).includes('json') && raw) body = JSON.parse(raw);
        this.calls.push({ method: req.method ?? '', path, headers: req.headers, body });
        const { status, payload } = this.answer(req.method ?? '', path, req.headers, body);
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  failNext(prefix: string, ...statuses: number[]) {
    for (const status of statuses) this.faults.push({ prefix, status });
  }

  /** every token issued so far expires now (PayPal then answers 401 invalid_token) */
  expireTokens() {
    for (const token of this.tokens.keys()) this.tokens.set(token, 0);
  }

  itemOf(senderItemId: number | string): FakeItem | undefined {
    for (const batch of this.batches.values()) {
      const item = batch.items.find((i) => i.payout_item.sender_item_id === String(senderItemId));
      if (item) return item;
    }
    return undefined;
  }

  setStatus(senderItemId: number | string, status: string, errors?: FakeItem['errors']) {
    const item = this.itemOf(senderItemId);
    if (!item) throw new Error(`no item ${senderItemId}`);
    item.transaction_status = status;
    if (errors) item.errors = errors;
    const batch = this.batches.get(item.payout_batch_id);
    if (batch) batch.batch_header.batch_status = 'SUCCESS';
  }

  /** A webhook delivery of PAYMENT.PAYOUTS-ITEM.<kind> for the item as it stands, signed as PayPal signs. */
  signedDelivery(
    senderItemId: number | string,
    kind: string,
    opts: { eventId?: string; status?: string; tamper?: boolean } = {},
  ): { headers: Record<string, string>; body: string; eventId: string } {
    const item = this.itemOf(senderItemId);
    if (!item) throw new Error(`no item ${senderItemId}`);
    const eventId = opts.eventId ?? `WH-${randomUUID()}`;
    const event = {
      id: eventId,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: 'payouts_item',
      event_type: `PAYMENT.PAYOUTS-ITEM.${kind}`,
      summary: `A payout item ${kind.toLowerCase()}`,
      resource: { ...item, transaction_status: opts.status ?? item.transaction_status },
    };
    const body = JSON.stringify(event);
    const transmissionId = randomUUID();
    const transmissionTime = new Date().toISOString();
    const signer = createSign('RSA-SHA256');
    signer.update(`${transmissionId}|${transmissionTime}|${this.webhookId}|${crc32(body)}`);
    const signature = signer.sign(this.keys.privateKey, 'base64');
    return {
      eventId,
      body: opts.tamper ? body.replace(item.payout_item.receiver, 'thief@example.com') : body,
      headers: {
        'content-type': 'application/json',
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': `${this.url}/v1/notifications/certs/CERT-TEST`,
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-sig': signature,
        'paypal-transmission-time': transmissionTime,
      },
    };
  }

  private answer(
    method: string,
    path: string,
    headers: IncomingHttpHeaders,
    body: unknown,
  ): { status: number; payload: unknown } {
    const fault = this.faults.findIndex((f) => path.startsWith(f.prefix));
    if (fault >= 0) {
      const [{ status }] = this.faults.splice(fault, 1);
      return {
        status,
        payload:
          status === 429
            ? { name: 'RATE_LIMIT_REACHED', message: 'Too many requests. Blocked due to rate limiting.' }
            : { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error occurred.', debug_id: 'dbg1' },
      };
    }
    if (method === 'POST' && path === '/v1/oauth2/token') return this.token(headers, body);
    const auth = String(headers.authorization ?? '');
    const expiry = this.tokens.get(auth.replace(/^Bearer /, ''));
    if (!auth.startsWith('Bearer ') || expiry === undefined || expiry < Date.now()) {
      return {
        status: 401,
        payload: { error: 'invalid_token', error_description: 'Access Token not found in cache' },
      };
    }
    if (method === 'POST' && path === '/v1/payments/payouts')
      return this.create(headers, body as Record<string, unknown>);
    let m = /^\/v1\/payments\/payouts\/([^/]+)$/.exec(path);
    if (method === 'GET' && m) {
      const batch = this.batches.get(m[1]);
      if (!batch) return this.notFound();
      return { status: 200, payload: batch };
    }
    m = /^\/v1\/payments\/payouts-item\/([^/]+)(\/cancel)?$/.exec(path);
    if (m) {
      const item = [...this.batches.values()].flatMap((b) => b.items).find((i) => i.payout_item_id === m?.[1]);
      if (!item) return this.notFound();
      if (method === 'GET' && !m[2]) return { status: 200, payload: item };
      if (method === 'POST' && m[2]) {
        if (item.transaction_status !== 'UNCLAIMED') {
          return {
            status: 400,
            payload: {
              name: 'VALIDATION_ERROR',
              message: 'Invalid request - see details',
              details: [{ issue: 'ITEM_ALREADY_CLAIMED', description: 'Only an unclaimed item can be cancelled' }],
            },
          };
        }
        item.transaction_status = 'RETURNED';
        return { status: 200, payload: item };
      }
    }
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      return { status: 200, payload: { verification_status: this.verify(body as Record<string, unknown>) } };
    }
    return this.notFound();
  }

  private notFound() {
    return {
      status: 404,
      payload: { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.' },
    };
  }

  private token(headers: IncomingHttpHeaders, body: unknown) {
    const expected = `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64')}`;
    if (headers.authorization !== expected || body !== 'grant_type=client_credentials') {
      return { status: 401, payload: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
    }
    const token = `A21AA${randomUUID().replace(/-/g, '')}`;
    this.tokens.set(token, Date.now() + this.tokenTtlSeconds * 1000);
    return {
      status: 200,
      payload: {
        scope: 'https://uri.paypal.com/services/payments/payouts',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-80W284485P519543T',
        expires_in: this.tokenTtlSeconds,
        nonce: randomUUID(),
      },
    };
  }

  private create(headers: IncomingHttpHeaders, body: Record<string, unknown>) {
    const requestId = String(headers['paypal-request-id'] ?? '');
    const replay = requestId ? this.replays.get(requestId) : undefined;
    if (replay) return { status: replay.status, payload: replay.body };
    const header = body.sender_batch_header as { sender_batch_id?: string; recipient_type?: string } | undefined;
    const items = (body.items ?? []) as FakeItem['payout_item'][];
    const senderBatchId = header?.sender_batch_id ?? '';
    const used = [...this.batches.values()].find(
      (b) => b.batch_header.sender_batch_header.sender_batch_id === senderBatchId,
    );
    if (used) {
      return {
        status: 400,
        payload: {
          name: 'USER_BUSINESS_ERROR',
          message: 'User business error.',
          details: [
            { field: 'SENDER_BATCH_ID', location: 'body', issue: `Batch with given sender_batch_id already exists` },
          ],
          links: [
            {
              href: `${this.url}/v1/payments/payouts/${used.batch_header.payout_batch_id}`,
              rel: 'self',
              method: 'GET',
            },
          ],
        },
      };
    }
    const invalid = items.findIndex((i) => !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(i.receiver ?? ''));
    if (invalid >= 0) {
      return {
        status: 400,
        payload: {
          name: 'VALIDATION_ERROR',
          message: 'Invalid request - see details',
          debug_id: 'dbg2',
          details: [
            {
              field: `items[${invalid}].receiver`,
              location: 'body',
              issue: 'Receiver is invalid or does not match with type',
            },
          ],
        },
      };
    }
    const batchId = `BATCH${this.batches.size + 1}X${randomUUID().slice(0, 6).toUpperCase()}`;
    const batch: FakeBatch = {
      batch_header: {
        payout_batch_id: batchId,
        batch_status: 'PENDING',
        sender_batch_header: { sender_batch_id: senderBatchId, recipient_type: header?.recipient_type },
      },
      items: items.map((i, n) => ({
        payout_item_id: `ITEM${this.batches.size + 1}N${n}`,
        transaction_status: 'PENDING',
        payout_batch_id: batchId,
        payout_item: { ...i },
      })),
    };
    this.batches.set(batchId, batch);
    const answer = {
      status: 201,
      body: { batch_header: batch.batch_header, links: [{ href: `${this.url}/v1/payments/payouts/${batchId}` }] },
    };
    if (requestId) this.replays.set(requestId, answer);
    return { status: answer.status, payload: answer.body };
  }

  private verify(body: Record<string, unknown>): 'SUCCESS' | 'FAILURE' {
    if (body.webhook_id !== this.webhookId || body.auth_algo !== 'SHA256withRSA') return 'FAILURE';
    const event = JSON.stringify(body.webhook_event);
    const verifier = createVerify('RSA-SHA256');
    verifier.update(`${body.transmission_id}|${body.transmission_time}|${body.webhook_id}|${crc32(event)}`);
    try {
      return verifier.verify(this.keys.publicKey, String(body.transmission_sig), 'base64') ? 'SUCCESS' : 'FAILURE';
    } catch {
      return 'FAILURE';
    }
  }
}
