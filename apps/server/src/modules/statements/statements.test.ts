import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATEMENT_EXPORT_TEXTS, type Statement, STATEMENT_TEXTS } from '@parlance/shared';
import { projectTags } from '../../db/schema';
import { balanceOfOwner, verifyLedger } from '../../platform/ledger';
import { CapturingMailer, createTestApp, type TestApp } from '../../test/harness';
import { giveCredits } from '../cart/cart-test-helpers';
import { newCustomer, newTranslator, paidProject, type Person } from '../projects/projects-test-helpers';

let t: TestApp;
let mailer: CapturingMailer;
beforeAll(async () => {
  mailer = new CapturingMailer();
  t = await createTestApp({}, { mailer, demo: true });
});
afterAll(async () => {
  await t?.close();
});

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

async function statement(p: Person, query: string): Promise<Statement> {
  const res = await p.api.get(`/api/2/account/statement/get?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A customer with a grant, two paid projects and another grant: five lines, newest first. */
async function customerWithHistory(): Promise<Person> {
  const customer = await newCustomer(t.app, 500_000);
  await paidProject(t.app, customer);
  await paidProject(t.app, customer);
  await giveCredits(t.database.db, customer.id, 1234);
  return customer;
}

describe('GET /api/2/account/statement/get', () => {
  it('lists the account lines from the ledger; the balance column reconciles to the balance', async () => {
    const customer = await customerWithHistory();
    const s = await statement(customer, `date_from=${daysAgo(1)}&date_to=${today()}`);
    const balance = await balanceOfOwner(t.database.db, customer.id, 'customer_credits');
    expect(s.balance).toBe(balance);
    expect(s.totalCount).toBe(4);
    expect(s.data.map((r) => r.actionType)).toEqual(['grant', 'order_payment', 'order_payment', 'grant']);
    // newest first: the first row's balance is the balance now; each older row's balance is the
    // newer balance minus the newer amount; the oldest balance is its own amount (a new account)
    expect(s.data[0].balance).toBe(balance);
    for (let i = 1; i < s.data.length; i++) {
      expect(s.data[i].balance).toBe(s.data[i - 1].balance - s.data[i - 1].amount);
    }
    expect(s.data[3]).toMatchObject({ amount: 500_000, balance: 500_000, estimatedValue: '5000.00' });
    expect(s.data[0]).toMatchObject({ amount: 1234, estimatedValue: '12.34', actionLabel: 'Credits granted' });
    expect(s.data[0].currencyBalance).toBe(`${Math.trunc(balance / 100)}.${String(balance % 100).padStart(2, '0')}`);
    expect(s.data[1].amount).toBeLessThan(0);
  });

  it('filters by action type, pages and sorts; hidden lines still count in the balance', async () => {
    const customer = await customerWithHistory();
    const range = `date_from=${daysAgo(1)}&date_to=${today()}`;
    const all = await statement(customer, range);
    const payments = await statement(customer, `${range}&action_type=order_payment`);
    expect(payments.totalCount).toBe(2);
    expect(payments.data.map((r) => r.id)).toEqual(
      all.data.filter((r) => r.actionType === 'order_payment').map((r) => r.id),
    );
    expect(payments.data.map((r) => r.balance)).toEqual(
      all.data.filter((r) => r.actionType === 'order_payment').map((r) => r.balance),
    );
    const p1 = await statement(customer, `${range}&limit=10&cpage=1&sortDirection=asc`);
    expect(p1.data.map((r) => r.id)).toEqual([...all.data].reverse().map((r) => r.id));
    const p2 = await statement(customer, `${range}&limit=10&cpage=2`);
    expect(p2.data).toEqual([]);
    expect(p2.totalCount).toBe(4);
    const byAmount = await statement(customer, `${range}&sortBy=amount&sortDirection=desc`);
    expect(byAmount.data[0].amount).toBe(500_000);
    // a range before any line: nothing, and the balance of the account is still answered
    const before = await statement(customer, `date_from=2020-01-01&date_to=2020-01-31`);
    expect(before.data).toEqual([]);
    expect(before.totalCount).toBe(0);
  });

  it('pages by date give every line the same balance as the running sum over the whole account', async () => {
    const customer = await customerWithHistory();
    await paidProject(t.app, customer);
    for (let i = 1; i <= 20; i++) await giveCredits(t.database.db, customer.id, i * 7);
    const range = `date_from=${daysAgo(1)}&date_to=${today()}`;
    // sorted by amount, the statement takes the window over the account (the reference)
    const reference = await statement(customer, `${range}&sortBy=amount&limit=50`);
    const expected = new Map(reference.data.map((r) => [r.id, r.balance]));
    expect(expected.size).toBe(25);
    for (const direction of ['desc', 'asc']) {
      const seen = new Map<number, number>();
      for (let page = 1; page <= 3; page++) {
        const s = await statement(customer, `${range}&limit=10&cpage=${page}&sortDirection=${direction}`);
        expect(s.totalCount).toBe(25);
        for (const r of s.data) seen.set(r.id, r.balance);
      }
      expect(seen).toEqual(expected);
    }
    // filtered, the lines between the shown ones still count: grants and payments apart, by date
    for (const type of ['grant', 'order_payment']) {
      const s = await statement(customer, `${range}&limit=10&action_type=${type}&sortDirection=asc`);
      expect(s.data.length).toBeGreaterThan(1);
      for (const r of s.data) expect(r.balance).toBe(expected.get(r.id));
    }
  });

  it('is the translator’s available earnings for a translator, empty for a new one', async () => {
    const translator = await newTranslator(t.app);
    const s = await statement(translator, `date_from=${daysAgo(30)}&date_to=${today()}`);
    expect(s).toEqual({ data: [], totalCount: 0, balance: 0, currency: 'USD' });
  });

  it('answers 400 without both dates or with bad filters, and 401 to a guest', async () => {
    const customer = await newCustomer(t.app, 100);
    const bad = [
      '',
      `date_from=${today()}`,
      `date_to=${today()}`,
      'date_from=24/11/2026&date_to=2026-11-30',
      'date_from=2026-11-30&date_to=2026-11-01',
      `date_from=${today()}&date_to=${today()}&limit=7`,
      `date_from=${today()}&date_to=${today()}&action_type=bribe`,
      `date_from=${today()}&date_to=${today()}&cpage=0`,
      `date_from=${today()}&date_to=${today()}&sortBy=name`,
    ];
    for (const q of bad) {
      const res = await customer.api.get(`/api/2/account/statement/get?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message, q).toBeTruthy();
    }
    const order = await customer.api.get('/api/2/account/statement/get?date_from=2026-11-30&date_to=2026-11-01');
    expect(order.json().message).toContain(STATEMENT_TEXTS.dateOrder);
    const guest = await t.app.inject({
      method: 'GET',
      url: `/api/2/account/statement/get?date_from=${today()}&date_to=${today()}`,
    });
    expect(guest.statusCode).toBe(401);
  });
});

