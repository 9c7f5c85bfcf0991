import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { VoiceList } from '@parlance/shared';
import { http } from '../../app/http';
import { voiceKeys } from './keys';
import { myTeamKeys } from '../translator/keys';
import { profileKeys } from '../profile/keys';

// The voices of /voice (GET /api/2/voices) and making a voice a preferred translator (My Team).

export { messageOf } from '../../app/http';

export interface VoiceFilter {
  language: string;
  page: number;
  perPage: number;
}

export function voicesQuery(filter: VoiceFilter) {
  const params = new URLSearchParams({ page: String(filter.page), perPage: String(filter.perPage) });
  if (filter.language) params.set('language', filter.language);
  return queryOptions({
    queryKey: voiceKeys.page(filter.language, filter.page, filter.perPage),
    queryFn: ({ signal }) => http.get<VoiceList>(`/api/2/voices?${params}`, signal),
    placeholderData: keepPreviousData,
  });
}

/** Adds the voice's translator to the customer's preferred translators (again: no change). */
export function usePreferVoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (translatorId: number) => http.postJson<unknown>('/api/2/account/my-team', { translatorId }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: voiceKeys.all });
      void client.invalidateQueries({ queryKey: myTeamKeys.all });
      void client.invalidateQueries({ queryKey: profileKeys.of('preferred') });
    },
  });
}
