// The query keys of the partner and affiliate reports.
export const partnerKeys = {
  report: (view: unknown) => ['partner', view] as const,
};
