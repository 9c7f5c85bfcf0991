import { type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChatAttachment,
  ChatFile,
  ChatHistoryPage,
  ChatListEntry,
  ChatFoundMessage,
  ChatMessage,
  ChatUpload,
  ChatUser as SharedChatUser,
} from '@parlance/shared';
import { authTokenQuery } from '../../app/auth-token';
import { request, type RequestOptions } from '../../app/http';
import { startDownload } from '../../ui/download';
import { chatKeys } from './keys';

// The team chat's calls (spec 3 section 7), all with the bearer token of GET /api/2/auth/token.
// An admin acting for a customer passes `customer` (the admin variant of the base).

export const CHAT_API = '/chat/api';

// The answers' types are inferred from the shared zod schemas the server answers with.
export type ChatUser = SharedChatUser;

/** a row of the chat list (packages/shared chat.ts) */
export type Chat = ChatListEntry;

export type Attachment = ChatAttachment;

export type Message = ChatMessage;
/** A search result: the message and its text around the matched words. */
export type FoundMessage = ChatFoundMessage;

export type HistoryPage = ChatHistoryPage;

export async function chatToken(client: QueryClient): Promise<string> {
  const token = await client.fetchQuery(authTokenQuery);
  return token.jwt.access_token;
}

export async function chatCall<T>(client: QueryClient, path: string, opts: RequestOptions = {}): Promise<T> {
  const token = await chatToken(client);
  return request<T>(path, { ...opts, headers: { ...opts.headers, Authorization: `Bearer ${token}` } });
}

export { chatKeys } from './keys';

const customerQuery = (customer?: number) => (customer ? `?customer=${customer}` : '');

export function useChats(customer?: number) {
  const client = useQueryClient();
  return useQuery({
    queryKey: chatKeys.list(customer),
    queryFn: () =>
      chatCall<{ data: Chat[] }>(client, `${CHAT_API}/chats${customerQuery(customer)}`).then((b) => b.data),
  });
}

/** Where a history request starts: page 1 (the newest), then just before the oldest message loaded. */
export type HistoryParam = { page: number } | { before: number };

/** History newest first; older pages by the before-cursor, so a deep scroll costs what page 1 costs and new messages do not shift it. */
export function useHistory(chatId: number | null) {
  const client = useQueryClient();
  return useInfiniteQuery({
    queryKey: chatKeys.messages(chatId ?? 0),
    enabled: chatId !== null,
    initialPageParam: { page: 1 } as HistoryParam,
    queryFn: ({ pageParam }) =>
      chatCall<HistoryPage>(
        client,
        `${CHAT_API}/chats/${chatId}/messages?${'before' in pageParam ? `before=${pageParam.before}` : `page=${pageParam.page}`}`,
      ),
    getNextPageParam: (last): HistoryParam | undefined =>
      last.hasMore && last.data.length > 0 ? { before: last.data[0].id } : undefined,
  });
}

export function usePinned(chatId: number) {
  const client = useQueryClient();
  return useQuery({
    queryKey: chatKeys.pinned(chatId),
    queryFn: () =>
      chatCall<{ data: Message[] }>(client, `${CHAT_API}/chats/${chatId}/pinnedMessages`).then((b) => b.data),
  });
}

export function useMembers(chatId: number, enabled: boolean) {
  const client = useQueryClient();
  return useQuery({
    queryKey: chatKeys.members(chatId),
    enabled,
    queryFn: () =>
      chatCall<{ data: { user: ChatUser }[] }>(client, `${CHAT_API}/chat-members/${chatId}`).then((b) => b.data),
  });
}

export function useFiles(chatId: number, enabled: boolean) {
  const client = useQueryClient();
  return useQuery({
    queryKey: chatKeys.files(chatId),
    enabled,
    queryFn: () => chatCall<{ data: ChatFile[] }>(client, `${CHAT_API}/chat-attachments/${chatId}`).then((b) => b.data),
  });
}

export function useContacts(customer?: number) {
  const client = useQueryClient();
  return useQuery({
    queryKey: chatKeys.contacts(customer),
    queryFn: () =>
      chatCall<{ data: { user: ChatUser }[] }>(
        client,
        customer ? `${CHAT_API}/admin/user-contacts/${customer}` : `${CHAT_API}/my-contacts`,
      ).then((b) => b.data.map((c) => c.user)),
  });
}

/** Every chat query of the screen, after a change that may touch several. */
export function refreshChat(client: QueryClient, chatId?: number) {
  void client.invalidateQueries({ queryKey: chatKeys.lists() });
  void client.invalidateQueries({ queryKey: chatKeys.notifications });
  if (chatId) {
    void client.invalidateQueries({ queryKey: chatKeys.messages(chatId) });
    void client.invalidateQueries({ queryKey: chatKeys.pinned(chatId) });
  }
}

export function useChatMutation<V, R = unknown>(fn: (client: QueryClient, vars: V) => Promise<R>, chatId?: number) {
  const client = useQueryClient();
  return useMutation<R, Error, V>({
    mutationFn: (vars) => fn(client, vars),
    onSuccess: () => refreshChat(client, chatId),
  });
}

export function uploadFile(client: QueryClient, file: File) {
  const form = new FormData();
  form.append('file', file);
  return chatCall<ChatUpload>(client, '/file-storage/api/files', {
    method: 'POST',
    body: { multipart: form },
  });
}

export async function downloadFile(client: QueryClient, file: { id: number; originalName: string }) {
  const token = await chatToken(client);
  const res = await fetch(`/file-storage/api/files/${file.id}/download`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error('Download failed');
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  startDownload(url, file.originalName);
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function formatSize(bytes: number): string {
  const units = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];
  if (bytes === 0) return '0 Bytes';
  const i = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  return `${Number.parseFloat((bytes / 1024 ** i).toFixed(2))} ${units[i]}`;
}
