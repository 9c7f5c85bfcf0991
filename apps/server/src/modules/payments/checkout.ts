import type { Services } from '../../platform/services';
import { type CardField, type CardForm, checkCardForm, type SandboxProvider } from '../../platform/payments';
import type { UserRow } from '../../platform/session';
import { saveCard } from './saved-cards';
import { approveCardPayment, moveOpenPayment, type PaymentRow } from './settle';
import { applyChargeResult, requireOwnPayment } from './service';

// The sandbox processor's hosted checkout: what a submitted card form or a confirmation does to the
// payment. The routes turn the outcome into a page or a redirect.

type Deps = Pick<Services, 'db' | 'clock'>;

export type CheckoutOutcome =
  | { kind: 'invalid'; payment: PaymentRow; errors: Partial<Record<CardField, string>> }
  /** the payment's state after the submit (or as it already was: a double submit changes nothing) */
  | { kind: 'done'; payment: PaymentRow };

/** Where the customer goes after the payment reached `payment.status`; `base` is returnBase()'s. */
export function nextStepOf(payment: PaymentRow, base: string): string | null {
  const key = encodeURIComponent(payment.key);
  if (payment.status === 'approved' || payment.status === 'received') return `${base}/payment/thankyou/?payment=${key}`;
  if (payment.status === 'declined') return `${base}/payment/quote/?amount=${payment.amountCredits}&error=declined`;
  if (payment.status === 'cancelled') return `${base}/payment/quote/?amount=${payment.amountCredits}&error=cancelled`;
  if (payment.status === 'requires_action') return `/sandbox/checkout/${key}/confirm`;
  return null;
}

export async function submitCardForm(
  deps: Deps,
  provider: SandboxProvider,
  user: UserRow,
  key: string,
  form: CardForm & { save: boolean },
): Promise<CheckoutOutcome> {
  const payment = await requireOwnPayment(deps.db, key, user);
  if (payment.status !== 'pending') return { kind: 'done', payment };
  const now = deps.clock.now();
  const checked = checkCardForm(form, now);
  if (!checked.ok) return { kind: 'invalid', payment, errors: checked.errors };
  const charge = provider.chargeCard(checked.card, checked.behaviour, form.save);
  const moved = await applyChargeResult(deps.db, key, charge.result, now);
  // null: another submit moved it first; show where it is now
  if (!moved) return { kind: 'done', payment: await requireOwnPayment(deps.db, key, user) };
  if (moved.status === 'approved' && charge.savedToken)
    await saveCard(deps.db, user.id, charge.savedToken, checked.card);
  return { kind: 'done', payment: moved };
}

export async function confirmCardPayment(
  deps: Deps,
  provider: SandboxProvider,
  user: UserRow,
  key: string,
  action: 'confirm' | 'cancel',
): Promise<PaymentRow> {
  const payment = await requireOwnPayment(deps.db, key, user);
  if (payment.status !== 'requires_action') return payment;
  const now = deps.clock.now();
  if (action === 'cancel') {
    return (await moveOpenPayment(deps.db, key, 'cancelled', {}, now)) ?? requireOwnPayment(deps.db, key, user);
  }
  const confirmation = provider.confirm(payment.providerRef, {
    brand: payment.cardBrand ?? 'Card',
    last4: payment.cardLast4 ?? '',
  });
  const approved = await approveCardPayment(deps.db, key, { providerRef: confirmation.result.providerRef }, now);
  if (!approved) return requireOwnPayment(deps.db, key, user);
  if (confirmation.saved) await saveCard(deps.db, user.id, confirmation.saved.token, confirmation.saved.card);
  return approved;
}