describe('statement filters: source and target language, tag', () => {
  /** A customer with a grant, a Spanish and a French project (the French one tagged), two tags. */
  async function customerWithProjects() {
    const customer = await newCustomer(t.app, 500_000);
    const spanish = await paidProject(t.app, customer, { targets: ['spanish'] });
    const french = await paidProject(t.app, customer, { targets: ['french'], source: 'german' });
    await t.database.db.insert(projectTags).values([
      { projectId: french, tag: 'legal' },
      { projectId: french, tag: 'q3' },
      { projectId: spanish, tag: 'marketing' },
    ]);
    return { customer, spanish, french };
  }
  const range = () => `date_from=${daysAgo(1)}&date_to=${today()}`;

  it('GET /api/2/account/tags lists the customer’s own tags, in order; others see none of them', async () => {
    const { customer } = await customerWithProjects();
    const res = await customer.api.get('/api/2/account/tags');
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      { id: 'legal', name: 'legal' },
      { id: 'marketing', name: 'marketing' },
      { id: 'q3', name: 'q3' },
    ]);
    const stranger = await newCustomer(t.app, 0);
    expect((await stranger.api.get('/api/2/account/tags')).json().results).toEqual([]);
    const translator = await newTranslator(t.app);
    expect((await translator.api.get('/api/2/account/tags')).json().results).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/2/account/tags' })).statusCode).toBe(401);
  });

  it('filters by target, source and tag; counts and balances stay those of the whole account', async () => {
    const { customer, spanish, french } = await customerWithProjects();
    const all = await statement(customer, range());
    expect(all.totalCount).toBe(3);

    const es = await statement(customer, `${range()}&target_lang=spanish`);
    expect(es.totalCount).toBe(1);
    expect(es.data.map((r) => r.actionType)).toEqual(['order_payment']);
    const fr = await statement(customer, `${range()}&target_lang=french`);
    expect(fr.totalCount).toBe(1);
    const de = await statement(customer, `${range()}&source_lang=german`);
    expect(de.totalCount).toBe(1);
    expect(await statement(customer, `${range()}&source_lang=german&target_lang=spanish`)).toMatchObject({
      totalCount: 0,
      data: [],
    });
    const legal = await statement(customer, `${range()}&tag_id=legal`);
    expect(legal.totalCount).toBe(1);
    expect(legal.data).toHaveLength(1);
    // the filtered row is the same row, with the same balance after it, as in the whole statement
    const same = all.data.find((r) => r.id === legal.data[0].id);
    expect(same).toEqual(legal.data[0]);
    expect(de.data[0].id).toBe(legal.data[0].id);
    expect(es.data[0].id).not.toBe(fr.data[0].id);
    expect(legal.balance).toBe(all.balance);
    expect(await statement(customer, `${range()}&tag_id=nosuchtag`)).toMatchObject({ totalCount: 0 });
    // the filters combine with the action type
    expect((await statement(customer, `${range()}&tag_id=legal&action_type=grant`)).totalCount).toBe(0);
    expect((await statement(customer, `${range()}&tag_id=legal&action_type=order_payment`)).totalCount).toBe(1);
    expect(spanish).not.toBe(french);
  });

  it('another customer’s tag filters nothing in: tags match the asking user’s projects only', async () => {
    const { customer } = await customerWithProjects();
    const other = await newCustomer(t.app, 500_000);
    await paidProject(t.app, other, { targets: ['french'] });
    expect((await statement(other, `${range()}&tag_id=legal`)).totalCount).toBe(0);
    expect((await statement(customer, `${range()}&tag_id=legal`)).totalCount).toBe(1);
  });

  it('refuses malformed filters with 400', async () => {
    const customer = await newCustomer(t.app, 0);
    for (const q of [
      `${range()}&source_lang=${'x'.repeat(61)}`,
      `${range()}&target_lang=Fr%20ench`,
      `${range()}&source_lang=%27%3B--`,
      `${range()}&tag_id=${'t'.repeat(21)}`,
    ]) {
      expect((await customer.api.get(`/api/2/account/statement/get?${q}`)).statusCode, q).toBe(400);
    }
  });

  it('the mailed statement carries the same filters', async () => {
    const { customer } = await customerWithProjects();
    const res = await customer.api.post('/fileService/sendCustomerReportAsFile', {
      email: 'filters@example.test',
      format: 'csv',
      date_from: daysAgo(1),
      date_to: today(),
      tag_id: 'legal',
    });
    expect(res.statusCode, res.body).toBe(200);
    const csv = mailer.last('filters@example.test')?.attachments?.[0].content.toString('utf8').trim().split('\n') ?? [];
    expect(csv).toHaveLength(2);
    expect(mailer.last('filters@example.test')?.text).toContain('tag legal');
  });
});

