// The query keys of the workbench (one factory, so that every invalidation names what it refreshes).
export const workbenchKeys = {
  all: ['workbench'] as const,
  jobs: () => [...workbenchKeys.all, 'jobs'] as const,
  job: (projectId: number) => [...workbenchKeys.all, 'job', projectId] as const,
  suggestions: (segmentId: number) => [...workbenchKeys.all, 'suggestions', segmentId] as const,
  qa: (projectId: number) => [...workbenchKeys.all, 'qa', projectId] as const,
};
