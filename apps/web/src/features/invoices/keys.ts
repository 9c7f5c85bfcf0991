// The query keys of the invoice list.
export const invoiceKeys = {
  all: ['invoices'] as const,
  page: (page: number) => [...invoiceKeys.all, page] as const,
};
