import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AffectedProject,
  DashboardAdditionalData,
  DashboardBalance,
  DashboardStatement,
  DashboardStatistics,
  LevelingAffectType,
  RecruitmentCheck,
} from '@parlance/shared';
import { http } from '../../app/http';

// The translator dashboard's calls (spec 2 section 7). Every card has its own query with no retry:
// a failing one stays quiet and never holds up the others (spec 2 section 8).

/** The query keys of the translator dashboard: each card its own, so that one failing never blocks the others. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  of: <T extends readonly unknown[]>(...parts: T) => ['dashboard', ...parts] as const,
};

export const statisticsQuery = queryOptions({
  queryKey: dashboardKeys.of('statistics'),
  queryFn: ({ signal }) =>
    http.get<{ results: DashboardStatistics }>('/api/2/dashboard/statistics', signal).then((b) => b.results),
});

export const additionalDataQuery = (pendingPage: number) =>
  queryOptions({
    queryKey: dashboardKeys.of('additional-data', pendingPage),
    queryFn: ({ signal }) =>
      http.get<DashboardAdditionalData>(`/api/2/dashboard/additional-data?pending_page=${pendingPage}`, signal),
    placeholderData: keepPreviousData,
  });

export const balanceQuery = (page: number, limit: number) =>
  queryOptions({
    queryKey: dashboardKeys.of('balance', page, limit),
    queryFn: ({ signal }) => http.get<DashboardBalance>(`/api/2/dashboard/balance?limit=${limit}&page=${page}`, signal),
    placeholderData: keepPreviousData,
  });

export const statementQuery = (page: number, limit: number) =>
  queryOptions({
    queryKey: dashboardKeys.of('statement', page, limit),
    queryFn: ({ signal }) =>
      http.get<DashboardStatement>(`/api/2/dashboard/statement?limit=${limit}&page=${page}`, signal),
    placeholderData: keepPreviousData,
  });

export const recruitmentQuery = queryOptions({
  queryKey: dashboardKeys.of('recruitment'),
  queryFn: ({ signal }) =>
    http.get<{ results: RecruitmentCheck }>('/api/2/recruitment/check', signal).then((b) => b.results),
});

export const affectedQuery = (translatorId: number, type: 'all' | LevelingAffectType, page: number) =>
  queryOptions({
    queryKey: dashboardKeys.of('affected', translatorId, type, page),
    queryFn: ({ signal }) =>
      http.get<{ data: AffectedProject[]; totalCount: number }>(
        `/api/2/leveling/${translatorId}/projects-affected?type=${type}&page=${page}&limit=5`,
        signal,
      ),
    placeholderData: keepPreviousData,
  });

const quiet = { retry: false, refetchOnWindowFocus: false } as const;

export const useStatistics = () => useQuery({ ...statisticsQuery, ...quiet });
export const useAdditionalData = (pendingPage: number) => useQuery({ ...additionalDataQuery(pendingPage), ...quiet });
export const useDashboardBalance = (page: number, limit: number) =>
  useQuery({ ...balanceQuery(page, limit), ...quiet });
export const useDashboardStatement = (page: number, limit: number) =>
  useQuery({ ...statementQuery(page, limit), ...quiet });
export const useRecruitment = () => useQuery({ ...recruitmentQuery, ...quiet });
export const useAffected = (translatorId: number, type: 'all' | LevelingAffectType, page: number) =>
  useQuery({ ...affectedQuery(translatorId, type, page), ...quiet });

/** POST /api/2/account/trans-inactive: the active flag, and a vacation only with both dates. */
export function useSetAvailability() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { inactive: boolean; vacation?: { from: string; to: string } | false }) =>
      http.postForm<{ status: 'OK'; active: boolean }>('/api/2/account/trans-inactive', {
        flag_value: input.inactive ? 1 : 0,
        ...(input.vacation ? { vacation_from: input.vacation.from, vacation_to: input.vacation.to } : {}),
        ...(input.vacation === false ? { vacation: 0 } : {}),
      }),
    onSettled: () => client.invalidateQueries({ queryKey: dashboardKeys.all }),
  });
}

/** POST /api/2/leveling/rejected-project */
export function useContest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { projectId: number; entityId: number; attribute: LevelingAffectType; reason: string }) =>
      http.postForm<{ status: 'OK'; message: string }>('/api/2/leveling/rejected-project', {
        project_id: input.projectId,
        entity_id: input.entityId,
        attribute: input.attribute,
        reason: input.reason,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: dashboardKeys.of('affected') }),
  });
}
