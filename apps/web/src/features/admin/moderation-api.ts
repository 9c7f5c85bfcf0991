import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ModerationItem, ModerationStatus, VocabularyLanguage, VocabularyWord } from '@parlance/shared';
import { http, request } from '../../app/http';
import { getPaged } from '../../app/http-paged';
import { moderationKeys } from './keys';

// The moderators' calls (spec 2 section 7): the moderation table and its decisions, and the
// banned-word vocabulary. Lists are bare arrays with their pagination in the response headers.

export interface ModerationFilters {
  status: '' | ModerationStatus;
  from: string;
  to: string;
  q: string;
  page: number;
  perPage: number;
}

function moderationSearchPath(f: ModerationFilters): string {
  const params = new URLSearchParams();
  if (f.status) params.set('status', f.status);
  if (f.from) params.set('from', f.from);
  if (f.to) params.set('to', f.to);
  if (f.q.trim()) params.set('q', f.q.trim());
  params.set('page', String(f.page));
  params.set('perPage', String(f.perPage));
  return `/moderation/api/moderations/search?${params}`;
}

export function useModerations(filters: ModerationFilters) {
  return useQuery({
    queryKey: moderationKeys.search(filters),
    queryFn: ({ signal }) => getPaged<ModerationItem>(moderationSearchPath(filters), signal),
    placeholderData: keepPreviousData,
  });
}

export function useModeration(id: number | null) {
  return useQuery({
    queryKey: moderationKeys.item(id),
    queryFn: ({ signal }) => http.get<ModerationItem>(`/moderation/api/moderations/${id}`, signal),
    enabled: id !== null,
  });
}

export function useDecide() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'approved' | 'declined' }) =>
      request<ModerationItem>(`/moderation/api/moderations/${id}`, { method: 'PATCH', body: { json: { status } } }),
    onSuccess: (item) => {
      qc.setQueryData(['moderation', 'item', item.id], item);
      void qc.invalidateQueries({ queryKey: moderationKeys.searches() });
    },
  });
}

// --- vocabulary ----------------------------------------------------------------------------------

export function useLanguages() {
  return useQuery({
    queryKey: moderationKeys.languages(),
    queryFn: ({ signal }) => http.get<VocabularyLanguage[]>('/moderation/api/languages', signal),
  });
}

export function useAddLanguage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (title: string) => http.postJson<VocabularyLanguage>('/moderation/api/languages', { title }),
    onSuccess: () => qc.invalidateQueries({ queryKey: moderationKeys.languages() }),
  });
}

export function useRenameLanguage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: number; title: string }) =>
      request<VocabularyLanguage>(`/moderation/api/languages/${id}`, { method: 'PATCH', body: { json: { title } } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}

/** A language's words, 30 a page; with a search term, the words containing it. */
export function useWords(language: number | null, term: string, page: number) {
  const t = term.trim();
  return useQuery({
    queryKey: moderationKeys.wordsPage(language, t, page),
    queryFn: ({ signal }) =>
      getPaged<VocabularyWord>(
        t
          ? `/moderation/api/search/word/${encodeURIComponent(t)}?language=${language}&page=${page}`
          : `/moderation/api/words/${language}?page=${page}`,
        signal,
      ),
    enabled: language !== null,
    placeholderData: keepPreviousData,
  });
}

export function useAddWord() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ title, language }: { title: string; language: number }) =>
      http.postJson<VocabularyWord>('/moderation/api/words', { title, language }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: moderationKeys.words() });
      void qc.invalidateQueries({ queryKey: moderationKeys.languages() });
    },
  });
}

export function useDeleteWord() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request<null>(`/moderation/api/words/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: moderationKeys.words() });
      void qc.invalidateQueries({ queryKey: moderationKeys.languages() });
    },
  });
}
