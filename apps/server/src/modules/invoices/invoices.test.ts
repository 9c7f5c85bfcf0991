import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../db/schema';
import { authed, loginDemo, signUp, type TestSession } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { addCartOrder, giveCredits, multipart } from '../cart/cart-test-helpers';
import { createInvoice, formatDocumentNumber } from './create-invoice';
import { formatUsd } from './invoice-pdf';

let t: TestApp;
let owner: TestSession;
let invoiceId: number;

beforeAll(async () => {
  t = await createTestApp({}, { demo: true });
  owner = await signUp(t.app, { user_country: 'DE' });
  const api = authed(t.app, owner);
  await api.post(`/api/2/account/${owner.user.id}/billing-info`, {
    firstName: 'Anna',
    lastName: 'Schmidt',
    Country: 'DE',
    Company: 'Schmidt GmbH',
    city: 'Berlin',
    vat_id: 'DE123',
  });
  await giveCredits(t.database.db, owner.user.id, 1_000_000);
  await addCartOrder(t.database.db, owner.user.id, {
    targets: ['spanish', 'french'],
    words: 1200,
    name: 'Catalogue',
    needProofreading: true,
    certificate: true,
  });
  const ck = (await api.get('/api/2/cart/all')).json().results.ck as string;
  const body = multipart({ ck, idempotency_key: 'inv-1' });
  const paid = await api.inject({
    method: 'POST',
    url: '/ajax/cart/translateNow',
    payload: body.payload,
    headers: body.headers,
  });
  expect(paid.statusCode).toBe(200);
  invoiceId = paid.json().invoice.id;
});
afterAll(() => t.close());

describe('createInvoice', () => {
  it('numbers PAR-<year>-<6 digits> and snapshots the billing details', async () => {
    expect(formatDocumentNumber('PAR', 2026, 42)).toBe('PAR-2026-000042');
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(row.number).toMatch(new RegExp(`^PAR-${new Date().getUTCFullYear()}-\\d{6}$`));
    expect(row.billing).toMatchObject({ company: 'Schmidt GmbH', firstName: 'Anna', country: 'DE', vatId: 'DE123' });
    expect(row.lines).toHaveLength(2);
    // a line names the add-ons its price includes
    expect(row.lines.map((l) => l.description)).toEqual([
      expect.stringMatching(/^Catalogue \(.+\): .+ to .+, 1200 words \+ Proofreading \+ Certificate$/),
      expect.stringMatching(/^Catalogue \(.+\): .+ to .+, 1200 words \+ Proofreading \+ Certificate$/),
    ]);
    expect(row.vatCredits).toBe(Math.floor(((row.subtotalCredits - row.discountCredits) * 1900 + 5000) / 10000));
    expect(row.totalCredits).toBe(row.subtotalCredits - row.discountCredits + row.vatCredits);
  });

  it('refuses totals that do not add up', async () => {
    const base = {
      userId: owner.user.id,
      kind: 'credits' as const,
      lines: [{ description: 'Credits', quantity: 1, unitCredits: 1000, totalCredits: 1000 }],
      subtotalCredits: 1000,
      discountCredits: 0,
      vatCredits: 0,
      totalCredits: 1000,
      ledgerTransactionId: null,
    };
    await expect(createInvoice(t.database.db, { ...base, totalCredits: 999 })).rejects.toThrow(/total/);
    await expect(createInvoice(t.database.db, { ...base, subtotalCredits: 900, totalCredits: 900 })).rejects.toThrow(
      /lines/,
    );
    const ok = await createInvoice(t.database.db, base);
    expect(ok.number).not.toBe('');
  });

  it('formats dollars from credits', () => {
    expect(formatUsd(123456)).toBe('$1,234.56');
    expect(formatUsd(5)).toBe('$0.05');
  });
});

describe('GET /api/2/account/invoice/{id}', () => {
  it('answers the PDF to its owner and to admins', async () => {
    const res = await authed(t.app, owner).get(`/api/2/account/invoice/${invoiceId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.length).toBeGreaterThan(1000);
    const admin = authed(t.app, await loginDemo(t.app, 'admin'));
    expect((await admin.get(`/api/2/account/invoice/${invoiceId}`)).statusCode).toBe(200);
  });

  it('is nobody else’s', async () => {
    const other = authed(t.app, await signUp(t.app));
    expect((await other.get(`/api/2/account/invoice/${invoiceId}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/2/account/invoice/${invoiceId}` })).statusCode).toBe(401);
    expect((await authed(t.app, owner).get('/api/2/account/invoice/99999999')).statusCode).toBe(404);
    expect((await authed(t.app, owner).get('/api/2/account/invoice/abc')).statusCode).toBe(400);
  });
});

describe('GET /api/2/account/invoices', () => {
  it("lists the asker's invoices, newest first, paginated", async () => {
    const api = authed(t.app, owner);
    const all = await api.get('/api/2/account/invoices');
    expect(all.statusCode).toBe(200);
    const body = all.json() as { data: { id: number; number: string; kind: string }[]; totalCount: number };
    expect(body.totalCount).toBe(2);
    expect(body.data.map((i) => i.kind)).toEqual(['credits', 'order']);
    const page2 = (await api.get('/api/2/account/invoices?page=2&pageSize=1')).json();
    expect(page2).toMatchObject({ totalCount: 2, data: [{ id: invoiceId, kind: 'order' }] });
    expect((await api.get('/api/2/account/invoices?pageSize=1000')).statusCode).toBe(400);
    expect((await authed(t.app, await signUp(t.app)).get('/api/2/account/invoices')).json()).toEqual({
      data: [],
      totalCount: 0,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/2/account/invoices' })).statusCode).toBe(401);
  });
});
