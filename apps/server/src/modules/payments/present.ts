import type { AdminPaymentData, PaymentData, SavedCardData } from '@parlance/shared';
import type { UserRow } from '../../platform/session';
import type { SavedCardRow } from './saved-cards';
import type { PaymentRow } from './settle';

// Allowlist serializers: the processor's card token and the idempotency key never leave the server.

export function presentPayment(p: PaymentRow): PaymentData {
  return {
    key: p.key,
    method: p.method,
    purpose: p.purpose,
    status: p.status,
    amountCredits: p.amountCredits,
    vatCredits: p.vatCredits,
    totalCredits: p.amountCredits + p.vatCredits,
    cardBrand: p.cardBrand,
    cardLast4: p.cardLast4,
    failureReason: p.failureReason,
    reference: p.method === 'wire' ? p.providerRef : null,
    invoiceId: p.invoiceId,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export function presentAdminPayment(p: PaymentRow, user: Pick<UserRow, 'id' | 'name' | 'email'>): AdminPaymentData {
  return { ...presentPayment(p), user: { id: user.id, name: user.name, email: user.email } };
}

export function presentSavedCard(c: SavedCardRow): SavedCardData {
  return {
    id: c.id,
    brand: c.brand,
    last4: c.last4,
    expMonth: c.expMonth,
    expYear: c.expYear,
    createdAt: c.createdAt.toISOString(),
  };
}
