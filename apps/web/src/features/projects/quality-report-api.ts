import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobQualityReports, ProjectDetail, QualityReportAnswer, QualityReportSave } from '@parlance/shared';
import { http, request } from '../../app/http';
import { qualityReportKeys } from './keys';
import { sessionKeys } from '../../app/current-user';

// The quality report editors' calls (ADR 0089).

export interface ReportRef {
  projectId: string;
  resourceUuid: string;
  kind: 'free' | 'detailed';
}

const reportPath = (r: ReportRef) =>
  `/api/2/quality-report?project_id=${encodeURIComponent(r.projectId)}&resource_uuid=${encodeURIComponent(r.resourceUuid)}&kind=${r.kind}`;

const qualityReportQuery = (ref: ReportRef) =>
  queryOptions({
    queryKey: qualityReportKeys.report(ref.projectId, ref.resourceUuid, ref.kind),
    queryFn: ({ signal }) => http.get<{ results: QualityReportAnswer }>(reportPath(ref), signal).then((r) => r.results),
    retry: false,
  });

export function useQualityReport(ref: ReportRef) {
  return useQuery(qualityReportQuery(ref));
}

/** Saves a report; the editor's csrftoken (from its query string) goes with it as the CSRF header. */
export function useSaveQualityReport(ref: ReportRef, csrftoken: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: QualityReportSave) =>
      request<{ results: QualityReportAnswer }>('/api/2/quality-report', {
        body: { json: body },
        headers: csrftoken ? { 'x-csrf-token': csrftoken } : {},
      }),
    onSuccess: (answer) => {
      client.setQueryData(['quality-report', ref.projectId, ref.resourceUuid, ref.kind], answer.results);
      client.invalidateQueries({ queryKey: qualityReportKeys.ofJob(Number(ref.projectId)) });
    },
  });
}

/** Every report of a job (and their errors added up), for the review panel. */
export function useJobQualityReports(jobId: number) {
  return useQuery({
    queryKey: qualityReportKeys.ofJob(jobId),
    queryFn: ({ signal }) =>
      http
        .get<{ results: JobQualityReports }>(`/api/2/projects/${jobId}/quality-reports`, signal)
        .then((r) => r.results),
  });
}

/** The reviewed project's files (the reviewer reads them while the job is open or done). */
export function useReviewedFiles(reviewedId: number | null) {
  return useQuery({
    queryKey: qualityReportKeys.reviewedFiles(reviewedId),
    queryFn: ({ signal }) => http.get<ProjectDetail>(`/api/2/projects/${reviewedId}`, signal).then((p) => p.files),
    enabled: reviewedId !== null,
  });
}

/** The session's CSRF token, to put in the editors' links as the spec's csrftoken. */
export function useCsrfToken() {
  return useQuery({
    queryKey: sessionKeys.csrf,
    queryFn: ({ signal }) =>
      http
        .get<{ results: { CSRFToken?: string } }>('/registry/get?data=Session', signal)
        .then((r) => r.results.CSRFToken ?? ''),
    staleTime: 60_000,
  });
}
