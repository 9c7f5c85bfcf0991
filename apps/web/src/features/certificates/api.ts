import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CertificatePublic, ProjectCertificate } from '@parlance/shared';
import { HttpError, http } from '../../app/http';

// Certificates of translation accuracy (ADR 0090): the public check by number, a project's
// certificate for its people, and the staff's revocation.

export const certificateKeys = {
  all: ['certificates'] as const,
  byNumber: (number: string) => ['certificates', 'number', number] as const,
  ofProject: (projectId: number) => ['certificates', 'project', projectId] as const,
};

export function usePublicCertificate(number: string) {
  return useQuery(
    queryOptions({
      queryKey: certificateKeys.byNumber(number),
      queryFn: ({ signal }) => http.get<CertificatePublic>(`/api/2/certificates/${encodeURIComponent(number)}`, signal),
      // a 404 is the answer, not a hiccup
      retry: (count, error) => !(error instanceof HttpError && error.status < 500) && count < 2,
    }),
  );
}

export function useProjectCertificate(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: certificateKeys.ofProject(projectId),
    queryFn: ({ signal }) =>
      http.get<ProjectCertificate>(`/api/2/projects/${projectId}/certificate`, signal).then((b) => b.certificate),
    enabled,
  });
}

export function useRevokeCertificate(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { number: string; reason: string }) =>
      http.postJson<ProjectCertificate>(`/api/2/admin/certificates/${encodeURIComponent(v.number)}/revoke`, {
        reason: v.reason,
      }),
    onSuccess: (answer) => client.setQueryData(certificateKeys.ofProject(projectId), answer.certificate),
    onSettled: () => void client.invalidateQueries({ queryKey: certificateKeys.all }),
  });
}
