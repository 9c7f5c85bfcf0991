import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  type AdminFloat,
  type AdminPaymentData,
  type AdminUserDescription,
  type AdminUserPreview,
  type AuditEntryData,
  type Country,
  type OutboxMail,
  type Paginated,
  type PaymentStatus,
  type ProjectList,
  TEXTS,
} from '@parlance/shared';
import { HttpError, http, request } from '../../app/http';
import { adminKeys } from './keys';

// The admin calls (spec 1 section 7, "Admin actions"): fetchers, query options and hooks. Used by
// the admin pages and by the floating admin tools of the shell.

/** Outbox and audit pages are server-paginated with this many rows (MUI TablePagination). */
export const ADMIN_PAGE_SIZE = 20;

export type OutboxMessage = OutboxMail;
export type AuditEntry = AuditEntryData;

/** The user search answer: the matches, or a message that may hold link markup. */
export type UserSearchAnswer = { users: AdminUserPreview[]; error?: undefined } | { users?: undefined; error: string };

/** An answer's own words for a failure: its message, its text, or the JSON itself (spec 1 section 5). */
export function describeFailure(body: unknown): string {
  if (typeof body === 'string') return body.trim() || TEXTS.unexpectedError;
  if (body && typeof body === 'object') {
    if ('message' in body && typeof body.message === 'string' && body.message) return body.message;
    if ('error' in body && typeof body.error === 'string' && body.error) return body.error;
    return JSON.stringify(body);
  }
  return TEXTS.unexpectedError;
}

function failureOf(err: unknown): Error {
  if (err instanceof HttpError) return new Error(err.body === null ? TEXTS.unexpectedError : describeFailure(err.body));
  return err instanceof Error ? err : new Error(TEXTS.unexpectedError);
}

// --- user search and details -------------------------------------------------------------------

export async function searchUsers(userID: string): Promise<UserSearchAnswer> {
  try {
    const body = await http.postForm<UserSearchAnswer>('/adminService/searchUser', { userID });
    if (body && typeof body.error === 'string') return { error: body.error };
    return { users: body?.users ?? [] };
  } catch (err) {
    // "no such user" may come back as a 4xx answer with the same `error` field
    if (err instanceof HttpError && err.status < 500 && err.body && typeof err.body === 'object') {
      return { error: describeFailure(err.body) };
    }
    throw err;
  }
}

export const userSearchQuery = (userID: string) =>
  queryOptions({
    queryKey: adminKeys.searchUser(userID),
    queryFn: () => searchUsers(userID),
    enabled: userID !== '',
    staleTime: 10_000,
    retry: false,
  });

export function useUserSearch(userID: string) {
  return useQuery({ ...userSearchQuery(userID), placeholderData: keepPreviousData });
}

