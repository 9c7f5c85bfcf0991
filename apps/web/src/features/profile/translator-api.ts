import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AboutMeInput,
  AvailabilityInput,
  LanguageInfoInput,
  OwnVoiceSample,
  ProfileWizard,
  RefereesInput,
  SoftwareServicesInput,
  TranslatorProfile,
  UploadKind,
} from '@parlance/shared';
import { UPLOAD_KINDS } from '@parlance/shared';
import { http, request } from '../../app/http';
import { profileKeys } from './keys';

// The translator's profile calls (spec 2 section 7): every change answers the whole profile,
// which replaces the cached one; the walk-through is refetched after each change.

type ProfileAnswer = { status: 'OK'; profile: TranslatorProfile };

export const translatorProfileQuery = queryOptions({
  queryKey: profileKeys.of('translator'),
  queryFn: ({ signal }) => http.get<ProfileAnswer>('/api/2/account/translator-profile', signal).then((b) => b.profile),
});

export const profileWizardQuery = queryOptions({
  queryKey: profileKeys.of('wizard'),
  queryFn: ({ signal }) =>
    http.get<{ results: ProfileWizard }>('/api/2/profilewizard?flow=1', signal).then((b) => b.results),
});

export const timeZonesQuery = queryOptions({
  queryKey: profileKeys.of('time-zones'),
  queryFn: ({ signal }) =>
    http.get<{ list: { id: string; name: string }[] }>('/userService/getTimeZones', signal).then((b) => b.list),
  staleTime: Number.POSITIVE_INFINITY,
});

function useProfileMutation<T>(call: (input: T) => Promise<ProfileAnswer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      client.setQueryData(translatorProfileQuery.queryKey, answer.profile);
      void client.invalidateQueries({ queryKey: profileWizardQuery.queryKey });
    },
  });
}

export const useSaveLanguageInfo = () =>
  useProfileMutation((input: LanguageInfoInput) =>
    http.postForm<ProfileAnswer>('/userService/addLanguageInfo', {
      nativeLan: input.nativeLan,
      nativeLan2: input.nativeLan2,
    }),
  );

export const useLanguagePair = () =>
  useProfileMutation(({ add, source, target }: { add: boolean; source: number; target: number }) =>
    request<ProfileAnswer>(
      `/service/${add ? 'addLanguagePairToUserSkills' : 'removeLanguagePairFromUserSkills'}?source_id=${source}&target_id=${target}`,
      { changesState: true },
    ),
  );

export const useExpertise = () =>
  useProfileMutation(({ add, id }: { add: boolean; id: number }) =>
    request<ProfileAnswer>(`/service/${add ? 'addExpertiseToUser' : 'removeExpertiseForUser'}?expertise_id=${id}`, {
      changesState: true,
    }),
  );

export const useExpertOnly = () =>
  useProfileMutation((value: boolean) =>
    http.postForm<ProfileAnswer>('/userService/checkExpertOnlyFlag', { is_only_expert: value ? '1' : '0' }),
  );

export const useSaveBio = () =>
  useProfileMutation((input: AboutMeInput) => http.postForm<ProfileAnswer>('/userService/addAboutMeInfo', input));

export const useSaveAvailability = () =>
  useProfileMutation((input: AvailabilityInput) =>
    http.postForm<ProfileAnswer>('/userService/addAvailabilityInfo', { ...input }),
  );

export const useSaveReferees = () =>
  useProfileMutation((input: RefereesInput) => http.postJson<ProfileAnswer>('/userService/addRefereesInfo', input));

export const useSaveSoftwareServices = () =>
  useProfileMutation((input: SoftwareServicesInput) =>
    http.postJson<ProfileAnswer>('/userService/saveSoftwareService', input),
  );

export const useUpload = () =>
  useProfileMutation(({ kind, file }: { kind: UploadKind; file: File }) => {
    const data = new FormData();
    data.append('file', file);
    return http.postMultipart<ProfileAnswer>(`/service/${UPLOAD_KINDS[kind].path}`, data);
  });

export function useDeleteUpload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request<{ status: 'OK' }>(`/api/2/account/uploads/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: translatorProfileQuery.queryKey });
      void client.invalidateQueries({ queryKey: profileWizardQuery.queryKey });
    },
  });
}

// ---- voice-over samples ----

type VoiceSamplesAnswer = { status: 'OK'; list: OwnVoiceSample[] };

export const voiceSamplesQuery = queryOptions({
  queryKey: profileKeys.of('voice-samples'),
  queryFn: ({ signal }) =>
    http.get<VoiceSamplesAnswer>('/api/2/account/voice-samples', signal).then((answer) => answer.list),
});

function useVoiceSampleMutation<T>(call: (input: T) => Promise<VoiceSamplesAnswer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => client.setQueryData(voiceSamplesQuery.queryKey, answer.list),
  });
}

export const useUploadVoiceSample = () =>
  useVoiceSampleMutation(({ language, file }: { language: string; file: File }) => {
    const data = new FormData();
    // the language before the file: the server reads fields that come ahead of it
    data.append('language', language);
    data.append('file', file);
    return http.postMultipart<VoiceSamplesAnswer>('/service/uploadVoiceSample', data);
  });

export const useDeleteVoiceSample = () =>
  useVoiceSampleMutation((id: number) =>
    request<VoiceSamplesAnswer>(`/api/2/account/voice-samples/${id}`, { method: 'DELETE' }),
  );
