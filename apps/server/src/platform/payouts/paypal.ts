import type { PayoutProvider, ProviderItemResult, SentItem } from './provider';

// PayPal Payouts (ADR 0093) on PayPal's documented REST API: the client-credentials token
// (/v1/oauth2/token), one batch per request (POST /v1/payments/payouts), its status (GET
// /v1/payments/payouts/{batch_id}), the cancel of an unclaimed item, and the webhook signature check
// (POST /v1/notifications/verify-webhook-signature). The official server SDK has no Payouts
// controller and no way to point it at another base URL, so it is not used here (see the ADR).

export const PAYPAL_API_BASES = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  live: 'https://api-m.paypal.com',
} as const;

export interface PayPalSettings {
  clientId: string;
  clientSecret: string;
  env: keyof typeof PAYPAL_API_BASES;
  /** the id of the webhook registered in the PayPal developer dashboard; none: webhooks are refused */
  webhookId: string | null;
  /** tests: a local server that answers as PayPal does */
  apiBase: string | null;
}

/** A payout item as PayPal describes it (batch details' items, the item details, a webhook's resource). */
export interface PayPalItem {
  payout_item_id?: string;
  payout_batch_id?: string;
  transaction_status?: string;
  payout_item?: { sender_item_id?: string; receiver?: string };
  errors?: { name?: string; message?: string };
}

/** The webhook's transmission headers, as received (lower-case names). */
export interface PayPalTransmission {
  'paypal-auth-algo'?: string;
  'paypal-cert-url'?: string;
  'paypal-transmission-id'?: string;
  'paypal-transmission-sig'?: string;
  'paypal-transmission-time'?: string;
}

export interface PayPalPayouts extends PayoutProvider {
  /** whether PayPal vouches for this webhook delivery (headers and the body exactly as received) */
  verifyWebhook(headers: PayPalTransmission, rawBody: string): Promise<boolean>;
  /** what an item's PayPal status means for our request (an unclaimed item is cancelled first) */
  resultOfItem(item: PayPalItem): Promise<ProviderItemResult>;
}

/** Thrown when PayPal could not be reached or kept failing after the retries: ask again later. */
export class PayPalUnavailable extends Error {}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** The batch idempotency id of one request: PayPal refuses a second batch with it within 30 days. */
export const senderBatchIdOf = (requestId: number) => `parlance-payout-${requestId}`;

const FAILED_REASONS: Record<string, string> = {
  FAILED: 'PayPal could not pay it',
  RETURNED: 'PayPal returned it: nobody claimed it',
  BLOCKED: 'PayPal blocked it',
  DENIED: 'PayPal denied it',
  REFUNDED: 'The receiver refunded it',
  REVERSED: 'PayPal reversed it',
  CANCELED: 'It was cancelled at PayPal',
};

