// The query keys of projects (one factory, so that every invalidation names what it refreshes).
export const projectKeys = {
  all: ['projects'] as const,
  customerLists: () => [...projectKeys.all, 'customer-list'] as const,
  customerList: (query: unknown) => [...projectKeys.customerLists(), query] as const,
  tags: () => [...projectKeys.all, 'tags'] as const,
  detail: (id: number) => [...projectKeys.all, 'detail', id] as const,
  customerCounts: () => [...projectKeys.all, 'customer-counts'] as const,
  sharedMemory: (projectId: number) => [...projectKeys.all, projectId, 'shared-memory'] as const,
};

export const qualityReportKeys = {
  report: (projectId: string, resourceUuid: string, kind: string) =>
    ['quality-report', projectId, resourceUuid, kind] as const,
  ofJob: (jobId: number) => ['quality-reports', jobId] as const,
  reviewedFiles: (reviewedId: number | null) => ['reviewed-files', reviewedId] as const,
};
