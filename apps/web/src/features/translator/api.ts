import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProjectDetail, ProjectRow } from '@parlance/shared';
import { http, request } from '../../app/http';
import { myTeamKeys, translatorKeys } from './keys';
import { refreshAfterMove } from '../projects/api';

// The translator's calls: open jobs, the My Projects tabs, earnings,
// availability and My Team. Every list is its own query under ['translator', ...]: one that fails
// never blocks another, and taking a job refreshes them all.

export interface Paging {
  page: number;
  perPage: number;
}

/** A review that scored the translator's work (Reviews and Reviewed by QA/LL tabs). */
export interface ReviewSummary {
  kind: 'qa' | 'll' | 'cqr';
  score: number;
  comment: string | null;
  createdAt: string;
}

export type TranslatorRow = ProjectRow & { reviews?: ReviewSummary[] };
export interface TranslatorList {
  data: TranslatorRow[];
  totalCount: number;
}

function withQuery(path: string, params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') query.set(k, String(v));
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}

// ---- open jobs ----

export type OpenTab = 'available' | 'qa' | 'll';

const OPEN_LIST_PATHS: Record<OpenTab, string> = {
  available: '/api/2/job/open',
  qa: '/api/2/account/project/qa',
  ll: '/api/2/ll/inhouse/jobs',
};

export function openJobsQuery(tab: OpenTab, paging: Paging) {
  return queryOptions({
    queryKey: translatorKeys.openPage(tab, paging.page, paging.perPage),
    queryFn: ({ signal }) => http.get<TranslatorList>(withQuery(OPEN_LIST_PATHS[tab], { ...paging }), signal),
    placeholderData: keepPreviousData,
  });
}

/** How many QA and LL jobs the translator has: their tabs show only when there are some. */
export function useJobCounts() {
  const qa = useQuery({
    queryKey: translatorKeys.count('qa'),
    queryFn: ({ signal }) => http.get<{ count: number }>('/api/2/account/project/qa/count', signal),
    retry: false,
  });
  const ll = useQuery({
    queryKey: translatorKeys.count('ll'),
    queryFn: ({ signal }) => http.get<{ count: number }>('/api/2/ll/inhouse/jobs?count=true', signal),
    retry: false,
  });
  return { qa: qa.data?.count ?? 0, ll: ll.data?.count ?? 0 };
}

/** Take a job: the translation job of a PENDING project, or the editing job of one IN_REVIEW. */
export function takeJob(row: Pick<ProjectRow, 'id' | 'status'>): Promise<ProjectDetail> {
  const action = row.status === 'IN_REVIEW' ? 'take-edit' : 'take';
  return request<ProjectDetail>(`/api/2/job/${row.id}/${action}`, { method: 'POST' });
}

export function useTakeJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: takeJob,
    onSettled: () => refreshAfterMove(client),
  });
}

// ---- availability ----

export interface AvailabilityAnswer {
  status: 'OK';
  active: boolean;
}

/** GET /api/2/account/trans-inactive: the flag as stored (the switch's state after a reload). */
export const availabilityQuery = queryOptions({
  queryKey: translatorKeys.availability(),
  queryFn: ({ signal }) => http.get<{ active: boolean }>('/api/2/account/trans-inactive', signal),
});

export function setAvailability(active: boolean): Promise<AvailabilityAnswer> {
  // flag_value 1 marks the translator inactive, 0 active
  return http.postForm<AvailabilityAnswer>('/api/2/account/trans-inactive', { flag_value: active ? 0 : 1 });
}

// ---- My Projects tabs ----

export interface MyProjectsTab {
  /** the URL segment: /my-projects/{slug} */
  slug: string;
  label: string;
  path: string;
  params?: Record<string, string>;
  /** the rows carry review scores */
  reviews?: boolean;
}

export const MY_PROJECTS_TABS: readonly MyProjectsTab[] = [
  { slug: 'translator', label: 'Translator Projects', path: '/api/2/account/translator-projects' },
  { slug: 'reviews', label: 'Reviews', path: '/api/2/account/project/cqr/reviews', reviews: true },
  { slug: 'll-projects', label: 'LL Projects', path: '/api/2/ll/inhouse/jobs' },
  { slug: 'reviewed', label: 'Reviewed by QA/LL', path: '/api/2/account/translator-qa-ll-projects', reviews: true },
  {
    slug: 'opened',
    label: 'My Opened Projects',
    path: '/api/2/account/translator-projects',
    params: { scope: 'active' },
  },
  {
    slug: 'model-training',
    label: 'Model Training',
    path: '/api/2/account/translator-projects',
    params: { kind: 'model-training' },
  },
];

export function myProjectsQuery(tab: MyProjectsTab, paging: Paging) {
  return queryOptions({
    queryKey: translatorKeys.myProjects(tab.slug, paging.page, paging.perPage),
    queryFn: ({ signal }) => http.get<TranslatorList>(withQuery(tab.path, { ...tab.params, ...paging }), signal),
    placeholderData: keepPreviousData,
    // spec 1 §8: a failed list is silent; one retry is the app's default, keep it short here
    retry: false,
  });
}

export interface Earnings {
  pendingCredits: number;
  availableCredits: number;
}

export function useEarnings() {
  return useQuery({
    queryKey: translatorKeys.earnings(),
    queryFn: ({ signal }) => http.get<Earnings>('/api/2/account/earnings', signal),
    retry: false,
  });
}

// ---- My Team ----

export function useIsMyTeamMember(enabled: boolean) {
  return useQuery({
    queryKey: translatorKeys.isMyTeamMember(),
    queryFn: ({ signal }) =>
      http.get<{ translatorIsMyTeamMember: boolean }>('/api/2/is-my-team-member', signal).then((b) => b),
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

export interface MyTeamCustomer {
  id: number;
  name: string;
  company: string | null;
  country: string | null;
  projectsCount: number;
  lastProjectAt: string | null;
}

export function myTeamCustomersQuery(translatorId: number, query: string, paging: Paging) {
  return queryOptions({
    queryKey: translatorKeys.myTeamCustomers(translatorId, query, paging.page, paging.perPage),
    queryFn: ({ signal }) =>
      http.get<{ data: MyTeamCustomer[]; totalCount: number }>(
        withQuery(`/api/2/translator/my-team-customers/${translatorId}`, { query, ...paging }),
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

// ---- a customer's My Team (preferred translators) ----

export interface MyTeamTranslator {
  id: number;
  name: string;
  country: string | null;
  level: number;
  addedAt: string;
}

export interface MyTeamAnswer {
  data: MyTeamTranslator[];
  totalCount: number;
}

export function myTeamQuery(paging: Paging) {
  return queryOptions({
    queryKey: myTeamKeys.page(paging.page, paging.perPage),
    queryFn: ({ signal }) => http.get<MyTeamAnswer>(withQuery('/api/2/account/my-team', { ...paging }), signal),
    placeholderData: keepPreviousData,
  });
}

export function useAddToMyTeam() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (translatorId: number) => http.postJson<MyTeamAnswer>('/api/2/account/my-team', { translatorId }),
    onSuccess: () => client.invalidateQueries({ queryKey: myTeamKeys.all }),
  });
}

export function useRemoveFromMyTeam() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (translatorId: number) =>
      request<MyTeamAnswer>(`/api/2/account/my-team/${translatorId}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: myTeamKeys.all }),
  });
}
