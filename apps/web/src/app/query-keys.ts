// Query keys of what the whole app shares: the registry's data kinds, the session and auth look-ups.
export const registryKeys = {
  of: (kind: string) => ['registry', kind] as const,
};

export const sessionKeys = {
  csrf: ['session-csrf'] as const,
};

export const authKeys = {
  token: ['auth', 'token'] as const,
  checkToken: (token: string) => ['auth', 'checkToken', token] as const,
  countriesInfo: ['auth', 'countriesInfo'] as const,
};
