import { and, asc, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../db/schema';
import { authed, form, signUp, type TestSession } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { addCartOrder, giveCredits, multipart } from '../cart/cart-test-helpers';
import { signCreditsQuote } from '../pricing/quote-token';
import { createInvoice } from './create-invoice';

// Invoices, receipts and credit notes (ADR 0047): one invoice per order paid, a receipt for credits
// bought, a credit note for every refund naming the invoice it corrects; each series numbered
// without gaps in date order, also when payments run at the same time; the seller on every PDF.

const SELLER = {
  name: 'Lingua Billing GmbH',
  address: ['Hauptstrasse 5', '10115 Berlin', 'Germany'],
  vatNumber: 'DE999999999',
  email: 'invoices@lingua.example',
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seller: SELLER });
});
afterAll(() => t?.close());

const db = () => t.database.db;
const year = new Date().getUTCFullYear();

interface Listed {
  id: number;
  number: string;
  type: 'invoice' | 'receipt' | 'credit_note';
  kind: string;
  totalCredits: number;
  vatCredits: number;
  correctsInvoice: { id: number; number: string } | null;
}

async function listOf(s: TestSession): Promise<Listed[]> {
  const res = await authed(t.app, s).get('/api/2/account/invoices?pageSize=100');
  expect(res.statusCode).toBe(200);
  return res.json().data as Listed[];
}

async function payCart(s: TestSession, key: string) {
  const api = authed(t.app, s);
  const ck = (await api.get('/api/2/cart/all')).json().results.ck as string;
  const body = multipart({ ck, idempotency_key: key });
  return api.inject({ method: 'POST', url: '/ajax/cart/translateNow', payload: body.payload, headers: body.headers });
}

