import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CreditActionType, Statement } from '@parlance/shared';
import { http } from '../../app/http';
import { statementKeys } from './keys';

// Statement calls (spec 2 section 7): GET /api/2/credit_action/types and /api/2/account/statement/get.

export interface StatementView {
  from: string;
  to: string;
  type: CreditActionType | '';
  /** language slugs and a tag ('' for all) */
  sourceLang: string;
  targetLang: string;
  tag: string;
  page: number;
  limit: number;
  sortBy: 'date' | 'amount';
  sortDirection: 'asc' | 'desc';
}

export const creditActionTypesQuery = queryOptions({
  queryKey: statementKeys.actionTypes,
  queryFn: ({ signal }) =>
    http
      .get<{ results: { id: CreditActionType; name: string }[] }>('/api/2/credit_action/types', signal)
      .then((b) => b.results),
  staleTime: Number.POSITIVE_INFINITY,
});

export const statementQuery = (view: StatementView) =>
  queryOptions({
    queryKey: statementKeys.view(view),
    queryFn: ({ signal }) => {
      const qs = new URLSearchParams({
        date_from: view.from,
        date_to: view.to,
        action_type: view.type,
        source_lang: view.sourceLang,
        target_lang: view.targetLang,
        tag_id: view.tag,
        cpage: String(view.page),
        limit: String(view.limit),
        sortBy: view.sortBy,
        sortDirection: view.sortDirection,
      });
      return http.get<Statement>(`/api/2/account/statement/get?${qs}`, signal);
    },
    placeholderData: keepPreviousData,
  });

/** Loads only when both dates are set (spec 2 section 5). */
export function useStatement(view: StatementView) {
  return useQuery({ ...statementQuery(view), enabled: view.from !== '' && view.to !== '' && view.from <= view.to });
}

/** GET /api/2/account/tags: the customer's project tags (a tag's id is the tag). */
export function useAccountTags(enabled: boolean) {
  return useQuery({
    queryKey: statementKeys.accountTags,
    queryFn: ({ signal }) =>
      http.get<{ results: { id: string; name: string }[] }>('/api/2/account/tags', signal).then((b) => b.results),
    enabled,
  });
}

export function useCreditActionTypes() {
  return useQuery(creditActionTypesQuery);
}
