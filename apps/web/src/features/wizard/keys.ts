// The query keys of the order wizard.
export const wizardKeys = {
  all: ['wizard'] as const,
  purchaseOrder: (pid: string) => ['purchase-order', pid] as const,
  targets: (slug: string) => [...wizardKeys.all, 'targets', slug] as const,
  planQuote: (pid: string, plan: string, updatedAt: unknown) =>
    [...wizardKeys.all, 'plan-quote', pid, plan, updatedAt] as const,
  mtParams: (pid: string, type: unknown, targets: string) =>
    [...wizardKeys.all, 'mt-params', pid, type, targets] as const,
};