/** POST /admin/float: whom the floating tools act on, and the actions the server lets this person use. */
export function useAdminFloat(enabled: boolean, appliesTo: number) {
  return useQuery({
    // keyed by the effective user: acting as someone else changes the answer
    queryKey: [...adminKeys.float(), appliesTo],
    queryFn: async () => {
      try {
        return (await http.postForm<{ results: AdminFloat }>('/admin/float', {})).results;
      } catch (err) {
        throw failureOf(err);
      }
    },
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

export async function getUserDescription(uid: string, signal?: AbortSignal): Promise<AdminUserDescription> {
  try {
    const body = await http.get<{ results: AdminUserDescription }>(
      `/adminService/getUserDescription?uid=${encodeURIComponent(uid)}`,
      signal,
    );
    return body.results;
  } catch (err) {
    throw failureOf(err);
  }
}

export const userDescriptionQuery = (uid: string) =>
  queryOptions({
    queryKey: adminKeys.userDescription(uid),
    queryFn: ({ signal }) => getUserDescription(uid, signal),
    enabled: uid !== '',
    retry: false,
  });

export function useUserDescription(uid: string) {
  return useQuery(userDescriptionQuery(uid));
}

// --- acting as a user ----------------------------------------------------------------------------

interface StatusAnswer {
  status?: string;
  message?: string;
}

/** GET /manage/act: with a uid starts acting as that user, without one restores the admin. */
async function manageAct(uid: string | null): Promise<void> {
  const query = uid === null ? '' : `&uid=${encodeURIComponent(uid)}`;
  let body: StatusAnswer | string | null;
  try {
    body = await request<StatusAnswer | string | null>(`/manage/act?NoRedirect=1${query}`, { changesState: true });
  } catch (err) {
    throw failureOf(err);
  }
  if (body && typeof body === 'object' && body.status === 'OK') return;
  throw new Error(body === null ? TEXTS.unexpectedError : describeFailure(body));
}

export const actAsUser = (uid: string) => manageAct(uid);
export const restoreAdminRights = () => manageAct(null);

// --- projects, currency and country --------------------------------------------------------------

export async function isProjectExist(pid: string): Promise<boolean> {
  const body = await http.postForm<{ result: boolean }>('/adminService/isProjectExist', { PID: pid });
  return body.result === true;
}

export async function setCurrency(currency: string): Promise<void> {
  await request(`/api/2/tools/${encodeURIComponent(currency)}/SetCurrency`, { changesState: true });
}

export const countryListQuery = queryOptions({
  queryKey: adminKeys.countryList(),
  queryFn: ({ signal }) => http.get<{ results: Country[] }>('/api/2/country/list', signal).then((b) => b.results),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useCountryList(enabled: boolean) {
  return useQuery({ ...countryListQuery, enabled });
}

export async function setCountry(code: string): Promise<void> {
  await http.postForm('/api/2/admin/country/set-locale', { admin_locale: code });
}

export async function resetCountry(): Promise<void> {
  await http.postForm('/api/2/admin/country/reset-locale', {});
}

// --- outbox and audit log ------------------------------------------------------------------------

/** `page` is zero-based here, as in MUI TablePagination; the server counts pages from 1. */
function pageQuery(page: number): string {
  return `page=${page + 1}&pageSize=${ADMIN_PAGE_SIZE}`;
}

export const outboxQuery = (page: number) =>
  queryOptions({
    queryKey: adminKeys.outbox(page),
    queryFn: ({ signal }) => http.get<Paginated<OutboxMail>>(`/api/2/admin/outbox?${pageQuery(page)}`, signal),
  });

export function useOutbox(page: number) {
  return useQuery({ ...outboxQuery(page), placeholderData: keepPreviousData });
}

export const auditQuery = (page: number) =>
  queryOptions({
    queryKey: adminKeys.audit(page),
    queryFn: ({ signal }) => http.get<Paginated<AuditEntryData>>(`/api/2/admin/audit?${pageQuery(page)}`, signal),
  });

export function useAudit(page: number) {
  return useQuery({ ...auditQuery(page), placeholderData: keepPreviousData });
}

// --- payments (/admin/payments) --------------------------------------------------------------------

export type AdminPayment = AdminPaymentData;

/** What the payments screen lists: every payment, or those of one status and/or method. */
export interface PaymentsFilter {
  status: PaymentStatus | '';
  method: AdminPaymentData['method'] | '';
}

export function paymentsPath(filter: PaymentsFilter, page: number): string {
  const params = new URLSearchParams({ page: String(page + 1), pageSize: String(ADMIN_PAGE_SIZE) });
  if (filter.status) params.set('status', filter.status);
  if (filter.method) params.set('method', filter.method);
  return `/api/2/admin/payments?${params}`;
}

export const paymentsQuery = (filter: PaymentsFilter, page: number) =>
  queryOptions({
    queryKey: adminKeys.paymentsPage(filter.status, filter.method, page),
    queryFn: async ({ signal }) => {
      try {
        return await http.get<Paginated<AdminPaymentData>>(paymentsPath(filter, page), signal);
      } catch (err) {
        throw failureOf(err);
      }
    },
  });

export function usePayments(filter: PaymentsFilter, page: number) {
  return useQuery({ ...paymentsQuery(filter, page), placeholderData: keepPreviousData });
}

export type PaymentAction = 'received' | 'cancel';

/** Marks a pending wire transfer received (credits the customer) or cancels an open payment. */
export async function actOnPayment(key: string, action: PaymentAction): Promise<AdminPaymentData> {
  try {
    const body = await http.postJson<{ results: AdminPaymentData }>(
      `/api/2/admin/payments/${encodeURIComponent(key)}/${action}`,
      {},
    );
    return body.results;
  } catch (err) {
    throw failureOf(err);
  }
}

// --- every project (/my-projects for an admin) ----------------------------------------------------

export interface AdminProjectsFilter {
  status: string;
  customer: string;
  translator: string;
  sourceLanguage: string;
  targetLanguage: string;
  dateFrom: string;
  dateTo: string;
}

export function adminProjectsPath(filter: AdminProjectsFilter, page: number, perPage: number): string {
  const params = new URLSearchParams({ page: String(page), perPage: String(perPage) });
  for (const [key, value] of Object.entries(filter)) if (value.trim()) params.set(key, value.trim());
  return `/api/2/admin/projects?${params}`;
}

export function useAdminProjects(filter: AdminProjectsFilter, page: number, perPage: number) {
  return useQuery({
    queryKey: adminKeys.projects(filter, page, perPage),
    queryFn: ({ signal }) => http.get<ProjectList>(adminProjectsPath(filter, page, perPage), signal),
    placeholderData: keepPreviousData,
  });
}
