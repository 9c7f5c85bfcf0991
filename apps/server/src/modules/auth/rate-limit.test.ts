import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@parlance/shared';
import { form, loginRequest } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ authRateLimit: 3 });
});
afterAll(() => t.close());

describe('rate limits of the auth calls (AUTH_RATE_LIMIT per minute per IP)', () => {
  it('answers 429 with the spec-style message after the limit of sign-in attempts', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await loginRequest(t.app, 'nobody@example.test', 'Wrong-pass1')).statusCode).toBe(401);
    }
    const limited = await loginRequest(t.app, 'nobody@example.test', 'Wrong-pass1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ status: 'ERROR', message: TEXTS.tooManyRequests });
  });

  it('counts per IP address: another address may still try', async () => {
    const body = form({ username: 'nobody@example.test', pwd: 'Wrong-pass1' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/2/account/auth/login',
      remoteAddress: '203.0.113.9',
      ...body,
    });
    expect(res.statusCode).toBe(401);
  });

  it('limits password-reset mails too', async () => {
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/2/account/auth/password/resetPasswordToken',
        remoteAddress: '198.51.100.7',
        ...form({ email: 'nobody@example.test' }),
      });
    for (let i = 0; i < 3; i++) expect((await ask()).statusCode).toBe(404);
    const limited = await ask();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(TEXTS.tooManyRequests);
  });
});
