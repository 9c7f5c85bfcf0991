import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  GlossaryFile,
  SharedMemoryGroup,
  TerminologySet,
  TerminologyTerm,
  TmImport,
  TmLanguage,
} from '@parlance/shared';
import { http, request } from '../../app/http';
import { languageAssetKeys } from './keys';

// Fetchers and query hooks of the terminology, glossary and translation-memory sections.

interface Page<T> {
  results: T[];
  totalCount: number;
}

export const terminologyListQuery = (page: number, limit: number) =>
  queryOptions({
    queryKey: languageAssetKeys.of('terminology', page, limit),
    queryFn: ({ signal }) => http.get<Page<TerminologySet>>(`/terminology/list?page=${page}&limit=${limit}`, signal),
    placeholderData: keepPreviousData,
  });

export interface TermsPage {
  set: TerminologySet;
  terms: TerminologyTerm[];
  totalCount: number;
}

export const termsQuery = (srcLang: string, tarLang: string, page: number, limit: number) =>
  queryOptions<TermsPage>({
    queryKey: languageAssetKeys.of('terms', srcLang, tarLang, page, limit),
    queryFn: ({ signal }) =>
      http
        .get<{ results: TermsPage }>(
          `/terminology?srcLang=${encodeURIComponent(srcLang)}&tarLang=${encodeURIComponent(tarLang)}&page=${page}&limit=${limit}`,
          signal,
        )
        .then((b) => b.results),
    placeholderData: keepPreviousData,
  });

export const tmLanguagesQuery = queryOptions({
  queryKey: languageAssetKeys.of('tm-languages'),
  queryFn: ({ signal }) => http.get<{ results: TmLanguage[] }>('/tmx/getxtmlanguages', signal).then((b) => b.results),
});

export const tmImportsQuery = (page: number, limit: number) =>
  queryOptions({
    queryKey: languageAssetKeys.of('tm-imports', page, limit),
    queryFn: ({ signal }) => http.get<Page<TmImport>>(`/api/2/account/tmx/imports?page=${page}&limit=${limit}`, signal),
    placeholderData: keepPreviousData,
  });

export const glossaryQuery = (userId: number, page: number, limit: number) =>
  queryOptions({
    queryKey: languageAssetKeys.of('glossary', userId, page, limit),
    queryFn: ({ signal }) =>
      http.get<Page<GlossaryFile>>(`/api/2/account/${userId}/glossary?page=${page}&limit=${limit}`, signal),
    placeholderData: keepPreviousData,
  });

export const sharedMapQuery = (userId: number) =>
  queryOptions({
    queryKey: languageAssetKeys.of('cat-tool-map', userId),
    queryFn: ({ signal }) =>
      http
        .get<{ results: { id: number; groups: SharedMemoryGroup[] } }>(`/api/2/account/cat-tool-map/${userId}`, signal)
        .then((b) => b.results.groups),
  });

export const projectMemoryQuery = (projectId: number) =>
  queryOptions({
    queryKey: languageAssetKeys.of('project-memory', projectId),
    queryFn: ({ signal }) =>
      http
        .get<{ results: { available: boolean; languages: TmLanguage[]; downloadUrl: string } }>(
          `/api/2/projects/${projectId}/translation-memory`,
          signal,
        )
        .then((b) => b.results),
    retry: false,
  });

function useAssetMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => void client.invalidateQueries({ queryKey: languageAssetKeys.all }),
  });
}

export const useImportTerminology = () =>
  useAssetMutation(
    ({ srcLang, tarLang, replace, file }: { srcLang: string; tarLang: string; replace: boolean; file: File }) => {
      const data = new FormData();
      data.append('srcLang', srcLang);
      data.append('tarLang', tarLang);
      if (replace) data.append('replace', '1');
      data.append('file', file);
      return http.postMultipart<{ message: string; results: TerminologySet }>('/terminology/import', data);
    },
  );

export const useDeleteTerminology = () =>
  useAssetMutation((ids: number[]) =>
    request<{ message: string }>(`/terminology/delete?${ids.map((id) => `ids[]=${id}`).join('&')}`, {
      method: 'DELETE',
    }),
  );

export const useImportTmx = () =>
  useAssetMutation((file: File) => {
    const data = new FormData();
    data.append('file', file);
    return http.postMultipart<{ message: string; results: TmImport }>('/tmx/import', data);
  });

export const useDeleteTmImport = () =>
  useAssetMutation((id: number) =>
    request<{ message: string }>(`/api/2/account/tmx/imports/${id}`, { method: 'DELETE' }),
  );

export const useUploadGlossary = (userId: number) =>
  useAssetMutation((file: File) => {
    const data = new FormData();
    data.append('file', file);
    return http.postMultipart<{ message: string; results: GlossaryFile }>(`/api/2/account/${userId}/glossary`, data);
  });

export const useDeleteGlossary = (userId: number) =>
  useAssetMutation((id: number) =>
    request<{ message: string }>(`/api/2/account/${userId}/glossary/${id}`, { method: 'DELETE' }),
  );

export const useCreateGroup = (userId: number) =>
  useAssetMutation((name: string) =>
    http.postForm<{ message: string }>(`/api/2/account/cat-tool-map/${userId}/group`, { name }),
  );

export const useDeleteGroup = (userId: number) =>
  useAssetMutation((groupId: number) =>
    request<{ message: string }>(`/api/2/account/cat-tool-map/${userId}/group`, {
      method: 'DELETE',
      body: { json: { group_id: groupId } },
    }),
  );

export const useAddMember = (userId: number) =>
  useAssetMutation(({ groupId, email }: { groupId: number; email: string }) =>
    http.postForm<{ message: string }>(`/api/2/account/cat-tool-map/${userId}/group/user`, {
      group_id: groupId,
      email,
    }),
  );

export const useRemoveMember = (userId: number) =>
  useAssetMutation(({ groupId, memberId }: { groupId: number; memberId: number }) =>
    request<{ message: string }>(`/api/2/account/cat-tool-map/${userId}/group/user`, {
      method: 'DELETE',
      body: { json: { group_id: groupId, user_id: memberId } },
    }),
  );
