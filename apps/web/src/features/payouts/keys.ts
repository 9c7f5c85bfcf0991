// The query keys of the translator's payouts (/balance).
export const payoutKeys = {
  all: ['payouts'] as const,
  page: (page: number) => [...payoutKeys.all, page] as const,
};
