import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type CustomerProjectsQuery,
  type DownloadOption,
  IDEMPOTENCY_HEADER,
  type DisputedSegmentList,
  type ProjectDetail,
  type ProjectDisputeInput,
  type ProjectList,
  type WorkbenchJob,
  type ProjectRefundOptions,
  type ReviewJobKind,
  type ReviewSubmit,
} from '@parlance/shared';
import { HttpError, http, request } from '../../app/http';
import { uploadWithProgress } from '../../app/http-upload';
import { projectKeys } from './keys';
import { translatorKeys } from '../translator/keys';
import { cartKeys } from '../cart/keys';

// The project lifecycle's calls (the OpenAPI document has each): the customer's list and its bulk actions,
// the project page and every move on it. A change answers the new ProjectDetail: it goes straight
// into the page's cache, and every list is refreshed.

export type ListQuery = Partial<CustomerProjectsQuery>;

function queryString(q: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

export function customerProjectsQuery(q: ListQuery) {
  return queryOptions({
    queryKey: projectKeys.customerList(q),
    queryFn: ({ signal }) => http.get<ProjectList>(`/api/2/account/customer-projects${queryString(q)}`, signal),
  });
}

export const projectTagsQuery = queryOptions({
  queryKey: projectKeys.tags(),
  queryFn: ({ signal }) => http.get<{ tags: string[] }>('/api/2/projects/tags', signal).then((b) => b.tags),
});

/** The customer's credit balance (the cart's answer carries it). */
export const balanceQuery = queryOptions({
  queryKey: cartKeys.balance(),
  queryFn: ({ signal }) =>
    http.get<{ results: { balanceCredits: number } }>('/api/2/cart/all', signal).then((b) => b.results.balanceCredits),
});

export function projectQuery(id: number) {
  return queryOptions({
    queryKey: projectKeys.detail(id),
    queryFn: ({ signal }) => http.get<ProjectDetail>(`/api/2/projects/${id}`, signal),
    // refetch on focus and every 30 s (the page's live data when no realtime event arrives); every
    // 3 s while a machine translation runs, whose batches send no event
    refetchOnWindowFocus: 'always',
    refetchInterval: (query) => {
      const state = query.state.data?.machineTranslation?.state;
      return state === 'queued' || state === 'running' ? 3_000 : 30_000;
    },
    retry: (count, error) => !(error instanceof HttpError && error.status < 500) && count < 2,
  });
}

export function useCustomerProjects(q: ListQuery) {
  // failures are silent (spec 1 §8): the previous rows stay while a new page or filter loads
  return useQuery({ ...customerProjectsQuery(q), placeholderData: keepPreviousData, retry: false });
}

/** Where a cancel's refund can go: the card that paid for the project, if any (the customer's only). */
export function useRefundOptions(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...projectKeys.detail(id), 'refund-options'],
    queryFn: ({ signal }) =>
      http
        .get<{ results: ProjectRefundOptions }>(`/api/2/projects/${id}/refund-options`, signal)
        .then((b) => b.results),
    enabled,
    retry: false,
  });
}

export function useProjectTags() {
  return useQuery(projectTagsQuery);
}

export function useBalance(enabled: boolean) {
  return useQuery({ ...balanceQuery, enabled });
}

export function useProject(id: number) {
  return useQuery({ ...projectQuery(id), enabled: Number.isInteger(id) && id > 0 });
}

// ---- moves on one project ----

function post(path: string, json: unknown = {}, headers?: Record<string, string>): Promise<ProjectDetail> {
  return request<ProjectDetail>(path, { body: { json }, headers });
}

/** A key per attempt for the calls that move money: a retry of the same attempt moves nothing. */
function idempotent(): Record<string, string> {
  return { [IDEMPOTENCY_HEADER]: crypto.randomUUID() };
}

