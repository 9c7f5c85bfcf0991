import type { BillingInfo } from '@parlance/shared';
import type { billingInfo } from '../../db/schema';

// The spec's billing fields (spec 2 section 3), with their spellings.

export function presentBillingInfo(row: typeof billingInfo.$inferSelect | undefined): BillingInfo {
  return {
    firstName: row?.firstName ?? '',
    lastName: row?.lastName ?? '',
    vat_id: row?.vatId ?? '',
    zipCode: row?.zipCode ?? '',
    phone: row?.phone ?? '',
    Country: row?.country ?? null,
    Company: row?.company ?? '',
    address: row?.address ?? '',
    city: row?.city ?? '',
  };
}
