import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Networks,
  NetworksInput,
  PublicProfile,
  TelegramSubscription,
  TranscriptionSkills,
} from '@parlance/shared';
import { http } from '../../app/http';
import { profileKeys } from './keys';

// The remaining profile calls (spec 2 section 7): social networks, transcription skill, Telegram
// notifications, the SMS code resend, and the public profile of /profile/show.

export const networksQuery = queryOptions({
  queryKey: profileKeys.of('networks'),
  queryFn: ({ signal }) => http.get<{ results: Networks }>('/api/2/account/networks', signal).then((b) => b.results),
});

export function useSaveNetworks() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NetworksInput) =>
      http.postForm<{ networks: Networks }>('/userService/updateNetworksInfo', { ...input }),
    onSuccess: (answer) => {
      client.setQueryData(networksQuery.queryKey, answer.networks);
      void client.invalidateQueries({ queryKey: profileKeys.of('public') });
    },
  });
}

export const transcriptionQuery = queryOptions({
  queryKey: profileKeys.of('transcription'),
  queryFn: ({ signal }) =>
    http.get<{ results: TranscriptionSkills }>('/api/2/account/transcription-skills', signal).then((b) => b.results),
});

export function useSetTranscriptionSkill(uid: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ lang, cancel }: { lang: string; cancel?: boolean }) =>
      http.postForm<{ results: TranscriptionSkills }>('/userService/setTranscriptionSkill', {
        uid,
        lang,
        status: cancel ? 'cancel' : undefined,
      }),
    onSuccess: (answer) => client.setQueryData(transcriptionQuery.queryKey, answer.results),
  });
}

export const sendSmsVerification = (phone?: string) =>
  http.postForm<{ message: string; phone: string }>('/userService/sendSMSVerification', { phone });

export const telegramQuery = queryOptions({
  queryKey: profileKeys.of('telegram'),
  queryFn: ({ signal }) =>
    http.get<{ results: TelegramSubscription }>('/telegram/subscription', signal).then((b) => b.results),
});

function useTelegramMutation<T>(call: (input: T) => Promise<{ results: TelegramSubscription }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => client.setQueryData(telegramQuery.queryKey, answer.results),
  });
}

export const useSetTelegramSubscription = () =>
  useTelegramMutation((on: boolean) =>
    http.postForm<{ results: TelegramSubscription }>('/telegram/subscription', { has_subscribed: on ? '1' : '0' }),
  );

/** Sandbox only: stands in for pressing Start in the bot. */
export const useSandboxStart = () =>
  useTelegramMutation((code: string) =>
    http.postForm<{ results: TelegramSubscription }>('/api/2/telegram/sandbox/start', { code }),
  );

export const smsTelegramLink = () => http.postForm<{ message: string }>('/telegram/sms', {});

export const publicProfileQuery = (userId: number | null) =>
  queryOptions({
    queryKey: profileKeys.of('public', userId ?? 'me'),
    queryFn: ({ signal }) =>
      http
        .get<{ results: PublicProfile }>(`/api/2/account/public-profile${userId ? `?user_id=${userId}` : ''}`, signal)
        .then((b) => b.results),
  });