async function pdfText(s: TestSession, id: number): Promise<string> {
  const res = await authed(t.app, s).get(`/api/2/account/invoice/${id}`);
  expect(res.statusCode).toBe(200);
  const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

/** Buys credits by card through the sandbox's hosted page, as a customer does. */
async function buyCreditsByCard(s: TestSession, amountCredits: number) {
  const pqid = await signCreditsQuote(t.app.deps, { userId: s.user.id, amountCredits, vatCredits: 0 });
  const started = await authed(t.app, s).get(`/api/2/cart/vendorurl?pqid=${encodeURIComponent(pqid)}`);
  expect(started.statusCode, started.body).toBe(200);
  const { payment } = started.json().results as { payment: string };
  const paid = await t.app.inject({
    method: 'POST',
    url: `/sandbox/checkout/${payment}`,
    headers: { cookie: s.cookie, ...form({}).headers },
    payload: form({ number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'C C', form_token: s.csrf })
      .payload,
  });
  expect(paid.statusCode).toBeLessThan(400);
}

describe('one invoice per payment', () => {
  it('credits bought by card for an order: a receipt for the credits and one invoice for the order', async () => {
    const s = await signUp(t.app, { user_country: 'DE' });
    await addCartOrder(db(), s.user.id, { targets: ['spanish'], words: 100, name: 'Flyer' });
    const cart = (await authed(t.app, s).get('/api/2/cart/all')).json().results as { total?: number };
    expect(cart).toBeTruthy();
    await buyCreditsByCard(s, 100_000);
    expect((await payCart(s, 'one-invoice')).statusCode).toBe(200);

    const docs = await listOf(s);
    expect(docs.map((d) => d.type).sort()).toEqual(['invoice', 'receipt']);
    const receipt = docs.find((d) => d.type === 'receipt') as Listed;
    const invoice = docs.find((d) => d.type === 'invoice') as Listed;
    expect(receipt.number).toMatch(new RegExp(`^RCT-${year}-\\d{6}$`));
    expect(receipt.vatCredits).toBe(0);
    expect(invoice.number).toMatch(new RegExp(`^PAR-${year}-\\d{6}$`));
    expect(invoice.kind).toBe('order');
    expect(await pdfText(s, receipt.id)).toMatch(/Receipt RCT-/);
  });
});

describe('credit notes', () => {
  it('cancelling a paid project issues a numbered credit note naming its invoice, with its own PDF', async () => {
    const s = await signUp(t.app, { user_country: 'DE' });
    await giveCredits(db(), s.user.id, 1_000_000);
    await addCartOrder(db(), s.user.id, { targets: ['spanish', 'french'], words: 1200, name: 'Catalogue' });
    const paid = await payCart(s, 'cn-1');
    expect(paid.statusCode).toBe(200);
    const [first] = paid.json().projects as { id: number }[];
    const invoice = (await listOf(s)).find((d) => d.type === 'invoice') as Listed;

    const cancelled = await authed(t.app, s).post(`/api/2/projects/${first.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await authed(t.app, s).post(`/api/2/projects/${first.id}/cancel`);

    const notes = (await listOf(s)).filter((d) => d.type === 'credit_note');
    expect(notes).toHaveLength(1);
    const [note] = notes;
    expect(note.number).toMatch(new RegExp(`^CN-${year}-\\d{6}$`));
    expect(note.correctsInvoice).toEqual({ id: invoice.id, number: invoice.number });
    expect(note.totalCredits).toBeGreaterThan(0);
    expect(note.totalCredits).toBeLessThan(invoice.totalCredits);
    const [row] = await db().select().from(invoices).where(eq(invoices.id, note.id));
    expect(row.projectId).toBe(first.id);

    const text = await pdfText(s, note.id);
    expect(text).toContain(`Credit note ${note.number}`);
    expect(text).toContain(`Corrects invoice ${invoice.number}`);
    expect(text).toContain(SELLER.name);
  });
});

describe('seller details', () => {
  it('every PDF names the configured seller: name, address, VAT number, e-mail', async () => {
    const s = await signUp(t.app, { user_country: 'DE' });
    await giveCredits(db(), s.user.id, 1_000_000);
    await addCartOrder(db(), s.user.id, { targets: ['spanish'], words: 300 });
    const paid = await payCart(s, 'seller-1');
    const text = await pdfText(s, paid.json().invoice.id);
    for (const part of [SELLER.name, ...SELLER.address, `VAT number: ${SELLER.vatNumber}`, SELLER.email]) {
      expect(text).toContain(part);
    }
    expect(text).toMatch(/Invoice PAR-/);
  });
});

describe('numbering', () => {
  it('concurrent payments get consecutive invoice numbers, in date order, without gaps', async () => {
    const customers = await Promise.all(Array.from({ length: 6 }, () => signUp(t.app, { user_country: 'DE' })));
    for (const c of customers) {
      await giveCredits(db(), c.user.id, 1_000_000);
      await addCartOrder(db(), c.user.id, { targets: ['spanish'], words: 200 });
    }
    const answers = await Promise.all(customers.map((c, i) => payCart(c, `concurrent-${i}`)));
    expect(answers.map((a) => a.statusCode)).toEqual(customers.map(() => 200));

    const all = await db()
      .select()
      .from(invoices)
      .where(and(eq(invoices.documentType, 'invoice')))
      .orderBy(asc(invoices.number));
    const sequence = all.map((r) => Number(r.number.slice(-6)));
    expect(sequence).toEqual(sequence.map((_, i) => sequence[0] + i));
    const dates = all.map((r) => r.createdAt.getTime());
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
  });

  it('a document whose transaction rolls back gives its number back', async () => {
    const s = await signUp(t.app);
    const base = {
      userId: s.user.id,
      kind: 'order' as const,
      lines: [{ description: 'Work', quantity: 1, unitCredits: 1000, totalCredits: 1000 }],
      subtotalCredits: 1000,
      discountCredits: 0,
      vatCredits: 0,
      totalCredits: 1000,
      ledgerTransactionId: null,
    };
    const before = await createInvoice(db(), base);
    await expect(
      db().transaction(async (tx) => {
        await createInvoice(tx, base);
        throw new Error('payment failed');
      }),
    ).rejects.toThrow('payment failed');
    const after = await createInvoice(db(), base);
    expect(Number(after.number.slice(-6))).toBe(Number(before.number.slice(-6)) + 1);
  });
});
