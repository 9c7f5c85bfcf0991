import { randomBytes } from 'node:crypto';
import { ORDER_TEXTS } from '@parlance/shared';
import type {
  CardSummary,
  ChargeResult,
  CheckoutRequest,
  PaymentProvider,
  RefundRequest,
  RefundResult,
  SavedCardCharge,
} from './provider';

// The sandbox card processor: a stand-in for a real one, with a hosted checkout page served by this
// server (/sandbox/checkout/:key) and documented test cards. It never stores a card number: a saved
// card is a random token that only says how the sandbox treats later charges of it.

export type TestCardBehaviour = 'approve' | 'decline' | 'confirm' | 'decline_later';

export interface TestCard {
  number: string;
  behaviour: TestCardBehaviour;
  description: string;
}

/** The sandbox's test cards (any future expiry, any 3-digit CVC, any name). */
export const SANDBOX_TEST_CARDS: readonly TestCard[] = [
  { number: '4242 4242 4242 4242', behaviour: 'approve', description: 'Approves.' },
  { number: '4000 0000 0000 0002', behaviour: 'decline', description: `Declines: '${ORDER_TEXTS.cardDeclined}'` },
  {
    number: '4000 0025 0000 3155',
    behaviour: 'confirm',
    description: 'Asks for a confirmation step (Confirm payment / Cancel); saved, it charges without one.',
  },
  {
    number: '4000 0000 0000 0341',
    behaviour: 'decline_later',
    description: 'Approves here; saved, its later charges are declined.',
  },
];

export interface CardForm {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardField = keyof CardForm;

export type CardCheck =
  | { ok: true; card: CardSummary; behaviour: TestCardBehaviour }
  | { ok: false; errors: Partial<Record<CardField, string>> };

const digitsOf = (value: string) => value.replace(/[\s-]/g, '');

/** The Luhn check digit test of a card number (digits only). */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  if (/^6(011|5)/.test(digits)) return 'Discover';
  return 'Card';
}

/** MM/YY (also MM/YYYY, M/YY) that has not ended before `now`. */
function checkExpiry(value: string, now: Date): { month: number; year: number } | string {
  const m = value.trim().match(/^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/);
  if (!m) return ORDER_TEXTS.cardExpiryInvalid;
  const month = Number(m[1]);
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return ORDER_TEXTS.cardExpiryInvalid;
  // a card is valid through the last day of its expiry month
  const endOfMonth = Date.UTC(year, month, 1);
  if (endOfMonth <= now.getTime()) return ORDER_TEXTS.cardExpired;
  return { month, year };
}

/** Checks the hosted page's card form; a valid number that is not a test card is refused. */
export function checkCardForm(form: CardForm, now: Date): CardCheck {
  const errors: Partial<Record<CardField, string>> = {};
  const digits = digitsOf(form.number);
  const testCard = SANDBOX_TEST_CARDS.find((c) => digitsOf(c.number) === digits);
  if (!luhnValid(digits)) errors.number = ORDER_TEXTS.cardNumberInvalid;
  else if (!testCard) errors.number = ORDER_TEXTS.cardNumberNotTest;
  const expiry = checkExpiry(form.expiry, now);
  if (typeof expiry === 'string') errors.expiry = expiry;
  if (!/^\d{3}$/.test(form.cvc.trim())) errors.cvc = ORDER_TEXTS.cardCvcInvalid;
  if (form.name.trim() === '' || form.name.trim().length > 100) errors.name = ORDER_TEXTS.cardNameRequired;
  if (Object.keys(errors).length > 0 || !testCard || typeof expiry === 'string') return { ok: false, errors };
  return {
    ok: true,
    behaviour: testCard.behaviour,
    card: { brand: cardBrand(digits), last4: digits.slice(-4), expMonth: expiry.month, expYear: expiry.year },
  };
}

export interface SandboxCharge {
  result: ChargeResult;
  /** the saved card's token, when the holder asked to save it and the charge was approved */
  savedToken: string | null;
}

export interface SandboxConfirmation {
  result: ChargeResult;
  saved: { token: string; card: CardSummary } | null;
}

const reference = () => `sbx_ch_${randomBytes(12).toString('hex')}`;

export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox';

  async createCheckout(request: CheckoutRequest): Promise<{ url: string; providerRef: null }> {
    return { url: `/sandbox/checkout/${encodeURIComponent(request.paymentKey)}`, providerRef: null };
  }

  /**
   * A refund to a sandbox card always goes through. The sandbox keeps nothing of it: the refund's row
   * (card_refunds, with this reference) is its state.
   */
  async refund(request: RefundRequest): Promise<RefundResult> {
    if (!request.providerRef?.startsWith('sbx_ch_'))
      return { outcome: 'failed', providerRef: null, reason: 'The sandbox does not know this payment.' };
    return { outcome: 'succeeded', providerRef: `sbx_re_${randomBytes(12).toString('hex')}` };
  }

  /**
   * The outcome of a card entered on the hosted page, and the token of the card when the holder
   * asked to save it and the charge went through. A charge that needs confirmation keeps the save
   * request in its reference (the sandbox's own state) until confirm().
   */
  chargeCard(card: CardSummary, behaviour: TestCardBehaviour, save: boolean): SandboxCharge {
    if (behaviour === 'decline') {
      return {
        result: { outcome: 'declined', providerRef: reference(), reason: ORDER_TEXTS.cardDeclined, card },
        savedToken: null,
      };
    }
    if (behaviour === 'confirm') {
      const ref = save ? `${reference()}.save.${card.expMonth}.${card.expYear}` : reference();
      return { result: { outcome: 'requires_action', providerRef: ref, card }, savedToken: null };
    }
    return {
      result: { outcome: 'approved', providerRef: reference(), card },
      savedToken: save ? this.tokenize(behaviour) : null,
    };
  }

  /** The holder confirmed a charge that required it: approved, with the saved card if they asked. */
  confirm(providerRef: string | null, card: { brand: string; last4: string }): SandboxConfirmation {
    const m = providerRef?.match(/^sbx_ch_[0-9a-f]{24}\.save\.(\d{1,2})\.(\d{4})$/);
    const saved = m
      ? { token: this.tokenize('confirm'), card: { ...card, expMonth: Number(m[1]), expYear: Number(m[2]) } }
      : null;
    return { result: { outcome: 'approved', providerRef: reference(), card: null }, saved };
  }

  /** A token for saving the card: random, plus how later charges of it behave. Never the number. */
  private tokenize(behaviour: TestCardBehaviour): string {
    const later = behaviour === 'decline_later' ? 'fail' : 'ok';
    return `sbx_card_${later}_${randomBytes(16).toString('hex')}`;
  }

  async chargeSavedCard(charge: SavedCardCharge): Promise<ChargeResult> {
    const m = charge.providerToken.match(/^sbx_card_(ok|fail)_[0-9a-f]{32}$/);
    if (!m) return { outcome: 'declined', providerRef: reference(), reason: ORDER_TEXTS.cardDeclined, card: null };
    if (m[1] === 'fail')
      return { outcome: 'declined', providerRef: reference(), reason: ORDER_TEXTS.cardDeclined, card: null };
    // what the card looks like is kept by us (saved_cards); the sandbox keeps nothing
    return { outcome: 'approved', providerRef: reference(), card: null };
  }
}
