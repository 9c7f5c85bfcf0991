import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakePayPal } from '../../test/fake-paypal';
import { createPayPalPayoutProvider, type PayPalPayouts, senderBatchIdOf } from './paypal';

// The PayPal Payouts client against a local server that answers as PayPal's API reference documents.

let fake: FakePayPal;
let paypal: PayPalPayouts;
const now = new Date('2026-11-02T10:00:00Z');

beforeAll(async () => {
  fake = new FakePayPal();
  await fake.start();
});
afterAll(async () => {
  await fake.stop();
});
beforeEach(() => {
  fake.calls.length = 0;
  paypal = createPayPalPayoutProvider(
    {
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      env: 'sandbox',
      webhookId: fake.webhookId,
      apiBase: fake.url,
    },
    { retryDelayMs: 1 },
  );
});

const item = (requestId: number, account = `t${requestId}@example.com`, netCredits = 9_800) => ({
  requestId,
  method: 'paypal' as const,
  account,
  netCredits,
});
const callsTo = (path: string) => fake.calls.filter((c) => c.path === path);

describe('PayPal Payouts client', () => {
  it('sends one batch per request with our ids, the amount in dollars and the idempotency header', async () => {
    const sent = await paypal.sendBatch([item(101), item(102, 'u102@example.com', 12_345)], now);
    expect(sent.get(101)).toEqual({ ref: expect.stringMatching(/^BATCH/) });
    const creates = callsTo('/v1/payments/payouts');
    expect(creates).toHaveLength(2);
    const second = creates.find((c) => c.headers['paypal-request-id'] === senderBatchIdOf(102));
    expect(second?.body).toEqual({
      sender_batch_header: expect.objectContaining({ sender_batch_id: senderBatchIdOf(102), recipient_type: 'EMAIL' }),
      items: [
        expect.objectContaining({
          recipient_type: 'EMAIL',
          amount: { value: '123.45', currency: 'USD' },
          receiver: 'u102@example.com',
          sender_item_id: '102',
        }),
      ],
    });
    expect(second?.headers.authorization).toMatch(/^Bearer A21AA/);
    // one token for both calls
    expect(callsTo('/v1/oauth2/token')).toHaveLength(1);
  });

  it('retries 5xx and 429 with the same request id: one batch is created', async () => {
    fake.failNext('/v1/payments/payouts', 500, 429);
    const before = fake.batches.size;
    const sent = await paypal.sendBatch([item(201)], now);
    expect(sent.get(201)).toEqual({ ref: expect.any(String) });
    const attempts = callsTo('/v1/payments/payouts');
    expect(attempts.map((c) => c.headers['paypal-request-id'])).toEqual(Array(3).fill(senderBatchIdOf(201)));
    expect(fake.batches.size).toBe(before + 1);
  });

  it('leaves a request out when PayPal keeps failing, and a later resend finds the same batch', async () => {
    fake.failNext('/v1/payments/payouts', 503, 503, 503, 503);
    expect((await paypal.sendBatch([item(301)], now)).has(301)).toBe(false);
    const first = await paypal.sendBatch([item(302)], now);
    // a resend from a new process (no replay of the request id): the reused batch id links the original
    const other = createPayPalPayoutProvider(
      { clientId: fake.clientId, clientSecret: fake.clientSecret, env: 'sandbox', webhookId: null, apiBase: fake.url },
      { retryDelayMs: 1 },
    );
    const created = [...fake.batches.values()].filter(
      (b) => b.batch_header.sender_batch_header.sender_batch_id === senderBatchIdOf(302),
    );
    expect(created).toHaveLength(1);
    // PayPal forgets the request id's answer after 30 days: the sender_batch_id still stops a second batch
    (fake as unknown as { replays: Map<string, unknown> }).replays.clear();
    const again = await other.sendBatch([item(302)], now);
    expect(again.get(302)).toEqual(first.get(302));
    expect(
      [...fake.batches.values()].filter(
        (b) => b.batch_header.sender_batch_header.sender_batch_id === senderBatchIdOf(302),
      ),
    ).toHaveLength(1);
  });

  it('a validation error refuses the item with PayPal’s words', async () => {
    const sent = await paypal.sendBatch([item(401, 'not-an-address')], now);
    expect(sent.get(401)).toEqual({
      refused: 'Invalid request - see details: Receiver is invalid or does not match with type',
    });
  });

  it('renews an expired token and repeats the call once', async () => {
    await paypal.sendBatch([item(501)], now);
    fake.expireTokens();
    const ref = (await paypal.sendBatch([item(502)], now)).get(502);
    expect(ref).toEqual({ ref: expect.any(String) });
    expect(callsTo('/v1/oauth2/token')).toHaveLength(2);
  });

  it('tells each item status as our state machine reads it; an unclaimed item is cancelled first', async () => {
    const ids = [601, 602, 603, 604, 605];
    const sent = await paypal.sendBatch(
      ids.map((id) => item(id)),
      now,
    );
    const status = (id: number) => {
      const s = sent.get(id);
      if (!s || !('ref' in s)) throw new Error('not sent');
      return paypal.status({ ref: s.ref, requestId: id, method: 'paypal' }, now);
    };
    expect(await status(601)).toEqual({ status: 'processing' });
    fake.setStatus(601, 'SUCCESS');
    fake.setStatus(602, 'ONHOLD');
    fake.setStatus(603, 'FAILED', { name: 'RECEIVER_UNREGISTERED', message: 'Receiver is unregistered' });
    fake.setStatus(604, 'UNCLAIMED');
    fake.setStatus(605, 'RETURNED');
    expect(await status(601)).toEqual({ status: 'paid' });
    expect(await status(602)).toMatchObject({ status: 'on_hold' });
    expect(await status(603)).toEqual({
      status: 'failed',
      reason: 'PayPal could not pay it: Receiver is unregistered',
    });
    expect(await status(604)).toMatchObject({ status: 'failed', reason: expect.stringContaining('Nobody claimed it') });
    expect(fake.itemOf(604)?.transaction_status).toBe('RETURNED');
    expect(callsTo(`/v1/payments/payouts-item/${fake.itemOf(604)?.payout_item_id}/cancel`)).toHaveLength(1);
    expect(await status(605)).toMatchObject({ status: 'failed' });
    // a batch PayPal does not know (another PAYPAL_ENV?) is not taken for failed: the poll asks again
    await expect(paypal.status({ ref: 'NOSUCHBATCH', requestId: 606, method: 'paypal' }, now)).rejects.toThrow(
      /PayPal answered 404/,
    );
  });

  it('verifies a webhook delivery with PayPal, and refuses a tampered one or one without headers', async () => {
    await paypal.sendBatch([item(701)], now);
    const good = fake.signedDelivery(701, 'SUCCEEDED', { status: 'SUCCESS' });
    expect(await paypal.verifyWebhook(good.headers, good.body)).toBe(true);
    const verify = callsTo('/v1/notifications/verify-webhook-signature').at(-1);
    expect(verify?.body).toMatchObject({
      auth_algo: 'SHA256withRSA',
      webhook_id: fake.webhookId,
      transmission_id: good.headers['paypal-transmission-id'],
      webhook_event: JSON.parse(good.body),
    });
    const tampered = fake.signedDelivery(701, 'SUCCEEDED', { tamper: true });
    expect(await paypal.verifyWebhook(tampered.headers, tampered.body)).toBe(false);
    expect(await paypal.verifyWebhook({}, good.body)).toBe(false);
  });
});
