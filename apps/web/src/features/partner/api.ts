import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PartnerReport } from '@parlance/shared';
import { http } from '../../app/http';
import { partnerKeys } from './keys';

// GET /api/2/account/partner?startDate&endDate (spec 2 section 7): loads only with both dates.

export interface PartnerView {
  from: string;
  to: string;
  page: number;
  limit: number;
}

export const partnerQuery = (view: PartnerView) =>
  queryOptions<PartnerReport>({
    queryKey: partnerKeys.report(view),
    queryFn: ({ signal }) => {
      const qs = new URLSearchParams({
        startDate: view.from,
        endDate: view.to,
        page: String(view.page),
        limit: String(view.limit),
      });
      return http.get<{ results: PartnerReport }>(`/api/2/account/partner?${qs}`, signal).then((b) => b.results);
    },
    placeholderData: keepPreviousData,
  });

export function usePartnerReport(view: PartnerView) {
  return useQuery({ ...partnerQuery(view), enabled: view.from !== '' && view.to !== '' && view.from <= view.to });
}