export function createPayPalPayoutProvider(
  settings: PayPalSettings,
  opts: { fetch?: typeof fetch; maxAttempts?: number; retryDelayMs?: number } = {},
): PayPalPayouts {
  const base = (settings.apiBase ?? PAYPAL_API_BASES[settings.env]).replace(/\/$/, '');
  const doFetch = opts.fetch ?? fetch;
  const maxAttempts = opts.maxAttempts ?? 4;
  const retryDelayMs = opts.retryDelayMs ?? 500;
  let token: { value: string; expiresAt: number } | null = null;
  let fetching: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64');
    const res = await send('POST', '/v1/oauth2/token', {
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const value = res.body.access_token;
    if (res.status !== 200 || typeof value !== 'string') {
      throw new PayPalUnavailable(`PayPal refused the client credentials (${res.status}): check PAYPAL_CLIENT_ID`);
    }
    const expiresIn = typeof res.body.expires_in === 'number' ? res.body.expires_in : 300;
    // renewed a minute early, so a token never expires between our check and PayPal's
    token = { value, expiresAt: Date.now() + Math.max(0, expiresIn - 60) * 1000 };
    return value;
  }

  function bearer(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return Promise.resolve(token.value);
    fetching ??= fetchToken().finally(() => {
      fetching = null;
    });
    return fetching;
  }

  /** One call with retries: network errors, 429 and 5xx are sent again, with the same request id. */
  async function send(
    method: string,
    path: string,
    init: { headers: Record<string, string>; body?: string },
  ): Promise<Answer> {
    let last = 'no answer';
    for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, retryDelayMs * 2 ** (attempt - 1)));
      let res: Response;
      try {
        res = await doFetch(`${base}${path}`, { method, headers: init.headers, body: init.body });
      } catch (err) {
        last = err instanceof Error ? err.message : String(err);
        continue;
      }
      const text = await res.text();
      if (res.status === 429 || res.status >= 500) {
        last = `${res.status}`;
        continue;
      }
      let body: Record<string, unknown> = {};
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        body = {};
      }
      return { status: res.status, body };
    }
    throw new PayPalUnavailable(`PayPal did not answer ${method} ${path} (${last})`);
  }

  /** A call with the bearer token; an expired or revoked token (401) is renewed once. */
  async function api(method: string, path: string, body?: string, requestId?: string): Promise<Answer> {
    for (let renewed = 0; ; renewed += 1) {
      const headers: Record<string, string> = {
        authorization: `Bearer ${await bearer()}`,
        'content-type': 'application/json',
        accept: 'application/json',
      };
      if (requestId) headers['paypal-request-id'] = requestId;
      const res = await send(method, path, { headers, body });
      if (res.status !== 401 || renewed > 0) return res;
      token = null;
    }
  }

  /** PayPal's error, in its own words (name, message and each detail's description). */
  function messageOf(body: Record<string, unknown>): string {
    const details = Array.isArray(body.details)
      ? (body.details as { field?: string; issue?: string; description?: string }[])
          .map((d) => d.description ?? d.issue)
          .filter(Boolean)
      : [];
    const message = typeof body.message === 'string' ? body.message : 'PayPal refused the payout';
    return [message, ...details].join(': ');
  }

  async function sendOne(item: { requestId: number; account: string; netCredits: number }): Promise<SentItem> {
    const id = senderBatchIdOf(item.requestId);
    const res = await api(
      'POST',
      '/v1/payments/payouts',
      JSON.stringify({
        sender_batch_header: {
          sender_batch_id: id,
          recipient_type: 'EMAIL',
          email_subject: 'You have a payout from Parlance',
          email_message: 'Your Parlance earnings are on their way.',
        },
        items: [
          {
            recipient_type: 'EMAIL',
            amount: { value: (item.netCredits / 100).toFixed(2), currency: 'USD' },
            receiver: item.account,
            sender_item_id: String(item.requestId),
            note: `Parlance payout ${item.requestId}`,
          },
        ],
      }),
      id,
    );
    const header = res.body.batch_header as { payout_batch_id?: string } | undefined;
    if ((res.status === 201 || res.status === 200) && header?.payout_batch_id) return { ref: header.payout_batch_id };
    // the batch id was used already (a resend after a lost answer): the original batch is linked
    const original = (Array.isArray(res.body.links) ? (res.body.links as { href?: string }[]) : [])
      .map((l) => l.href?.match(/\/v1\/payments\/payouts\/([^/?]+)/)?.[1])
      .find(Boolean);
    if (original) return { ref: original };
    return { refused: messageOf(res.body) };
  }

  async function cancelUnclaimed(item: PayPalItem): Promise<ProviderItemResult> {
    const receiver = item.payout_item?.receiver;
    const waiting = {
      status: 'on_hold' as const,
      reason: `Not claimed on PayPal yet${receiver ? ` by ${receiver}` : ''}`,
    };
    if (!item.payout_item_id) return waiting;
    const res = await api(
      'POST',
      `/v1/payments/payouts-item/${encodeURIComponent(item.payout_item_id)}/cancel`,
      undefined,
      `parlance-cancel-${item.payout_item_id}`,
    );
    if (res.status === 200 && res.body.transaction_status === 'RETURNED') {
      return {
        status: 'failed',
        reason: `Nobody claimed it on PayPal${receiver ? ` at ${receiver}` : ''}: PayPal returned it; check the address`,
      };
    }
    // already claimed meanwhile (or not cancellable): the next answer tells how it ended
    return waiting;
  }

  const provider: PayPalPayouts = {
    railOf: (method) => (method === 'paypal' ? 'paypal' : 'not_connected'),

    async sendBatch(items) {
      const answers = new Map<number, SentItem>();
      // one batch per request (its own idempotency id), four at a time
      const queue = [...items];
      const workers = Array.from({ length: Math.min(4, queue.length) }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          try {
            answers.set(next.requestId, await sendOne(next));
          } catch (err) {
            // no answer: the request stays pending; a resend reuses its batch id, so it pays once
            if (!(err instanceof PayPalUnavailable)) throw err;
          }
        }
      });
      await Promise.all(workers);
      return answers;
    },

    async status({ ref, requestId }) {
      const res = await api('GET', `/v1/payments/payouts/${encodeURIComponent(ref)}`);
      // not "failed" on a 404: a batch of the other PAYPAL_ENV may well have been paid; the poll logs
      // it each run until finance settles the request by hand
      if (res.status !== 200) throw new PayPalUnavailable(`PayPal answered ${res.status}: ${messageOf(res.body)}`);
      const items = Array.isArray(res.body.items) ? (res.body.items as PayPalItem[]) : [];
      const item = items.find((i) => i.payout_item?.sender_item_id === String(requestId));
      if (!item) {
        const header = res.body.batch_header as { batch_status?: string } | undefined;
        if (header?.batch_status === 'DENIED') return { status: 'failed', reason: 'PayPal denied the payout' };
        return { status: 'processing' };
      }
      return provider.resultOfItem(item);
    },

    async resultOfItem(item) {
      const status = item.transaction_status ?? 'PENDING';
      if (status === 'SUCCESS') return { status: 'paid' };
      if (status === 'ONHOLD') return { status: 'on_hold', reason: 'PayPal holds it for review' };
      if (status === 'UNCLAIMED') return cancelUnclaimed(item);
      const failed = FAILED_REASONS[status];
      if (failed)
        return { status: 'failed', reason: item.errors?.message ? `${failed}: ${item.errors.message}` : failed };
      return { status: 'processing' };
    },

    async verifyWebhook(headers, rawBody) {
      if (!settings.webhookId) return false;
      const fields = {
        auth_algo: headers['paypal-auth-algo'],
        cert_url: headers['paypal-cert-url'],
        transmission_id: headers['paypal-transmission-id'],
        transmission_sig: headers['paypal-transmission-sig'],
        transmission_time: headers['paypal-transmission-time'],
        webhook_id: settings.webhookId,
      };
      if (Object.values(fields).some((v) => !v)) return false;
      // the event goes back byte for byte as it came: a re-serialised copy may not match the signature
      const body = `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${rawBody}}`;
      const res = await api('POST', '/v1/notifications/verify-webhook-signature', body);
      return res.status === 200 && res.body.verification_status === 'SUCCESS';
    },
  };
  return provider;
}
