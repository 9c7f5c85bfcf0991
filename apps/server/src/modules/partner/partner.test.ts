import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTNER_TEXTS, type PartnerReport } from '@parlance/shared';
import { referrals } from '../../db/schema';
import { verifyLedger } from '../../platform/ledger';
import { authed, signUp } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { newCustomer, paidProject, type Person } from '../projects/projects-test-helpers';
import { giveCredits } from '../cart/cart-test-helpers';
import { cleanReferralCode, shortName } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const range = () => `startDate=${daysAgo(1)}&endDate=${today()}`;

async function report(p: Person, query = range()): Promise<PartnerReport> {
  const res = await p.api.get(`/api/2/account/partner?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results;
}

/** A new user who signed up through this code, as a Person. */
async function signUpThrough(
  code: string,
  type: 'client' | 'translator' = 'client',
  name = 'Rita Referred',
): Promise<Person> {
  const session = await signUp(t.app, { user_type: type, ref: code, full_name: name });
  return { session, id: session.user.id, api: authed(t.app, session) };
}

describe('GET /api/2/account/partner', () => {
  it('gives every user one referral link, the same on every call', async () => {
    const partner = await newCustomer(t.app, 0);
    const first = await report(partner);
    expect(first.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(first.link).toBe(`${t.app.deps.config.publicUrl}/auth?mode=signup&ref=${first.code}`);
    expect((await report(partner)).code).toBe(first.code);
    expect(first).toMatchObject({ signups: 0, spend: 0, commission: 0, commissionPercent: 10 });
    expect(first.referred).toEqual({ data: [], totalCount: 0 });
    const other = await newCustomer(t.app, 0);
    expect((await report(other)).code).not.toBe(first.code);
  });

  it('attributes sign-ups through the link; their project spend and the commission come from the ledger', async () => {
    const partner = await newCustomer(t.app, 0);
    const { code } = await report(partner);
    const buyer = await signUpThrough(code.toLowerCase(), 'client', 'Maria de la Cruz');
    await giveCredits(t.database.db, buyer.id, 1_000_000);
    await signUpThrough(code, 'translator', 'Tom Translator');
    // a sign-up without the code (or with an unknown one) is nobody's referral
    await signUp(t.app, { ref: 'NOSUCHCODE' });
    const projectId = await paidProject(t.app, buyer, { words: 500 });
    const paid = (await buyer.api.get(`/api/2/account/statement/get?date_from=${today()}&date_to=${today()}`))
      .json()
      .data.find((r: { actionType: string }) => r.actionType === 'order_payment');
    expect(projectId).toBeGreaterThan(0);

    const r = await report(partner);
    expect(r.signups).toBe(2);
    expect(r.spend).toBe(-paid.amount);
    expect(r.commission).toBe(Math.floor((-paid.amount * 10) / 100));
    expect(r.referred.totalCount).toBe(2);
    expect(r.referred.data.map((d) => [d.name, d.type])).toEqual([
      ['Tom T.', 'translator'],
      ['Maria C.', 'customer'],
    ]);
    expect(r.referred.data[1].spend).toBe(-paid.amount);
    // the list never shows e-mail addresses
    expect(JSON.stringify(r)).not.toContain('@');

    // a range before the sign-ups: none, no spend; the people are still listed (with no spend)
    const before = await report(partner, `startDate=${daysAgo(30)}&endDate=${daysAgo(10)}`);
    expect(before).toMatchObject({ signups: 0, spend: 0, commission: 0 });
    expect(before.referred.data.every((d) => d.spend === 0)).toBe(true);

    // paging
    const page2 = await report(partner, `${range()}&page=2&limit=10`);
    expect(page2.referred).toEqual({ data: [], totalCount: 2 });
  });

  it('only counts what was referred to the asking user', async () => {
    const a = await newCustomer(t.app, 0);
    const b = await newCustomer(t.app, 0);
    await signUpThrough((await report(a)).code);
    expect((await report(a)).signups).toBe(1);
    expect((await report(b)).signups).toBe(0);
    // a user is referred once: the row is keyed by the referred user
    const rows = await t.database.db.select().from(referrals).where(eq(referrals.referrerId, a.id));
    expect(rows).toHaveLength(1);
  });

  it('loads only with both dates as YYYY-MM-DD, in order; limit 10, 25 or 50', async () => {
    const p = await newCustomer(t.app, 0);
    const bad = [
      '',
      `startDate=${today()}`,
      `endDate=${today()}`,
      `startDate=2026-13-01&endDate=${today()}`,
      `startDate=01/02/2026&endDate=${today()}`,
      `startDate=${today()}&endDate=${daysAgo(3)}`,
      `${range()}&limit=7`,
      `${range()}&page=0`,
      `${range()}&page=abc`,
    ];
    for (const q of bad) {
      const res = await p.api.get(`/api/2/account/partner?${q}`);
      expect(res.statusCode, q).toBe(400);
    }
    const backwards = await p.api.get(`/api/2/account/partner?startDate=${today()}&endDate=${daysAgo(3)}`);
    expect(backwards.body).toContain(PARTNER_TEXTS.dateOrder);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/2/account/partner?${range()}` });
    expect(res.statusCode).toBe(401);
  });

  it('leaves the ledger consistent', async () => {
    expect((await verifyLedger(t.database.db)).ok).toBe(true);
  });
});

describe('referral helpers', () => {
  it('reads codes case-insensitively and refuses junk', () => {
    expect(cleanReferralCode(' abcd2345 ')).toBe('ABCD2345');
    expect(cleanReferralCode('<script>')).toBeNull();
    expect(cleanReferralCode(undefined)).toBeNull();
    expect(cleanReferralCode('')).toBeNull();
  });
  it('shows a first name and last initial', () => {
    expect(shortName('Maria de la Cruz')).toBe('Maria C.');
    expect(shortName('Cher')).toBe('Cher');
    expect(shortName('  ')).toBe('New user');
  });
});
