import { keepPreviousData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LmAvailable, LmCapacity, LmProjectList, LmTile, LmTileCall } from '@parlance/shared';
import { authTokenQuery } from '../../app/auth-token';
import { HttpError, request } from '../../app/http';
import { lmKeys } from './keys';

// The dashboard's calls (spec 3 section 7). Every one carries the bearer token of
// GET /api/2/auth/token, as the spec says.

/** The filters of the main screen, as the calls take them. */
export interface DashboardFilters {
  sources: number[];
  targets: number[];
  client: string;
  /** seconds */
  from: number;
  to: number;
}

function params(filters: DashboardFilters, extra: Record<string, string | number | undefined> = {}): string {
  const q = new URLSearchParams();
  if (filters.sources.length) q.set('source_language_id', filters.sources.join(','));
  if (filters.targets.length) q.set('target_language_id', filters.targets.join(','));
  if (filters.client.trim()) q.set('client', filters.client.trim());
  q.set('date_from', String(filters.from));
  q.set('date_to', String(filters.to));
  for (const [k, v] of Object.entries(extra)) if (v !== undefined && v !== '') q.set(k, String(v));
  return q.toString();
}

/** A refused filter (4xx) will be refused again: show it at once instead of retrying. */
const retry = (count: number, error: Error) => !(error instanceof HttpError && error.status < 500) && count < 1;

async function bearerGet<T>(client: QueryClient, path: string, signal: AbortSignal): Promise<T> {
  const token = await client.fetchQuery(authTokenQuery);
  return request<T>(path, { signal, headers: { Authorization: `Bearer ${token.jwt.access_token}` } });
}

export function useTile(tile: LmTileCall, filters: DashboardFilters) {
  const client = useQueryClient();
  return useQuery<LmTile, Error>({
    queryKey: lmKeys.tile(tile, filters),
    queryFn: ({ signal }) =>
      bearerGet<{ results: LmTile }>(client, `/api/2/dashboard/projects/${tile}?${params(filters)}`, signal).then(
        (b) => b.results,
      ),
    placeholderData: keepPreviousData,
    retry,
  });
}

export function useAvailable(filters: DashboardFilters) {
  const client = useQueryClient();
  return useQuery<LmAvailable, Error>({
    queryKey: lmKeys.available(filters),
    queryFn: ({ signal }) =>
      bearerGet<{ results: LmAvailable }>(
        client,
        `/api/2/dashboard/users/available-translators?${params(filters)}`,
        signal,
      ).then((b) => b.results),
    placeholderData: keepPreviousData,
    retry,
  });
}

export interface ListParams {
  tileParams: Record<string, string>;
  type: 'editing' | 'myteam' | 'translation' | 'all';
  sort: 'id' | 'word_count' | 'expertise' | 'date_submition';
  order: 'asc' | 'desc';
  page: number;
}

export function useProjectList(filters: DashboardFilters, list: ListParams) {
  const client = useQueryClient();
  const { tileParams, ...rest } = list;
  return useQuery<LmProjectList, Error>({
    queryKey: lmKeys.list(filters, list),
    queryFn: ({ signal }) =>
      bearerGet<LmProjectList>(client, `/api/2/project/list?${params(filters, { ...tileParams, ...rest })}`, signal),
    placeholderData: keepPreviousData,
    retry,
  });
}

export function useCapacity(filters: DashboardFilters, page: number) {
  const client = useQueryClient();
  return useQuery<LmCapacity, Error>({
    queryKey: lmKeys.capacity(filters, page),
    queryFn: ({ signal }) =>
      bearerGet<LmCapacity>(client, `/api/2/dashboard/capacity?${params(filters, { page })}`, signal),
    placeholderData: keepPreviousData,
    retry,
  });
}
