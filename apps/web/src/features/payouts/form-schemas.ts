// The shared schema of the payout method form, loaded with zod at its first check (ui/zod-form).
export { payoutMethodInputSchema } from '@parlance/shared';
