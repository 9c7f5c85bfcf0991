// The query keys of the language-manager dashboard.
export const lmKeys = {
  all: ['lm'] as const,
  tile: (tile: unknown, filters: unknown) => [...lmKeys.all, 'tile', tile, filters] as const,
  available: (filters: unknown) => [...lmKeys.all, 'available', filters] as const,
  list: (filters: unknown, list: unknown) => [...lmKeys.all, 'list', filters, list] as const,
  capacity: (filters: unknown, page: number) => [...lmKeys.all, 'capacity', filters, page] as const,
};
