import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceSummary } from '@parlance/shared';
import { http } from '../../app/http';
import { invoiceKeys } from './keys';

// GET /api/2/account/invoices (spec 2 section 7), 5 a page (section 9); the PDF of each is
// GET /api/2/account/invoice/{id}.

export const INVOICES_PER_PAGE = 5;

export const invoicesQuery = (page: number) =>
  queryOptions({
    queryKey: invoiceKeys.page(page),
    queryFn: ({ signal }) =>
      http.get<{ data: InvoiceSummary[]; totalCount: number }>(
        `/api/2/account/invoices?page=${page}&pageSize=${INVOICES_PER_PAGE}`,
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export function useInvoices(page: number) {
  return useQuery(invoicesQuery(page));
}

export const invoicePdfUrl = (id: number) => `/api/2/account/invoice/${id}`;
