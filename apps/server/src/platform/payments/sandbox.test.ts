import { describe, expect, it } from 'vitest';
import { ORDER_TEXTS } from '@parlance/shared';
import { cardBrand, checkCardForm, luhnValid, SANDBOX_TEST_CARDS, SandboxProvider } from './sandbox';
import { escapeHtml, formatUsd, renderCheckoutPage } from './sandbox-pages';

const NOW = new Date('2026-11-22T12:00:00Z');
const good = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Casey' };

describe('the sandbox card checks', () => {
  it('Luhn-checks numbers: every test card passes, one changed digit fails', () => {
    for (const card of SANDBOX_TEST_CARDS) expect(luhnValid(card.number.replace(/ /g, ''))).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42424242')).toBe(false);
    expect(luhnValid('4242-4242')).toBe(false);
  });

  it('tells brands apart', () => {
    expect(cardBrand('4242424242424242')).toBe('Visa');
    expect(cardBrand('5555555555554444')).toBe('Mastercard');
    expect(cardBrand('378282246310005')).toBe('American Express');
  });

  it('maps each test card to its behaviour and keeps only brand, last four and expiry', () => {
    const behaviours = SANDBOX_TEST_CARDS.map((c) => {
      const checked = checkCardForm({ ...good, number: c.number }, NOW);
      if (!checked.ok) throw new Error('a test card was refused');
      expect(checked.card).toEqual({ brand: 'Visa', last4: c.number.slice(-4), expMonth: 12, expYear: 2030 });
      return checked.behaviour;
    });
    expect(behaviours).toEqual(['approve', 'decline', 'confirm', 'decline_later']);
  });

  it('refuses bad input field by field', () => {
    const errorsOf = (form: Partial<typeof good>) => {
      const checked = checkCardForm({ ...good, ...form }, NOW);
      return checked.ok ? {} : checked.errors;
    };
    expect(errorsOf({ number: '4242 4242 4242 4241' })).toEqual({ number: ORDER_TEXTS.cardNumberInvalid });
    expect(errorsOf({ number: '5555 5555 5555 4444' })).toEqual({ number: ORDER_TEXTS.cardNumberNotTest });
    expect(errorsOf({ expiry: '10/26' })).toEqual({ expiry: ORDER_TEXTS.cardExpired });
    expect(errorsOf({ expiry: '11/26' })).toEqual({}); // valid through the end of its month
    expect(errorsOf({ expiry: '11/2026' })).toEqual({});
    expect(errorsOf({ expiry: '00/30' })).toEqual({ expiry: ORDER_TEXTS.cardExpiryInvalid });
    expect(errorsOf({ expiry: '1230' })).toEqual({ expiry: ORDER_TEXTS.cardExpiryInvalid });
    expect(errorsOf({ cvc: '12' })).toEqual({ cvc: ORDER_TEXTS.cardCvcInvalid });
    expect(errorsOf({ cvc: 'abc' })).toEqual({ cvc: ORDER_TEXTS.cardCvcInvalid });
    expect(errorsOf({ name: '  ' })).toEqual({ name: ORDER_TEXTS.cardNameRequired });
  });
});

describe('SandboxProvider', () => {
  const provider = new SandboxProvider();
  const card = { brand: 'Visa', last4: '4242', expMonth: 12, expYear: 2030 };

  it('answers the hosted page of a payment', async () => {
    const request = {
      paymentKey: 'abc',
      amountCredits: 1,
      vatCredits: 0,
      returnUrl: '/',
      customerRef: null,
      email: 'a@b.c',
    };
    expect(await provider.createCheckout(request)).toEqual({ url: '/sandbox/checkout/abc', providerRef: null });
  });

  it('approves, declines or asks for confirmation; saves a card only as a token', () => {
    const approved = provider.chargeCard(card, 'approve', true);
    expect(approved.result.outcome).toBe('approved');
    expect(approved.savedToken).toMatch(/^sbx_card_ok_[0-9a-f]{32}$/);
    expect(provider.chargeCard(card, 'approve', false).savedToken).toBeNull();
    const declined = provider.chargeCard(card, 'decline', true);
    expect(declined.result).toMatchObject({ outcome: 'declined', reason: ORDER_TEXTS.cardDeclined });
    expect(declined.savedToken).toBeNull();
    expect(provider.chargeCard(card, 'confirm', false).result.outcome).toBe('requires_action');
  });

  it('keeps the save request of a confirmation until confirm()', () => {
    const pending = provider.chargeCard(card, 'confirm', true);
    const confirmed = provider.confirm(pending.result.providerRef, card);
    expect(confirmed.result.outcome).toBe('approved');
    expect(confirmed.saved?.card).toEqual(card);
    expect(provider.confirm(provider.chargeCard(card, 'confirm', false).result.providerRef, card).saved).toBeNull();
  });

  it('charges saved cards by their token: approving, declining later, or unknown', async () => {
    const ok = provider.chargeCard(card, 'approve', true).savedToken ?? '';
    const later = provider.chargeCard(card, 'decline_later', true).savedToken ?? '';
    const charge = (providerToken: string) =>
      provider.chargeSavedCard({
        providerToken,
        customerRef: null,
        amountCredits: 100,
        vatCredits: 0,
        paymentKey: 'k',
      });
    expect((await charge(ok)).outcome).toBe('approved');
    expect(await charge(later)).toMatchObject({ outcome: 'declined', reason: ORDER_TEXTS.cardDeclined });
    expect((await charge('sbx_card_ok_nothex')).outcome).toBe('declined');
  });

  it('refunds its own charges, and refuses what it does not know', async () => {
    const refund = (providerRef: string | null) =>
      provider.refund({ refundKey: 'r', providerRef, providerIntent: null, amountCredits: 100 });
    expect(await refund(provider.chargeCard(card, 'approve', false).result.providerRef)).toMatchObject({
      outcome: 'succeeded',
      providerRef: expect.stringMatching(/^sbx_re_[0-9a-f]{24}$/),
    });
    expect((await refund('ch_123')).outcome).toBe('failed');
  });
});

describe('the hosted pages', () => {
  it('formats credits as dollars without floating point', () => {
    expect(formatUsd(12345)).toBe('$123.45');
    expect(formatUsd(5)).toBe('$0.05');
    expect(formatUsd(123456789)).toBe('$1,234,567.89');
  });

  it('escapes what it shows', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const html = renderCheckoutPage({
      paymentKey: 'k',
      formToken: 't',
      amountCredits: 100,
      vatCredits: 0,
      values: { name: '<script>alert(1)</script>' },
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
  });
});
