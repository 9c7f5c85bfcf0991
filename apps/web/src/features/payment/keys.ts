// The query keys of buying credits and of one payment.
export const paymentKeys = {
  quote: (amount: unknown) => ['payment', 'quote', amount] as const,
  payment: (key: string) => ['payment', key] as const,
};
