import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectStatusFilter, Statement } from '@parlance/shared';
import { http } from '../../app/http';
import { projectKeys } from '../projects/keys';
import { translatorKeys } from '../translator/keys';

// What the customer's control panel shows: project counts per status and the latest statement
// lines (whose answer also carries the balance). Each loads on its own; a failure stays silent.

export type StatusCounts = Record<Exclude<ProjectStatusFilter, 'ALL'>, number>;

export const statusCountsQuery = queryOptions({
  queryKey: projectKeys.customerCounts(),
  queryFn: ({ signal }) =>
    http.get<{ results: StatusCounts }>('/api/2/account/customer-projects/counts', signal).then((b) => b.results),
});

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The newest lines of the last 90 days (the statement call needs a range). */
export const latestLinesQuery = queryOptions({
  queryKey: ['statement', 'latest'],
  queryFn: ({ signal }) => {
    const now = new Date();
    const from = new Date(now.getTime() - 90 * 86_400_000);
    return http.get<Statement>(
      `/api/2/account/statement/get?date_from=${isoDay(from)}&date_to=${isoDay(now)}&limit=10&cpage=1`,
      signal,
    );
  },
});

export function useStatusCounts(enabled: boolean) {
  return useQuery({ ...statusCountsQuery, enabled, retry: false });
}

export function useLatestLines(enabled: boolean) {
  return useQuery({ ...latestLinesQuery, enabled, retry: false });
}

export interface ProbationAnswer {
  onProbation: boolean;
  endsAt: string;
  completedProjects: number;
  projectsNeeded: number;
  minRating: number;
  params: { min_wordcount: number; max_wordcount: number | null; project_types: string[] };
}

/** The translator's probation state (GET /api/2/account/probation). */
export const probationQuery = queryOptions({
  queryKey: translatorKeys.probation(),
  queryFn: ({ signal }) =>
    http.get<{ results: ProbationAnswer }>('/api/2/account/probation', signal).then((b) => b.results),
  staleTime: 5 * 60_000,
});