export const projectCalls = {
  rename: (id: number, name: string) => post(`/api/2/projects/${id}/name`, { name }),
  tags: (id: number, tags: string[]) => post(`/api/2/projects/${id}/tags`, { tags }),
  rate: (id: number, v: { rating: number; reasons: string[]; comment: string }) =>
    post(`/api/2/projects/${id}/rating`, v),
  cancel: (id: number, refundTo?: 'card' | 'credits') =>
    post(`/api/2/projects/${id}/cancel`, refundTo ? { refund_to: refundTo } : {}, idempotent()),
  approve: (id: number) => post(`/api/2/projects/${id}/approve`, {}, idempotent()),
  dispute: (id: number, v: ProjectDisputeInput) => post(`/api/2/projects/${id}/dispute`, v),
  take: (id: number) => post(`/api/2/job/${id}/take`),
  takeEdit: (id: number) => post(`/api/2/job/${id}/take-edit`),
  hold: (id: number) => post(`/api/2/admin/projects/${id}/hold`),
  release: (id: number) => post(`/api/2/admin/projects/${id}/release`),
  reassign: (id: number, translatorId: number) => post(`/api/2/admin/projects/${id}/reassign`, { translatorId }),
  resolve: (id: number, outcome: 'refund' | 'partial' | 'pay', refundCredits?: number) =>
    post(`/api/2/admin/projects/${id}/resolve`, { outcome, refundCredits }, idempotent()),
  /** admin: a QA or LL job over this completed project; answers the job */
  createReviewJob: (id: number, kind: ReviewJobKind) => post(`/api/2/admin/projects/${id}/review-jobs`, { kind }),
  /** the reviewer of a QA or LL job submits its error table and comment */
  review: (id: number, v: ReviewSubmit) => post(`/api/2/projects/${id}/review`, v),
};

export function sendProjectMessage(id: number, body: string): Promise<unknown> {
  return http.postJson(`/api/2/projects/${id}/messages`, { body });
}

export function sendBulkMessage(projectIds: number[], message: string): Promise<{ sent: number }> {
  return http.postJson<{ sent: number }>('/api/2/projects/bulk-message', { projectIds, message });
}

export function downloadUrl(ids: number[], option: DownloadOption): string {
  return `/api/2/projects/download${queryString({ ids: ids.join(','), option })}`;
}

/**
 * Delivers files (multipart, one `file` part each) with upload progress, through the one HTTP path
 * (app/http-upload.ts).
 */
export function deliverFiles(id: number, files: File[], onProgress: (fraction: number) => void) {
  const data = new FormData();
  for (const f of files) data.append('file', f, f.name);
  return uploadWithProgress<ProjectDetail>(`/api/2/projects/${id}/deliver`, data, { onProgress });
}

export { startDownload } from '../../ui/download';

export { messageOf } from '../../app/http';

/**
 * A mutation on one project: the answer replaces the page's data, and every project list, the
 * tags and the balance (cancel and refunds move credits) are refreshed. `keepPageOnError`: a
 * refused move leaves the page's data as it is (a translator who lost a take would otherwise see
 * the page turn into "not found" before reading why).
 */
export function useProjectMove<V>(fn: (v: V) => Promise<ProjectDetail>, opts: { keepPageOnError?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (project) => {
      if (project && typeof project === 'object' && 'id' in project) {
        client.setQueryData(projectQuery(project.id).queryKey, project);
      }
    },
    onSettled: (_data, error) => refreshAfterMove(client, { keepPage: error !== null && opts.keepPageOnError }),
  });
}

/**
 * What a project move refreshes, wherever it was made (the project page, a customer's list, a
 * translator's open jobs): every project query, the translator's lists and counts, and the cart
 * and balance (cancel and refunds move credits). `keepPage` leaves the project pages as they are.
 */
export function refreshAfterMove(client: QueryClient, opts: { keepPage?: boolean } = {}) {
  void client.invalidateQueries({
    queryKey: projectKeys.all,
    predicate: (q) => !(opts.keepPage && q.queryKey[1] === 'detail'),
  });
  void client.invalidateQueries({ queryKey: translatorKeys.all });
  void client.invalidateQueries({ queryKey: cartKeys.all });
}

/** Refreshes every project query (after bulk calls that answer no project). */
export function useRefreshProjects() {
  const client = useQueryClient();
  return () => refreshAfterMove(client);
}

// ---- the segments of a dispute (ADR 0112) ----

/** The delivered job's segments, which the customer's dispute can point at (the editor's read). */
export function useDisputableSegments(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...projectKeys.detail(projectId), 'disputable-segments'],
    queryFn: () => http.get<WorkbenchJob>(`/api/2/workbench/projects/${projectId}`),
    enabled,
    select: (job) => job.segments,
  });
}

/** The segments a dispute points at, with source, target and the customer's comment. */
export function useDisputedSegments(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...projectKeys.detail(projectId), 'disputed-segments'],
    queryFn: () => http.get<DisputedSegmentList>(`/api/2/workbench/projects/${projectId}/disputed-segments`),
    enabled,
    select: (list) => list.results,
  });
}