describe('GET /api/2/credit_action/types', () => {
  it('lists the action types to a signed-in user only', async () => {
    const customer = await newCustomer(t.app, 0);
    const res = await customer.api.get('/api/2/credit_action/types');
    expect(res.json().results).toContainEqual({ id: 'order_payment', name: 'Project payment' });
    expect((await t.app.inject({ method: 'GET', url: '/api/2/credit_action/types' })).statusCode).toBe(401);
  });
});

describe('POST /fileService/sendCustomerReportAsFile', () => {
  it('mails the statement as CSV with the spec columns, and as PDF', async () => {
    const customer = await customerWithHistory();
    const range = { date_from: daysAgo(1), date_to: today() };
    const shown = await statement(customer, `date_from=${range.date_from}&date_to=${range.date_to}`);
    const res = await customer.api.post('/fileService/sendCustomerReportAsFile', {
      email: 'books@example.com',
      format: 'csv',
      ...range,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: { msg: 'ok' } });
    const mail = mailer.last('books@example.com');
    expect(mail?.attachments?.[0]).toMatchObject({ contentType: 'text/csv' });
    const lines = mail?.attachments?.[0].content.toString('utf8').trim().split('\n') ?? [];
    expect(lines[0]).toBe(
      'Date,Action,Description,Amount (credits),Estimated value (USD),Balance (credits),Balance (USD),Words',
    );
    expect(lines).toHaveLength(1 + shown.totalCount);
    expect(lines[1]).toContain(`,${shown.data[0].amount},${shown.data[0].estimatedValue},${shown.data[0].balance},`);

    const pdf = await customer.api.post('/fileService/sendCustomerReportAsFile', {
      email: 'pdf@example.com',
      format: 'pdf',
      ...range,
      action_type: 'order_payment',
    });
    expect(pdf.statusCode).toBe(200);
    const attached = mailer.last('pdf@example.com')?.attachments?.[0];
    expect(attached?.contentType).toBe('application/pdf');
    expect(attached?.content.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('needs an e-mail address and both dates; sends nothing otherwise; 401 to a guest', async () => {
    const customer = await newCustomer(t.app, 100);
    const before = mailer.sent.length;
    const noEmail = await customer.api.post('/fileService/sendCustomerReportAsFile', {
      date_from: today(),
      date_to: today(),
    });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().errors.email).toBe(STATEMENT_EXPORT_TEXTS.emailRequired);
    const badEmail = await customer.api.post('/fileService/sendCustomerReportAsFile', {
      email: 'not-an-address',
      date_from: today(),
      date_to: today(),
    });
    expect(badEmail.json().errors.email).toBe(STATEMENT_EXPORT_TEXTS.emailInvalid);
    const noDates = await customer.api.post('/fileService/sendCustomerReportAsFile', { email: 'a@example.com' });
    expect(noDates.statusCode).toBe(400);
    const badFormat = await customer.api.post('/fileService/sendCustomerReportAsFile', {
      email: 'a@example.com',
      format: 'xls',
      date_from: today(),
      date_to: today(),
    });
    expect(badFormat.statusCode).toBe(400);
    const guest = await t.app.inject({
      method: 'POST',
      url: '/fileService/sendCustomerReportAsFile',
      payload: { email: 'a@example.com', date_from: today(), date_to: today() },
    });
    expect([401, 403]).toContain(guest.statusCode);
    expect(mailer.sent.length).toBe(before);
  });
});

describe('the ledger', () => {
  it('is whole after everything above', async () => {
    expect((await verifyLedger(t.database.db)).ok).toBe(true);
  });
});
