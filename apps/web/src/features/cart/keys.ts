// The query keys of the cart and the credit balance (the balance moves with orders, refunds and payments).
export const cartKeys = {
  all: ['cart'] as const,
  items: () => [...cartKeys.all, 'all'] as const,
  balance: () => [...cartKeys.all, 'balance'] as const,
};
