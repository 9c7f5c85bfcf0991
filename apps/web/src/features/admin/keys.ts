// The query keys of the back office.
const root = ['admin'] as const;

export const adminKeys = {
  all: root,
  searchUser: (userID: unknown) => [...root, 'searchUser', userID] as const,
  float: () => [...root, 'float'] as const,
  userDescription: (uid: unknown) => [...root, 'userDescription', uid] as const,
  countryList: () => [...root, 'countryList'] as const,
  outbox: (page: number) => [...root, 'outbox', page] as const,
  audit: (page: number) => [...root, 'audit', page] as const,
  payments: () => [...root, 'payments'] as const,
  paymentsPage: (status: unknown, method: unknown, page: number) =>
    [...adminKeys.payments(), status, method, page] as const,
  projects: (filter: unknown, page: number, perPage: number) => [...root, 'projects', filter, page, perPage] as const,
  backoffice: () => [...root, 'backoffice'] as const,
  user: (uid: unknown) => [...root, 'user', uid] as const,
  credits: (uid: unknown) => [...root, 'credits', uid] as const,
  creditsPage: (uid: unknown, page: number) => [...adminKeys.credits(uid), page] as const,
  creditReasons: (type: unknown) => [...root, 'credit-reasons', type] as const,
  parked: (uid: unknown) => [...root, 'parked', uid] as const,
  acl: () => [...root, 'acl'] as const,
  probation: () => [...root, 'probation'] as const,
  uiFeatures: () => [...root, 'ui-features'] as const,
  rates: () => [...root, 'exchange-rates'] as const,
  managerCustomers: () => [...root, 'manager-customers'] as const,
  managerCustomersPage: (id: unknown, page: number, query: string) =>
    [...adminKeys.managerCustomers(), id, page, query] as const,
  accountManager: (uid: unknown) => [...root, 'account-manager', uid] as const,
  convert: () => [...root, 'convert'] as const,
  convertPage: (params: string) => [...adminKeys.convert(), params] as const,
  payees: () => [...root, 'payees'] as const,
  payeesPending: () => [...adminKeys.payees(), 'pending'] as const,
};

export const moderationKeys = {
  all: ['moderation'] as const,
  searches: () => [...moderationKeys.all, 'search'] as const,
  search: (filters: unknown) => [...moderationKeys.searches(), filters] as const,
  item: (id: unknown) => [...moderationKeys.all, 'item', id] as const,
  languages: () => [...moderationKeys.all, 'languages'] as const,
  words: () => [...moderationKeys.all, 'words'] as const,
  wordsPage: (language: unknown, t: unknown, page: number) => [...moderationKeys.words(), language, t, page] as const,
};
