import { describe, expect, it } from 'vitest';
import { can } from '../../platform/permissions';
import type { UserRow } from '../../platform/session';
import { testActor } from '../../test/actors';
import { canTypeWordCount, type OrderRow, whyOrderIsClosed } from './policy';
import { signResumeToken, verifyResumeToken } from './resume-token';

const user = (id: number, type: UserRow['type'] = 'customer') => testActor({ id, type });
const canTouchOrder = (asker: { user: ReturnType<typeof user> | null; guestHash: string | null }, o: OrderRow) =>
  can(asker.user, 'order.touch', { order: o, guestHash: asker.guestHash });
const mayStart = (actor: ReturnType<typeof user> | null) => can(actor, 'order.start', null);
const order = (fields: Partial<OrderRow>) =>
  ({
    status: 'draft',
    customerId: null,
    guestTokenHash: null,
    wordCount: 0,
    wordCountSource: null,
    ...fields,
  }) as OrderRow;

describe('purchase order policy', () => {
  it("a customer's order is theirs alone", () => {
    const mine = order({ customerId: 7 });
    expect(canTouchOrder({ user: user(7), guestHash: null }, mine)).toBe(true);
    expect(canTouchOrder({ user: user(8), guestHash: null }, mine)).toBe(false);
    expect(canTouchOrder({ user: null, guestHash: 'h' }, mine)).toBe(false);
    expect(canTouchOrder({ user: user(7), guestHash: null }, order({ customerId: 7, status: 'deleted' }))).toBe(false);
  });

  it("a guest's order belongs to the browser with its token", () => {
    const guest = order({ guestTokenHash: 'abc' });
    expect(canTouchOrder({ user: null, guestHash: 'abc' }, guest)).toBe(true);
    expect(canTouchOrder({ user: null, guestHash: 'abd' }, guest)).toBe(false);
    expect(canTouchOrder({ user: null, guestHash: null }, order({}))).toBe(false);
  });

  it('translators do not order; paid orders are closed', () => {
    expect(mayStart(user(1, 'translator'))).toBe(false);
    expect(mayStart(user(1))).toBe(true);
    expect(mayStart(null)).toBe(true);
    expect(whyOrderIsClosed(order({ status: 'cart' }))).toBeNull();
    expect(whyOrderIsClosed(order({ status: 'paid' }))).not.toBeNull();
  });

  it('a count typed by the customer only where the content gives none', () => {
    expect(canTypeWordCount(order({}))).toBe(true);
    expect(canTypeWordCount(order({ wordCountSource: 'manual', wordCount: 10 }))).toBe(true);
    expect(canTypeWordCount(order({ wordCountSource: 'file', wordCount: 0 }))).toBe(true);
    expect(canTypeWordCount(order({ wordCountSource: 'file', wordCount: 12 }))).toBe(false);
    expect(canTypeWordCount(order({ wordCountSource: 'paste', wordCount: 3 }))).toBe(false);
  });
});

describe('resume token', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  it('opens its order until it expires, and no other', () => {
    const token = signResumeToken('key', 'order-one', now);
    expect(verifyResumeToken('key', 'order-one', token, now)).toBe(true);
    expect(verifyResumeToken('key', 'order-two', token, now)).toBe(false);
    expect(verifyResumeToken('other-key', 'order-one', token, now)).toBe(false);
    expect(verifyResumeToken('key', 'order-one', token, new Date(now.getTime() + 31 * 86_400_000))).toBe(false);
    expect(verifyResumeToken('key', 'order-one', 'garbage', now)).toBe(false);
    const [expiry, signature] = token.split('.');
    const later = (Number.parseInt(expiry, 36) + 86_400_000).toString(36);
    expect(verifyResumeToken('key', 'order-one', `${later}.${signature}`, now)).toBe(false);
  });
});
