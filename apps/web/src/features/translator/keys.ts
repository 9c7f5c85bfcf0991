// The query keys of the translator's lists (open jobs, counts, my projects, My Team).
export const translatorKeys = {
  all: ['translator'] as const,
  open: () => [...translatorKeys.all, 'open'] as const,
  openPage: (tab: string, page: number, perPage: number) => [...translatorKeys.open(), tab, page, perPage] as const,
  counts: () => [...translatorKeys.all, 'count'] as const,
  count: (kind: 'qa' | 'll') => [...translatorKeys.counts(), kind] as const,
  availability: () => [...translatorKeys.all, 'availability'] as const,
  probation: () => [...translatorKeys.all, 'probation'] as const,
  myProjects: (slug: string, page: number, perPage: number) =>
    [...translatorKeys.all, 'my-projects', slug, page, perPage] as const,
  earnings: () => [...translatorKeys.all, 'earnings'] as const,
  isMyTeamMember: () => [...translatorKeys.all, 'is-my-team-member'] as const,
  myTeamCustomers: (translatorId: unknown, query: string, page: number, perPage: number) =>
    [...translatorKeys.all, 'my-team-customers', translatorId, query, page, perPage] as const,
};

/** The customer's My Team list. */
export const myTeamKeys = {
  all: ['my-team'] as const,
  page: (page: number, perPage: number) => [...myTeamKeys.all, page, perPage] as const,
};
