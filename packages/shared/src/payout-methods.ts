import type { PayeeStatus } from './payouts';

// A translator's payout methods on file (/balance, "Payout methods"): one account per method. PayPal
// and bank wire are usable at once; a Payoneer payee waits for approval (an admin, or Payoneer's own
// answer, sets it active or declined: POST /api/2/admin/payoneer/translator/{id}/change-status).

export const PAYEE_STATUS_LABELS: Record<PayeeStatus, string> = {
  active: 'Active',
  pending: 'Waiting for approval',
  declined: 'Declined',
};

export const PAYOUT_METHOD_TEXTS = {
  email: 'Enter the e-mail address of the account',
  iban: 'Enter a valid IBAN (country code, check digits and account number)',
  notActive: 'This payout method is not approved yet: choose another one or wait for the approval',
  inUse: 'A payout by this method is still on its way: remove the method once it is paid or returned',
  notFound: 'This payout method is not on file',
  saved: 'Payout method saved',
} as const;

/** ISO 13616 check: the country code, two check digits and up to 30 letters or digits, mod 97 = 1. */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const digits = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}
