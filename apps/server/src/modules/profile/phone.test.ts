import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PHONE_TEXTS, TEXTS } from '@parlance/shared';
import { mailOutbox } from '../../db/schema';
import { httpSmsProvider } from '../../platform/sms';
import { authed, signUp } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

/** The code of the last SMS to the phone, read from the outbox as an admin would. */
async function lastCode(phone: string): Promise<string> {
  const rows = await t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, `sms:${phone}`), eq(mailOutbox.subject, 'SMS')));
  const match = /\b(\d{6})\b/.exec(rows.at(-1)?.text ?? '');
  if (!match) throw new Error('no code sent');
  return match[1];
}

it('sends a code to the outbox without a provider, verifies the phone with it, and refuses wrong codes', async () => {
  const me = await signUp(t.app);
  const api = authed(t.app, me);
  const phone = '1 (555) 010-7788';
  const bad = await api.post('/ajax/phoneverify/startverify', { phone: '555-CALL-NOW' });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().errors.phone).toBe(TEXTS.invalidPhone);
  const start = await api.post('/ajax/phoneverify/startverify', { phone });
  expect(start.statusCode).toBe(200);
  expect(start.json().message).toBe(PHONE_TEXTS.codeSent);
  expect((await api.get('/ajax/phoneverify/status')).json().results).toMatchObject({ verified: false, pending: phone });
  const again = await api.post('/ajax/phoneverify/startverify', { phone });
  expect(again.statusCode).toBe(429);

  const code = await lastCode(phone);
  const wrongCode = code === '000000' ? '111111' : '000000';
  const wrong = await api.post('/ajax/phoneverify/tryverify', { phone, code: wrongCode });
  expect(wrong.statusCode).toBe(400);
  expect(wrong.json().message).toBe(PHONE_TEXTS.codeWrong);
  const ok = await api.post('/ajax/phoneverify/tryverify', { phone, code });
  expect(ok.statusCode).toBe(200);
  expect((await api.get('/ajax/phoneverify/status')).json().results).toEqual({ phone, verified: true, pending: null });
  expect((await api.get('/api/2/account/details')).json().results.phoneVerified).toBe(true);
  // the code cannot be used again
  expect((await api.post('/ajax/phoneverify/tryverify', { phone, code })).statusCode).toBe(400);
});

it('locks after five wrong codes and expires after ten minutes', async () => {
  const me = await signUp(t.app);
  const api = authed(t.app, me);
  const phone = '555 123 4567';
  await api.post('/ajax/phoneverify/startverify', { phone });
  const code = await lastCode(phone);
  const wrongCode = code === '000000' ? '111111' : '000000';
  for (let i = 0; i < 5; i++) await api.post('/ajax/phoneverify/tryverify', { phone, code: wrongCode });
  const locked = await api.post('/ajax/phoneverify/tryverify', { phone, code });
  expect(locked.statusCode).toBe(429);
  expect(locked.json().message).toBe(PHONE_TEXTS.tooManyTries);
  t.clock.advance(11 * 60 * 1000);
  await api.post('/ajax/phoneverify/startverify', { phone });
  const fresh = await lastCode(phone);
  t.clock.advance(11 * 60 * 1000);
  const expired = await api.post('/ajax/phoneverify/tryverify', { phone, code: fresh });
  expect(expired.json().message).toBe(PHONE_TEXTS.codeExpired);
  expect((await t.app.inject({ method: 'GET', url: '/ajax/phoneverify/status' })).statusCode).toBe(401);
});

it('the HTTP provider posts to the gateway and fails on a refusal', async () => {
  const calls: { url: string; body: string }[] = [];
  const fake = (async (url: string, init: RequestInit) => {
    calls.push({ url, body: String(init.body) });
    return new Response(null, { status: calls.length === 1 ? 200 : 500 });
  }) as unknown as typeof fetch;
  const provider = httpSmsProvider('https://sms.example/send', fake);
  await provider.send('+15550100', 'hello');
  expect(calls[0]).toEqual({
    url: 'https://sms.example/send',
    body: JSON.stringify({ to: '+15550100', text: 'hello' }),
  });
  await expect(provider.send('+15550100', 'again')).rejects.toThrow(/500/);
});
