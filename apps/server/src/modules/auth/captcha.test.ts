import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@parlance/shared';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { type CaptchaChallenge, encodeCaptchaPayload } from '../../platform/captcha';
import { authed, form, loginRequest, signUp, signUpForm, solveCaptcha } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';

// With CAPTCHA on: what a bot without a solution, or with a spent one, gets.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ captcha: true }, { demo: true });
});
afterAll(() => t.close());

const signup = (fields: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/userService/addAccountInfo', ...form(fields) });

describe('GET /api/2/captcha/challenge', () => {
  it('answers a signed SHA-256 challenge that expires in 10 minutes and is quick to solve', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/2/captcha/challenge' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const challenge = res.json() as CaptchaChallenge;
    expect(challenge.parameters.algorithm).toBe('SHA-256');
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    const expiresInMs = (challenge.parameters.expiresAt ?? 0) * 1000 - t.clock.now().getTime();
    expect(expiresInMs).toBeGreaterThan(9 * 60 * 1000);
    expect(expiresInMs).toBeLessThanOrEqual(10 * 60 * 1000);
    const started = performance.now();
    const solution = await solveChallenge({ challenge, deriveKey });
    expect(solution).not.toBeNull();
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('captcha on signup', () => {
  it('signs up with a solved captcha', async () => {
    const u = await signUp(t.app);
    expect(u.user.id).toBeGreaterThan(0);
  });

  it('answers 403 with errors.captcha without a solution or with a bad one', async () => {
    for (const captcha_response of [
      '',
      '0',
      'garbage',
      Buffer.from('{"challenge":null,"solution":null,"test":true}').toString('base64'),
    ]) {
      const res = await signup(signUpForm({ captcha_response }));
      expect(res.statusCode).toBe(403);
      expect(res.json().errors.captcha).toMatch(/^Captcha/);
    }
  });

  it('refuses a solution used before (replay)', async () => {
    const captcha_response = await solveCaptcha(t.app);
    expect((await signup(signUpForm({ captcha_response }))).statusCode).toBe(200);
    const replay = await signup(signUpForm({ captcha_response }));
    expect(replay.statusCode).toBe(403);
    expect(replay.json().errors).toEqual({ captcha: TEXTS.captchaFailed });
  });

  it('refuses a solution whose challenge has expired', async () => {
    const captcha_response = await solveCaptcha(t.app);
    t.clock.advance(10 * 60 * 1000 + 1000);
    const res = await signup(signUpForm({ captcha_response }));
    expect(res.statusCode).toBe(403);
  });

  it('refuses a tampered challenge or a wrong derived key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/2/captcha/challenge' });
    const challenge = res.json() as CaptchaChallenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    if (!solution) throw new Error('unsolved');
    const tampered = encodeCaptchaPayload({
      challenge: {
        parameters: { ...challenge.parameters, expiresAt: (challenge.parameters.expiresAt ?? 0) + 86_400 },
        signature: challenge.signature,
      },
      solution,
    });
    expect((await signup(signUpForm({ captcha_response: tampered }))).statusCode).toBe(403);
    // the derived key is the proof of work (the counter only says where it was found)
    const last = solution.derivedKey.slice(-1) === '0' ? '1' : '0';
    const wrongKey = encodeCaptchaPayload({
      challenge: { parameters: challenge.parameters, signature: challenge.signature },
      solution: { ...solution, derivedKey: `${solution.derivedKey.slice(0, -1)}${last}` },
    });
    expect((await signup(signUpForm({ captcha_response: wrongKey }))).statusCode).toBe(403);
    // the untouched solution still works: the refusals above did not spend it
    const good = encodeCaptchaPayload({
      challenge: { parameters: challenge.parameters, signature: challenge.signature },
      solution,
    });
    expect((await signup(signUpForm({ captcha_response: good }))).statusCode).toBe(200);
  });

  it('checks the fields before the captcha, so a form with bad fields does not spend it', async () => {
    const captcha_response = await solveCaptcha(t.app);
    const bad = await signup(signUpForm({ full_name: 'X', captcha_response }));
    expect(bad.statusCode).toBe(400);
    expect((await signup(signUpForm({ captcha_response }))).statusCode).toBe(200);
  });
});

describe('captcha on sign-in', () => {
  it('answers 403 with a message starting with Captcha without a solution', async () => {
    const res = await loginRequest(t.app, 'customer@parlance.test', DEMO_PASSWORD, { captcha_response: '' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/^Captcha/);
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  it('signs in with a solution, and refuses the same solution again', async () => {
    const captcha_response = await solveCaptcha(t.app);
    const ok = await loginRequest(t.app, 'customer@parlance.test', DEMO_PASSWORD, { captcha_response });
    expect(ok.statusCode).toBe(200);
    const replay = await loginRequest(t.app, 'customer@parlance.test', DEMO_PASSWORD, { captcha_response });
    expect(replay.statusCode).toBe(403);
  });

  it('spends the solution on a wrong password, so every guess needs a new one', async () => {
    const captcha_response = await solveCaptcha(t.app);
    const wrong = await loginRequest(t.app, 'customer@parlance.test', 'Wrong-pass1', { captcha_response });
    expect(wrong.statusCode).toBe(401);
    const again = await loginRequest(t.app, 'customer@parlance.test', DEMO_PASSWORD, { captcha_response });
    expect(again.statusCode).toBe(403);
  });
});

describe('captcha with two-step sign-in', () => {
  it('lets the browser resend the same solution with the code after the 417, and only then spends it', async () => {
    const u = await signUp(t.app);
    const { secret } = (await authed(t.app, u).get('/api/2/auth/2fa')).json().results as { secret: string };
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    await authed(t.app, u).post('/api/2/account/2fa', { code: totp.generate({ timestamp: t.clock.now().getTime() }) });
    t.clock.advance(30_000);

    const captcha_response = await solveCaptcha(t.app);
    const needCode = await loginRequest(t.app, u.email, u.password, { captcha_response });
    expect(needCode.statusCode).toBe(417);
    const code = totp.generate({ timestamp: t.clock.now().getTime() });
    const ok = await loginRequest(t.app, u.email, u.password, { captcha_response, twoFactorAuthCode: code });
    expect(ok.statusCode).toBe(200);
    const replay = await loginRequest(t.app, u.email, u.password, { captcha_response });
    expect(replay.statusCode).toBe(403);
  });
});

describe('captcha on setting a password by link', () => {
  it('answers 403 without a solution', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/2/account/auth/password?token=whatever',
      ...form({ password: 'Brand-new2!', password_verify: 'Brand-new2!' }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors.captcha).toBe(TEXTS.captchaRequired);
  });
});
