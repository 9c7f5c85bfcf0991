import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  type AnnotationCreate,
  type ProjectDetail,
  type SegmentAnnotation,
  type SegmentConflict,
  type SegmentSaved,
  type SegmentSuggestions,
  type WorkbenchJob,
  type WorkbenchJobList,
  type WorkbenchQa,
  type WorkbenchSegmentPage,
  WORKBENCH_LIMITS,
  type XliffImportResult,
} from '@parlance/shared';
import { takePreloaded } from '../../app/data-preload';
import { HttpError, http, request } from '../../app/http';
import type { Draft, SaveResult } from './autosave';
import { workbenchKeys } from './keys';

// The workbench's calls (all under /api/2/workbench/, schemas in packages/shared
// workbench-schemas.ts): the job with its first segments (its call started with the page's code,
// app/data-preload.ts), the rest a page at a time behind them, then one call per save;
// suggestions only for the segment the person is on.

const BASE = '/api/2/workbench';

export function workbenchJobsQuery(page: number) {
  return queryOptions({
    queryKey: [...workbenchKeys.jobs(), page],
    queryFn: ({ signal }) =>
      http.get<WorkbenchJobList>(`${BASE}/jobs?page=${page}&limit=${WORKBENCH_LIMITS.jobsPageSize}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function workbenchJobQuery(projectId: number) {
  return queryOptions({
    queryKey: workbenchKeys.job(projectId),
    queryFn: ({ signal }) => {
      const url = `${BASE}/projects/${projectId}`;
      return takePreloaded<WorkbenchJob>(url) ?? http.get<WorkbenchJob>(url, signal);
    },
    // the page keeps its own copy of the segments once open: a refetch would drop what is typed
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: (count, error) => !(error instanceof HttpError && error.status < 500) && count < 2,
  });
}

/** The job's segments after the ordinal `after`, a page at a time (the open answers the first ones). */
export function fetchSegmentsPage(
  projectId: number,
  after: number,
  signal?: AbortSignal,
): Promise<WorkbenchSegmentPage> {
  return http.get<WorkbenchSegmentPage>(
    `${BASE}/projects/${projectId}/segments?after=${after}&limit=${WORKBENCH_LIMITS.segmentsPage}`,
    signal,
  );
}

export function useWorkbenchJobs(page: number) {
  return useQuery(workbenchJobsQuery(page));
}

export function useWorkbenchJob(projectId: number) {
  return useQuery({ ...workbenchJobQuery(projectId), enabled: Number.isInteger(projectId) && projectId > 0 });
}

export function useSuggestions(segmentId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: workbenchKeys.suggestions(segmentId ?? 0),
    queryFn: ({ signal }) => http.get<SegmentSuggestions>(`${BASE}/segments/${segmentId}/suggestions`, signal),
    enabled: enabled && segmentId !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useJobQa(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: workbenchKeys.qa(projectId),
    queryFn: ({ signal }) => http.get<WorkbenchQa>(`${BASE}/projects/${projectId}/qa`, signal),
    enabled,
    staleTime: 0,
  });
}

function isConflict(body: unknown): body is SegmentConflict {
  return !!body && typeof body === 'object' && 'segment' in body && 'message' in body;
}

/** PUT a segment; a 409 with the segment as it now is comes back as a conflict, not an error. */
export async function saveSegment(segmentId: number, draft: Draft): Promise<SaveResult> {
  try {
    const answer = await request<SegmentSaved>(`${BASE}/segments/${segmentId}`, {
      method: 'PUT',
      body: { json: draft },
    });
    return { kind: 'saved', answer };
  } catch (err) {
    if (err instanceof HttpError && err.status === 409 && isConflict(err.body))
      return { kind: 'conflict', conflict: err.body };
    if (err instanceof HttpError) return { kind: 'error', message: err.message, status: err.status };
    throw err;
  }
}

/** The same save as the page goes away: fetch keepalive outlives the page (a last flush on pagehide). */
export function saveSegmentOnLeave(segmentId: number, draft: Draft, csrf: Record<string, string>): void {
  void fetch(`${BASE}/segments/${segmentId}`, {
    method: 'PUT',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...csrf },
    body: JSON.stringify(draft),
  }).catch(() => {
    // the page is gone; the draft is still in localStorage and goes on the next visit
  });
}

export function deliverJob(projectId: number, acceptWarnings: boolean): Promise<ProjectDetail> {
  return http.postJson<ProjectDetail>(`${BASE}/projects/${projectId}/deliver`, { acceptWarnings });
}

export function xliffUrl(projectId: number): string {
  return `${BASE}/projects/${projectId}/xliff`;
}

export function importXliff(projectId: number, file: File): Promise<XliffImportResult> {
  const data = new FormData();
  data.append('file', file, file.name);
  return http.postMultipart<XliffImportResult>(`${BASE}/projects/${projectId}/xliff`, data);
}

export function addAnnotation(segmentId: number, body: AnnotationCreate): Promise<SegmentAnnotation> {
  return http.postJson<SegmentAnnotation>(`${BASE}/segments/${segmentId}/annotations`, body);
}

export function deleteAnnotation(id: number): Promise<unknown> {
  return request(`${BASE}/annotations/${id}`, { method: 'DELETE' });
}
