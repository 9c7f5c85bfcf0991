// The query keys of statements and their filter lists.
export const statementKeys = {
  view: (view: unknown) => ['statement', view] as const,
  actionTypes: ['credit-action-types'] as const,
  accountTags: ['account-tags'] as const,
};
