import {
  type ConvertBulkStatus,
  type ConvertList,
  type ConvertPerPage,
  type ConvertResult,
  type ConvertSort,
  CONVERT_NEEDS_ACTION,
  CONVERT_TEXTS,
  type PayeeRow,
  type PayeeStatus,
  type PayoutMethod,
  type PayoutStatus,
} from '@parlance/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../app/http';
import { adminKeys } from './keys';

// The admin's convert table (/convert): GET /api/2/admin/convert/requests, its CSV,
// POST /api/2/admin/creditsConvert/updateConversion and POST /adminService/payout_update.

export interface ConvertFilter {
  status: PayoutStatus | typeof CONVERT_NEEDS_ACTION | '';
  method: PayoutMethod | '';
  /** target dates, YYYY-MM-DD; empty: open */
  from: string;
  to: string;
  search: string;
  sort: ConvertSort;
  order: 'asc' | 'desc';
  perPage: ConvertPerPage;
  /** 1-based */
  page: number;
}

/**
 * The screen opens on what finance must act on: pending and on-hold requests, whatever their
 * target date (a date range would hide requests not yet due); the dates are a filter.
 */
export function defaultConvertFilter(): ConvertFilter {
  return {
    status: CONVERT_NEEDS_ACTION,
    method: '',
    from: '',
    to: '',
    search: '',
    sort: 'request_date',
    order: 'desc',
    perPage: '50',
    page: 1,
  };
}

export function convertParams(f: ConvertFilter): URLSearchParams {
  const params = new URLSearchParams({ perPage: f.perPage, page: String(f.page), sort: f.sort, order: f.order });
  if (f.status) params.set('status', f.status);
  if (f.method) params.set('method', f.method);
  if (f.from) params.set('from', f.from);
  if (f.to) params.set('to', f.to);
  if (f.search.trim()) params.set('search', f.search.trim());
  return params;
}

export const convertQuery = (f: ConvertFilter) =>
  queryOptions({
    queryKey: adminKeys.convertPage(convertParams(f).toString()),
    queryFn: ({ signal }) => http.get<ConvertList>(`/api/2/admin/convert/requests?${convertParams(f)}`, signal),
  });

export function useConvertRequests(f: ConvertFilter) {
  return useQuery({ ...convertQuery(f), placeholderData: keepPreviousData });
}

/** The bank's payment file: the wires sent and not yet marked paid (whatever the filters). */
export const BANK_FILE_URL = '/api/2/admin/convert/requests/downloads/bank-file';

/** The CSV of what the filters match; null until a time range is chosen (spec: 'Please select the time range first'). */
export function convertCsvUrl(f: ConvertFilter): string | null {
  if (!f.from || !f.to) return null;
  const params = convertParams(f);
  params.delete('page');
  params.delete('perPage');
  return `/api/2/admin/convert/requests/downloads/csv?${params}`;
}

export function useUpdateConversion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { req: number[]; status: ConvertBulkStatus; remark?: string }) =>
      http.postJson<ConvertResult>('/api/2/admin/creditsConvert/updateConversion', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.convert() }),
  });
}

export function usePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reqs: number[]) =>
      http.postJson<ConvertResult & { amount: string }>('/adminService/payout_update', {
        reqs,
        confirm: CONVERT_TEXTS.confirmWord,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.convert() }),
  });
}

/** Payoneer payees waiting for approval (GET /api/2/admin/payoneer/payees). */
export function usePayeesWaiting() {
  return useQuery({
    queryKey: adminKeys.payeesPending(),
    queryFn: ({ signal }) => http.get<{ data: PayeeRow[] }>('/api/2/admin/payoneer/payees?status=pending', signal),
  });
}

export function useChangePayeeStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: number; status: PayeeStatus }) =>
      http.postJson<{ status: string }>(`/api/2/admin/payoneer/translator/${input.userId}/change-status`, {
        status: input.status,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.payees() }),
  });
}
