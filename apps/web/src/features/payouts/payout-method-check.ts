import { type PayoutMethod, payoutMethodInputSchema } from '@parlance/shared';
import { checkForm } from '../../ui/form-check';

// The payout method's check with the call's shared schema, loaded with zod when a method is first
// saved (PayoutMethodsSection imports this module on demand): zod would otherwise be 24 kB gzipped of
// /balance's first load, for one check at the first save.

export const checkPayoutMethod = (method: PayoutMethod, account: string) =>
  checkForm(payoutMethodInputSchema, { method, account });
