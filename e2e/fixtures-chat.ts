import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';

// Team chats between a test's own accounts, made through the chat API the chat page uses (a bearer
// token of GET /api/2/auth/token). The customer must have the members in their My Team first
// (fixtures-projects.ts addToMyTeam): team groups are made of a customer's contacts.

/** The chat API's bearer token for the signed-in account. */
export async function chatBearer(api: APIRequestContext): Promise<string> {
  const res = await api.get('/api/2/auth/token');
  expect(res.ok(), `GET /api/2/auth/token answered ${res.status()}`).toBeTruthy();
  return ((await res.json()) as { results: { jwt: { access_token: string } } }).results.jwt.access_token;
}

/** A customer's new team group with these members (POST /chat/api/chats); answers its id. */
export async function newTeamChat(owner: APIRequestContext, title: string, memberIds: number[]): Promise<number> {
  const res = await owner.post('/chat/api/chats', {
    headers: { authorization: `Bearer ${await chatBearer(owner)}` },
    data: { title, members: memberIds.map((id) => ({ id })) },
  });
  expect(res.status(), `creating the chat answered ${res.status()} ${await res.text()}`).toBe(201);
  return ((await res.json()) as { chatId: number }).chatId;
}

/** Sends a text message to a chat (POST /chat/api/direct-messages), as the composer does. */
export async function sendChatMessage(api: APIRequestContext, chatId: number, text: string): Promise<void> {
  const res = await api.post('/chat/api/direct-messages', {
    headers: { authorization: `Bearer ${await chatBearer(api)}` },
    data: { chat: { id: chatId }, text },
  });
  expect(res.ok(), `sending a chat message answered ${res.status()} ${await res.text()}`).toBeTruthy();
}
