import type { ChatListEntry, ChatMessage, ChatUser } from '@parlance/shared';
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import {
  CHAT_LIMITS,
  CHAT_TEXTS,
  type ChatMessageStatus,
  chatTitleError,
  type ReactionType,
  SEARCH_MARK_END,
  SEARCH_MARK_START,
} from '@parlance/shared';
import { type Db, statementHandle, type Tx } from '../../db/client';
import {
  chatAttachments,
  chatEvents,
  chatMembers,
  chatMessages,
  chatNotifications,
  chatReactions,
  chats,
  myTeamMembers,
  users,
} from '../../db/schema';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import type { AuthContext, UserRow } from '../../platform/session';
import { audit } from '../../platform/audit';
import { realPerson } from '../../platform/permissions';
import { decideModeration } from '../../platform/moderation';
import { checkChatMessage, heldRowOf, holdChatMessage } from './moderation';
import { pageOfOrdinal, topOrdinalOfPage } from './history-pages';
import { can, chatRole } from './policy';
import { refreshSearchConfig } from './search-language';

// The team chat's business rules (spec 3). Every change that members must see runs in one
// transaction that takes the chat's next sequence number (the UPDATE locks the chat row, so numbers
// are gap-free and commit in order) and writes a chat_events row for its audience. The big reads
// outside transactions (the chat list, the chat and its page frame, history, search) run on the
// statement handle (db/client.ts): on both engines each query text is a named statement, planned
// once per connection, not on every request (planning them cost more than running them).

type Q = Db | Tx;
/**
 * Who reads or writes in the chat: the bearer token's user, and the whole request's AuthContext
 * for the capability rules (policy.ts). The platform's own system messages have no actor.
 */
export type Viewer = Pick<UserRow, 'id' | 'type' | 'isAdmin' | 'name'> & {
  actor?: AuthContext;
  /** the viewer's country: its national phone numbers count in the messages it sends */
  country?: string | null;
};

const MY_TEAM_TITLE = 'My Team';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

// ---------------------------------------------------------------- sequence and events

async function nextSeq(tx: Tx, chatId: number): Promise<number> {
  const [row] = await tx
    .update(chats)
    .set({ lastSeq: sql`${chats.lastSeq} + 1` })
    .where(eq(chats.id, chatId))
    .returning({ seq: chats.lastSeq });
  if (!row) throw notFound(CHAT_TEXTS.chatNotFound);
  return Number(row.seq);
}

/**
 * For a new message: the chat's next sequence number, the message's number in the chat (its
 * ordinal: gap-free because it is taken under the same row lock and rolls back with the message)
 * and the language the chat's messages are indexed in.
 */
async function nextMessageNumbers(tx: Tx, chatId: number) {
  const [row] = await tx
    .update(chats)
    .set({ lastSeq: sql`${chats.lastSeq} + 1`, lastOrdinal: sql`${chats.lastOrdinal} + 1` })
    .where(eq(chats.id, chatId))
    .returning({ seq: chats.lastSeq, ordinal: chats.lastOrdinal, searchConfig: chats.searchConfig });
  if (!row) throw notFound(CHAT_TEXTS.chatNotFound);
  return { seq: Number(row.seq), ordinal: Number(row.ordinal), searchConfig: row.searchConfig };
}

export async function memberIds(q: Q, chatId: number): Promise<number[]> {
  const rows = await q.select({ id: chatMembers.userId }).from(chatMembers).where(eq(chatMembers.chatId, chatId));
  return rows.map((r) => r.id);
}

async function adminMemberIds(q: Q, chatId: number): Promise<number[]> {
  const rows = await q
    .select({ id: users.id })
    .from(chatMembers)
    .innerJoin(users, eq(users.id, chatMembers.userId))
    .where(and(eq(chatMembers.chatId, chatId), sql`(${users.isAdmin} OR ${users.type} = 'admin')`));
  return rows.map((r) => r.id);
}

/** Writes one event with the chat's next number (or `seq` when the caller took it already). */
export async function emit(
  tx: Tx,
  chatId: number,
  type: string,
  payload: Record<string, unknown>,
  audience: number[],
  seq?: number,
): Promise<number> {
  const n = seq ?? (await nextSeq(tx, chatId));
  await tx
    .insert(chatEvents)
    .values({ chatId, seq: n, type, payload: { ...payload, chatId }, audience: [...new Set(audience)] });
  return n;
}

/**
 * Inside a change's transaction: locks the chat row and refuses when the chat was removed, so a
 * message, reaction or rename racing a removal either commits before it or is refused after it.
 */
async function requireOpen(tx: Tx, chatId: number): Promise<void> {
  const [row] = await tx.select({ deletedAt: chats.deletedAt }).from(chats).where(eq(chats.id, chatId)).for('update');
  if (!row) throw notFound(CHAT_TEXTS.chatNotFound);
  if (row.deletedAt) throw chatRemovedError();
}

/** A removed chat is read-only: what it answers to a change (409, the chat's state forbids it). */
export function chatRemovedError(): AppError {
  return new AppError(409, CHAT_TEXTS.chatRemoved);
}

// ---------------------------------------------------------------- access

export interface ChatRow {
  id: number;
  type: 'my-team' | 'custom';
  title: string;
  ownerId: number;
  deletedAt: Date | null;
  /** the language its messages are indexed in besides 'simple' */
  searchConfig: string;
}

/** The chat if the viewer is a member or an admin; otherwise 404 (an outsider learns nothing). */
export async function chatFor(q: Q, viewer: Viewer, chatId: number): Promise<ChatRow & { member: boolean }> {
  const [row] = await q
    .select({
      id: chats.id,
      type: chats.type,
      title: chats.title,
      ownerId: chats.ownerId,
      deletedAt: chats.deletedAt,
      searchConfig: sql<string>`${chats.searchConfig}::text`,
      member: sql<boolean>`EXISTS (SELECT 1 FROM chat_members m WHERE m.chat_id = ${chats.id} AND m.user_id = ${viewer.id})`,
    })
    .from(chats)
    .where(eq(chats.id, chatId));
  if (!row) throw notFound(CHAT_TEXTS.chatNotFound);
  const member = row.member === true || String(row.member) === 't' || String(row.member) === 'true';
  if (!member && chatRole(viewer) !== 'admin') throw notFound(CHAT_TEXTS.chatNotFound);
  return { ...row, member };
}

/** Messages a viewer may see: approved ones, their own, and (admins) all. */
function visibleSql(viewer: Viewer): SQL {
  if (chatRole(viewer) === 'admin') return sql`TRUE`;
  return sql`(${chatMessages.status} = 'approved' OR ${chatMessages.authorId} = ${viewer.id})`;
}

// ---------------------------------------------------------------- my-team chats

/**
 * A customer's My Team translators share one my-team chat with the customer: created when first
 * needed and kept in step (translators added to My Team join it).
 */
export async function syncMyTeamChats(db: Db, viewer: Viewer): Promise<void> {
  const role = chatRole(viewer);
  let customerIds: number[] = [];
  if (role === 'customer') customerIds = [viewer.id];
  else if (role === 'translator') {
    const rows = await db
      .select({ id: myTeamMembers.customerId })
      .from(myTeamMembers)
      .where(eq(myTeamMembers.translatorId, viewer.id));
    customerIds = rows.map((r) => r.id);
  }
  for (const customerId of customerIds) await syncMyTeamChat(db, customerId);
}

export async function syncMyTeamChat(db: Db, customerId: number): Promise<number | null> {
  const team = await db
    .select({ id: myTeamMembers.translatorId })
    .from(myTeamMembers)
    .where(eq(myTeamMembers.customerId, customerId));
  const [existing] = await db
    .select({ id: chats.id })
    .from(chats)
    .where(and(eq(chats.ownerId, customerId), eq(chats.type, 'my-team')));
  if (!existing && team.length === 0) return null;
  return db.transaction(async (tx) => {
    let chatId = existing?.id;
    if (!chatId) {
      const [created] = await tx
        .insert(chats)
        .values({ type: 'my-team', title: MY_TEAM_TITLE, ownerId: customerId })
        .onConflictDoNothing()
        .returning({ id: chats.id });
      if (!created) return null;
      chatId = created.id;
      await tx.insert(chatMembers).values({ chatId, userId: customerId }).onConflictDoNothing();
    }
    const have = new Set(await memberIds(tx, chatId));
    const missing = team.map((t) => t.id).filter((id) => !have.has(id));
    if (missing.length === 0) return chatId;
    await tx
      .insert(chatMembers)
      .values(missing.map((userId) => ({ chatId: chatId as number, userId })))
      .onConflictDoNothing();
    await refreshSearchConfig(tx, chatId);
    const audience = [...have, ...missing];
    for (const userId of missing) await emit(tx, chatId, 'member.added', { userId }, audience);
    return chatId;
  });
}

// ---------------------------------------------------------------- chats

export type { ChatListEntry };

interface ChatListRow {
  id: number;
  type: 'my-team' | 'custom';
  title: string;
  owner_id: number;
  owner_name: string;
  created_at: string | Date;
  deleted_at: string | Date | null;
  pinned_at: string | Date | null;
  last_seq: string | number;
  members_count: number;
  lm_id: string | number | null;
  lm_created_at: string | Date | null;
  lm_text: string | null;
  lm_author_id: number | null;
  lm_author_name: string | null;
  lm_attachment: string | null;
  unread_messages: number;
  unread_reactions: number;
}

const iso = (v: string | Date | null): string | null => (v == null ? null : new Date(v).toISOString());

/** Which chats a list covers: the viewer's own (a member), or (admins) a customer's. */
function chatScope(viewer: Viewer, customerId: number | undefined): SQL {
  return customerId !== undefined
    ? sql`(c.owner_id = ${customerId} OR EXISTS (SELECT 1 FROM chat_members x WHERE x.chat_id = c.id AND x.user_id = ${customerId}))`
    : sql`EXISTS (SELECT 1 FROM chat_members x WHERE x.chat_id = c.id AND x.user_id = ${viewer.id})`;
}

/** The chat list's order (pinned first, then the latest activity) and its bound. */
const CHAT_LIST_ORDER = sql`ORDER BY (me.pinned_at IS NOT NULL) DESC, c.last_activity_at DESC, c.id DESC LIMIT 500`;

/** The viewer's chats (or, for an admin, a customer's chats), in list order. */
export async function listChats(
  db: Db,
  viewer: Viewer,
  opts: { customerId?: number; chatId?: number; chatIds?: number[] } = {},
): Promise<ChatListEntry[]> {
  const scope = chatScope(viewer, opts.customerId);
  const only =
    opts.chatId !== undefined
      ? sql`AND c.id = ${opts.chatId}`
      : opts.chatIds !== undefined
        ? sql`AND c.id IN (${idList(opts.chatIds)})`
        : sql``;
  const result = await statementHandle(db).execute(sql`
    SELECT c.id, c.type, c.title, c.owner_id, o.name AS owner_name, c.created_at, c.deleted_at,
      me.pinned_at, c.last_seq,
      (SELECT count(*)::int FROM chat_members cm WHERE cm.chat_id = c.id) AS members_count,
      lm.id AS lm_id, lm.created_at AS lm_created_at, lm.text AS lm_text, lm.author_id AS lm_author_id,
      a.name AS lm_author_name,
      (SELECT att.original_name FROM chat_attachments att WHERE att.message_id = lm.id AND att.deleted_at IS NULL ORDER BY att.id LIMIT 1) AS lm_attachment,
      (SELECT count(*)::int FROM chat_notifications n WHERE n.user_id = ${viewer.id} AND n.chat_id = c.id AND n.seen_at IS NULL AND n.type = 'message') AS unread_messages,
      (SELECT count(*)::int FROM chat_notifications n WHERE n.user_id = ${viewer.id} AND n.chat_id = c.id AND n.seen_at IS NULL AND n.type = 'reaction') AS unread_reactions
    FROM chats c
    JOIN users o ON o.id = c.owner_id
    LEFT JOIN chat_members me ON me.chat_id = c.id AND me.user_id = ${viewer.id}
    LEFT JOIN chat_messages lm ON lm.id = c.last_message_id
    LEFT JOIN users a ON a.id = lm.author_id
    WHERE ${scope} ${only}
    ${CHAT_LIST_ORDER}
  `);
  return rowsOf<ChatListRow>(result).map((r) => ({
    chatId: r.id,
    id: r.id,
    title: r.title,
    type: r.type,
    owner: { id: r.owner_id, name: r.owner_name },
    createdAt: iso(r.created_at) as string,
    deletedAt: iso(r.deleted_at),
    pinnedAt: iso(r.pinned_at),
    lastSeq: Number(r.last_seq),
    membersCount: r.members_count,
    lastMessage:
      r.lm_id == null
        ? null
        : {
            id: Number(r.lm_id),
            createdAt: iso(r.lm_created_at) as string,
            text: r.lm_text ?? '',
            author: r.lm_author_id == null ? null : { id: r.lm_author_id, name: r.lm_author_name ?? '' },
            attachmentName: r.lm_attachment,
          },
    notifications: { messages: r.unread_messages, reactions: r.unread_reactions },
    actions: {
      remove:
        r.deleted_at == null && can(viewer, 'removeChat', { chatType: r.type, ownChat: r.owner_id === viewer.id }),
      restore: r.deleted_at != null && can(viewer, 'restoreChat'),
    },
  }));
}

export async function getChat(db: Db, viewer: Viewer, chatId: number): Promise<ChatListEntry> {
  const chat = await chatFor(db, viewer, chatId);
  const [entry] = await listChats(db, viewer, chat.member ? { chatId } : { customerId: chat.ownerId, chatId });
  if (!entry) throw notFound(CHAT_TEXTS.chatNotFound);
  return entry;
}

export function validTitle(title: string): string {
  const error = chatTitleError(title);
  if (error) throw badRequest(error, { title: error });
  return title.trim();
}

/** Users a viewer may put in a chat (spec: contacts). */
export async function contactsOf(db: Db, viewer: Viewer, forCustomerId?: number): Promise<ContactUser[]> {
  const role = chatRole(viewer);
  let where: SQL;
  if (role === 'admin' && forCustomerId === undefined) {
    where = sql`u.type IN ('customer', 'translator') AND u.id <> ${viewer.id}`;
  } else if (role === 'translator') {
    where = sql`(u.id IN (SELECT customer_id FROM my_team_members WHERE translator_id = ${viewer.id}) OR u.is_admin OR u.type = 'admin') AND u.id <> ${viewer.id}`;
  } else {
    const customerId = forCustomerId ?? viewer.id;
    where = sql`(u.id IN (SELECT translator_id FROM my_team_members WHERE customer_id = ${customerId})
      OR u.id IN (SELECT DISTINCT m2.user_id FROM chat_members m1 JOIN chat_members m2 ON m2.chat_id = m1.chat_id WHERE m1.user_id = ${customerId})
      OR u.is_admin OR u.type = 'admin') AND u.id <> ${viewer.id} AND u.id <> ${customerId}`;
  }
  const result = await db.execute(sql`
    SELECT u.id, u.name, u.type, u.is_admin, u.thumb_url,
      coalesce((SELECT json_agg(json_build_object('sourceLanguage', lp.source_language, 'targetLanguage', lp.target_language))
        FROM translator_language_pairs lp WHERE lp.user_id = u.id), '[]') AS pairs
    FROM users u WHERE ${where} ORDER BY u.name, u.id LIMIT 500`);
  return rowsOf<{
    id: number;
    name: string;
    type: string;
    is_admin: boolean;
    thumb_url: string | null;
    pairs: unknown;
  }>(result).map((r) => ({
    id: r.id,
    name: r.name,
    type: presentType(r.type, r.is_admin),
    pictureUrl: r.thumb_url,
    languagePairs: (typeof r.pairs === 'string' ? JSON.parse(r.pairs) : r.pairs) as ContactUser['languagePairs'],
  }));
}

export type ContactUser = ChatUser;

export function presentType(type: string, isAdmin: boolean): ContactUser['type'] {
  if (isAdmin || type === 'admin') return 'Admin';
  return type === 'translator' ? 'Translator' : 'Customer';
}

export async function createChat(
  db: Db,
  viewer: Viewer,
  input: { title: string; memberIds: number[]; customerId?: number },
): Promise<number> {
  if (!can(viewer, 'createGroup')) throw forbidden(CHAT_TEXTS.notAllowed);
  const title = validTitle(input.title);
  const role = chatRole(viewer);
  let ownerId = viewer.id;
  if (input.customerId !== undefined && input.customerId !== viewer.id) {
    if (role !== 'admin') throw notFound(TEXTS_USER_NOT_FOUND);
    const [customer] = await db
      .select({ id: users.id, type: users.type })
      .from(users)
      .where(eq(users.id, input.customerId));
    if (customer?.type !== 'customer') throw notFound(TEXTS_USER_NOT_FOUND);
    ownerId = customer.id;
  }
  const wanted = [...new Set(input.memberIds)].filter((id) => id !== viewer.id && id !== ownerId);
  if (wanted.length === 0) throw badRequest(CHAT_TEXTS.noMembers, { members: CHAT_TEXTS.noMembers });
  const allowed = new Set(
    (await contactsOf(db, viewer, role === 'admin' && ownerId !== viewer.id ? ownerId : undefined)).map((c) => c.id),
  );
  if (role === 'admin') {
    const found = await db.select({ id: users.id }).from(users).where(inArray(users.id, wanted));
    for (const f of found) allowed.add(f.id);
  }
  if (wanted.some((id) => !allowed.has(id))) throw notFound(TEXTS_USER_NOT_FOUND);
  const members = [...new Set([ownerId, viewer.id, ...wanted])];
  return db.transaction(async (tx) => {
    const [chat] = await tx.insert(chats).values({ type: 'custom', title, ownerId }).returning({ id: chats.id });
    await tx.insert(chatMembers).values(members.map((userId) => ({ chatId: chat.id, userId })));
    await refreshSearchConfig(tx, chat.id);
    await emit(tx, chat.id, 'chat.created', { title }, members);
    return chat.id;
  });
}

const TEXTS_USER_NOT_FOUND = 'User not found';

export async function patchChat(
  db: Db,
  viewer: Viewer,
  chatId: number,
  input: { title?: string; isPinned?: boolean },
): Promise<void> {
  const chat = await chatFor(db, viewer, chatId);
  if (input.title === undefined && input.isPinned === undefined) throw badRequest('Nothing to change');
  const title = input.title === undefined ? undefined : validTitle(input.title);
  if (title !== undefined && !can(viewer, 'renameChat', { chatType: chat.type }))
    throw forbidden(CHAT_TEXTS.notAllowed);
  if (input.isPinned !== undefined) {
    if (!can(viewer, 'pinChat', { chatType: chat.type })) throw forbidden(CHAT_TEXTS.notAllowed);
    if (!chat.member) throw notFound(CHAT_TEXTS.chatNotFound);
  }
  await db.transaction(async (tx) => {
    if (title !== undefined) {
      await requireOpen(tx, chatId);
      await tx.update(chats).set({ title }).where(eq(chats.id, chatId));
      await emit(tx, chatId, 'chat.updated', { title }, await memberIds(tx, chatId));
    }
    if (input.isPinned !== undefined) {
      const pinnedAt = input.isPinned ? new Date() : null;
      await tx
        .update(chatMembers)
        .set({ pinnedAt })
        .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, viewer.id)));
      await emit(
        tx,
        chatId,
        input.isPinned ? 'chat.pinned' : 'chat.unpinned',
        { pinnedAt: pinnedAt?.toISOString() ?? null },
        [viewer.id],
      );
    }
  });
}

/**
 * Removes a chat (admins with the moderation permission; a team group's owner) or restores it
 * (admins): a removed chat stays in its members' lists, read-only with its lock. One event for the
 * members and one audit row, in the change's transaction. Asking for the state the chat is already
 * in changes nothing and tells nobody (a retried call is harmless).
 */
export async function setChatRemoved(
  db: Db,
  viewer: Viewer,
  chatId: number,
  removed: boolean,
  context: { now: Date; ip?: string },
): Promise<void> {
  const chat = await chatFor(db, viewer, chatId);
  const allowed = removed
    ? can(viewer, 'removeChat', { chatType: chat.type, ownChat: chat.ownerId === viewer.id })
    : can(viewer, 'restoreChat');
  if (!allowed) throw forbidden(CHAT_TEXTS.notAllowed);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(chats)
      .set({ deletedAt: removed ? context.now : null })
      .where(and(eq(chats.id, chatId), removed ? isNull(chats.deletedAt) : isNotNull(chats.deletedAt)))
      .returning({ deletedAt: chats.deletedAt });
    if (!row) return;
    const by = { id: viewer.id, name: viewer.name };
    await emit(
      tx,
      chatId,
      removed ? 'chat.removed' : 'chat.restored',
      { deletedAt: iso(row.deletedAt), by },
      await memberIds(tx, chatId),
    );
    await audit(tx, {
      actorId: viewer.actor ? realPerson(viewer.actor).id : viewer.id,
      action: removed ? 'chat.remove' : 'chat.restore',
      targetType: 'chat',
      targetId: chatId,
      details: { title: chat.title, type: chat.type, ownerId: chat.ownerId },
      ip: context.ip,
    });
  });
}

export async function markSeen(db: Db, viewer: Viewer, chatId: number, now: Date): Promise<number> {
  await chatFor(db, viewer, chatId);
  return db.transaction(async (tx) => {
    const seen = await tx
      .update(chatNotifications)
      .set({ seenAt: now })
      .where(
        and(
          eq(chatNotifications.userId, viewer.id),
          eq(chatNotifications.chatId, chatId),
          isNull(chatNotifications.seenAt),
        ),
      )
      .returning({ id: chatNotifications.id });
    if (seen.length > 0) await emit(tx, chatId, 'chat.seen', { userId: viewer.id }, [viewer.id]);
    return seen.length;
  });
}

/** Unread notifications of the viewer grouped by chat and type; the badge is `total`. */
export async function unreadNotifications(db: Db, viewer: Viewer) {
  const rows = await db
    .select({
      chatId: chatNotifications.chatId,
      type: chatNotifications.type,
      count: sql<number>`count(*)::int`,
    })
    .from(chatNotifications)
    .where(and(eq(chatNotifications.userId, viewer.id), isNull(chatNotifications.seenAt)))
    .groupBy(chatNotifications.chatId, chatNotifications.type);
  return { data: rows, total: rows.reduce((s, r) => s + Number(r.count), 0) };
}

// ---------------------------------------------------------------- members

export async function listMembers(db: Db, viewer: Viewer, chatId: number) {
  await chatFor(db, viewer, chatId);
  if (!can(viewer, 'seeMembersTab')) throw forbidden(CHAT_TEXTS.notAllowed);
  const result = await db.execute(sql`
    SELECT u.id, u.name, u.type, u.is_admin, u.thumb_url,
      coalesce((SELECT json_agg(json_build_object('sourceLanguage', lp.source_language, 'targetLanguage', lp.target_language))
        FROM translator_language_pairs lp WHERE lp.user_id = u.id), '[]') AS pairs
    FROM chat_members m JOIN users u ON u.id = m.user_id WHERE m.chat_id = ${chatId} ORDER BY m.added_at, u.id`);
  return rowsOf<{
    id: number;
    name: string;
    type: string;
    is_admin: boolean;
    thumb_url: string | null;
    pairs: unknown;
  }>(result).map((r) => ({
    user: {
      id: r.id,
      name: r.name,
      type: presentType(r.type, r.is_admin),
      pictureUrl: r.thumb_url,
      languagePairs: (typeof r.pairs === 'string' ? JSON.parse(r.pairs) : r.pairs) as ContactUser['languagePairs'],
    },
  }));
}

async function systemLine(
  tx: Tx,
  chatId: number,
  viewer: Viewer,
  action: 'add' | 'remove' | 'pinned',
  targetUserId: number,
  audience: number[],
) {
  const { seq, ordinal, searchConfig } = await nextMessageNumbers(tx, chatId);
  const [m] = await tx
    .insert(chatMessages)
    .values({
      chatId,
      seq,
      ordinal,
      searchConfig,
      authorId: viewer.id,
      kind: 'system',
      action,
      targetUserId,
      status: 'approved',
    })
    .returning({ id: chatMessages.id });
  const message = await loadMessage(tx, viewer, Number(m.id));
  await emit(tx, chatId, 'message.created', { message }, audience, seq);
}

export async function addMember(db: Db, viewer: Viewer, chatId: number, userId: number): Promise<void> {
  const chat = await chatFor(db, viewer, chatId);
  if (!can(viewer, 'seeMembersTab')) throw forbidden(CHAT_TEXTS.notAllowed);
  if (chat.deletedAt) throw chatRemovedError();
  if (chat.type !== 'custom') throw badRequest('Members can be added to team groups only');
  const contacts = new Set(
    (await contactsOf(db, viewer, chatRole(viewer) === 'admin' ? undefined : chat.ownerId)).map((c) => c.id),
  );
  if (!contacts.has(userId)) throw notFound(TEXTS_USER_NOT_FOUND);
  await db.transaction(async (tx) => {
    await requireOpen(tx, chatId);
    const inserted = await tx
      .insert(chatMembers)
      .values({ chatId, userId })
      .onConflictDoNothing()
      .returning({ id: chatMembers.userId });
    if (inserted.length === 0) return;
    await refreshSearchConfig(tx, chatId);
    const audience = await memberIds(tx, chatId);
    await emit(tx, chatId, 'member.added', { userId }, audience);
    await systemLine(tx, chatId, viewer, 'add', userId, audience);
  });
}

export async function removeMember(db: Db, viewer: Viewer, chatId: number, userId: number): Promise<void> {
  const chat = await chatFor(db, viewer, chatId);
  if (!can(viewer, 'seeMembersTab')) throw forbidden(CHAT_TEXTS.notAllowed);
  const [target] = await db
    .select({ id: users.id, type: users.type, isAdmin: users.isAdmin })
    .from(chatMembers)
    .innerJoin(users, eq(users.id, chatMembers.userId))
    .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, userId)));
  if (!target) throw notFound(TEXTS_USER_NOT_FOUND);
  // spec 3 section 5: never a customer, never yourself
  if (target.id === viewer.id || presentType(target.type, target.isAdmin) === 'Customer' || chat.type !== 'custom')
    throw forbidden(CHAT_TEXTS.notAllowed);
  if (chat.deletedAt) throw chatRemovedError();
  await db.transaction(async (tx) => {
    await requireOpen(tx, chatId);
    const audience = await memberIds(tx, chatId);
    await tx.delete(chatMembers).where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, userId)));
    await refreshSearchConfig(tx, chatId);
    await systemLine(tx, chatId, viewer, 'remove', userId, audience);
    await emit(tx, chatId, 'member.removed', { userId }, audience);
  });
}

// ---------------------------------------------------------------- messages

/** A message as the viewer sees it: the shared answer schema's type. */
export type PresentedMessage = ChatMessage;

interface MessageRow {
  id: string | number;
  chat_id: number;
  seq: string | number;
  ordinal: string | number;
  text: string;
  kind: 'ordinary' | 'system';
  action: ChatMessage['action'];
  target_id: number | null;
  target_name: string | null;
  author_id: number | null;
  author_name: string | null;
  author_thumb: string | null;
  author_type: string | null;
  author_admin: boolean | null;
  created_at: string | Date;
  edited_at: string | Date | null;
  deleted_at: string | Date | null;
  status: ChatMessageStatus;
  pinned_at: string | Date | null;
  client_id: string | null;
  reply_id: string | number | null;
  reply_text: string | null;
  reply_deleted_at: string | Date | null;
  reply_author_id: number | null;
  reply_author_name: string | null;
  attachments: unknown;
  reactions: unknown;
}

function parseJson<T>(v: unknown): T {
  return (typeof v === 'string' ? JSON.parse(v) : v) as T;
}

const MESSAGE_SELECT = sql`
  SELECT m.id, m.chat_id, m.seq, m.ordinal, m.text, m.kind, m.action, m.target_user_id AS target_id, t.name AS target_name,
    m.author_id, a.name AS author_name, a.thumb_url AS author_thumb, a.type AS author_type, a.is_admin AS author_admin,
    m.created_at, m.edited_at, m.deleted_at, m.status, m.pinned_at, m.client_id,
    r.id AS reply_id, r.text AS reply_text, r.deleted_at AS reply_deleted_at, r.author_id AS reply_author_id, ra.name AS reply_author_name,
    coalesce((SELECT json_agg(json_build_object('id', f.id, 'fileId', f.file_id, 'originalName', f.original_name,
        'mimeType', f.mime_type, 'size', f.size, 'deletedAt', f.deleted_at) ORDER BY f.id)
      FROM chat_attachments f WHERE f.message_id = m.id AND f.deleted_at IS NULL), '[]') AS attachments,
    coalesce((SELECT json_agg(json_build_object('type', x.type, 'id', xu.id, 'name', xu.name) ORDER BY x.created_at)
      FROM chat_reactions x JOIN users xu ON xu.id = x.user_id WHERE x.message_id = m.id), '[]') AS reactions
  FROM chat_messages m
  LEFT JOIN users a ON a.id = m.author_id
  LEFT JOIN users t ON t.id = m.target_user_id
  LEFT JOIN chat_messages r ON r.id = m.reply_to_id
  LEFT JOIN users ra ON ra.id = r.author_id`;

function presentMessage(r: MessageRow, viewer: Viewer): PresentedMessage {
  const admin = chatRole(viewer) === 'admin';
  const hidden = r.deleted_at != null && !admin;
  const attachments = parseJson<
    { id: number; fileId: string; originalName: string; mimeType: string; size: number; deletedAt: string | null }[]
  >(r.attachments);
  return {
    id: Number(r.id),
    chatId: r.chat_id,
    seq: Number(r.seq),
    text: hidden ? '' : r.text,
    type: r.kind,
    action: r.action,
    user: r.target_id == null ? null : { id: r.target_id, name: r.target_name ?? '' },
    author:
      r.author_id == null
        ? null
        : {
            id: r.author_id,
            name: r.author_name ?? '',
            pictureUrl: r.author_thumb,
            type: presentType(r.author_type ?? 'customer', r.author_admin === true),
          },
    createdAt: iso(r.created_at) as string,
    editedAt: iso(r.edited_at),
    deletedAt: iso(r.deleted_at),
    status: r.status,
    isPinned: r.pinned_at != null,
    pinnedAt: iso(r.pinned_at),
    clientId: r.author_id === viewer.id ? r.client_id : null,
    attachments: hidden ? [] : attachments.map((a) => ({ ...a, size: Number(a.size), filename: a.originalName })),
    reactions: parseJson<{ type: ReactionType; id: number; name: string }[]>(r.reactions).map((x) => ({
      type: x.type,
      author: { id: x.id, name: x.name },
    })),
    replyTo:
      r.reply_id == null
        ? null
        : {
            id: Number(r.reply_id),
            text: r.reply_deleted_at != null ? '' : (r.reply_text ?? ''),
            author: r.reply_author_id == null ? null : { id: r.reply_author_id, name: r.reply_author_name ?? '' },
            deletedAt: iso(r.reply_deleted_at),
          },
  };
}

async function loadMessage(q: Q, viewer: Viewer, messageId: number): Promise<PresentedMessage> {
  const result = await q.execute(sql`${MESSAGE_SELECT} WHERE m.id = ${messageId}`);
  const [row] = rowsOf<MessageRow>(result);
  if (!row) throw notFound(CHAT_TEXTS.messageNotFound);
  return presentMessage(row, viewer);
}

/** The message if the viewer may see it (member of its chat, and approved or own, or admin); otherwise 404. */
export async function messageFor(q: Q, viewer: Viewer, messageId: number) {
  const [m] = await q
    .select({
      id: chatMessages.id,
      chatId: chatMessages.chatId,
      ordinal: chatMessages.ordinal,
      authorId: chatMessages.authorId,
      status: chatMessages.status,
      kind: chatMessages.kind,
      deletedAt: chatMessages.deletedAt,
      pinnedAt: chatMessages.pinnedAt,
    })
    .from(chatMessages)
    .where(and(eq(chatMessages.id, messageId), visibleSql(viewer)));
  if (!m) throw notFound(CHAT_TEXTS.messageNotFound);
  // a chat the viewer may not read hides its messages too: the same 404 as an unknown message
  const chat = await chatFor(q, viewer, m.chatId).catch(() => {
    throw notFound(CHAT_TEXTS.messageNotFound);
  });
  return { ...m, chat };
}

/** Where a history answer starts: a page number (1 = the newest 30), or next to a message. */
export type HistoryFrom = { page: number } | { before: number } | { after: number };

const truthy = (v: unknown): boolean => v === true || v === 't' || v === 'true';

/**
 * What a history answer is worked out from, in one statement: the chat and whether the viewer is a
 * member (as chatFor), the chat's last message number, the numbers of the messages the viewer may
 * not see (newest first), and the number of the message `anchorId` if the viewer sees it there.
 * Throws chatFor's 404 when the viewer may not read the chat.
 */
async function historyFrame(
  db: Db,
  viewer: Viewer,
  chatId: number,
  anchorId?: number,
): Promise<{ chat: ChatRow & { member: boolean }; last: number; hiddenDesc: number[]; anchor: number | null }> {
  const admin = chatRole(viewer) === 'admin';
  const hidden = admin
    ? sql`'{}'::bigint[]`
    : sql`coalesce((SELECT array_agg(h.ordinal ORDER BY h.ordinal DESC) FROM chat_messages h
          WHERE h.chat_id = c.id AND h.status <> 'approved' AND h.author_id IS DISTINCT FROM ${viewer.id}), '{}'::bigint[])`;
  const anchor =
    anchorId === undefined
      ? sql`NULL::bigint`
      : sql`(SELECT a.ordinal FROM chat_messages a WHERE a.id = ${anchorId} AND a.chat_id = c.id
          ${admin ? sql`` : sql`AND (a.status = 'approved' OR a.author_id = ${viewer.id})`})`;
  const [row] = rowsOf<{
    id: number;
    type: ChatRow['type'];
    title: string;
    owner_id: number;
    deleted_at: string | Date | null;
    search_config: string;
    member: unknown;
    last: string | number | null;
    hidden: unknown;
    anchor: string | number | null;
  }>(
    await statementHandle(db).execute(sql`
      SELECT c.id, c.type, c.title, c.owner_id, c.deleted_at, c.search_config::text AS search_config,
        EXISTS (SELECT 1 FROM chat_members x WHERE x.chat_id = c.id AND x.user_id = ${viewer.id}) AS member,
        (SELECT max(l.ordinal) FROM chat_messages l WHERE l.chat_id = c.id) AS last,
        ${hidden}::text AS hidden, ${anchor} AS anchor
      FROM chats c WHERE c.id = ${chatId}`),
  );
  if (!row) throw notFound(CHAT_TEXTS.chatNotFound);
  const member = truthy(row.member);
  if (!member && !admin) throw notFound(CHAT_TEXTS.chatNotFound);
  const hiddenText = String(row.hidden ?? '{}');
  return {
    chat: {
      id: row.id,
      type: row.type,
      title: row.title,
      ownerId: row.owner_id,
      deletedAt: row.deleted_at == null ? null : new Date(row.deleted_at),
      searchConfig: row.search_config,
      member,
    },
    last: Number(row.last ?? 0),
    hiddenDesc: hiddenText === '{}' ? [] : hiddenText.slice(1, -1).split(',').map(Number),
    anchor: row.anchor == null ? null : Number(row.anchor),
  };
}

/**
 * One answer of history, in creation order: page N (page 1 is the newest 30), or the 30 messages
 * just older (`before`) or just newer (`after`) than a message of the chat. `page` is the page of
 * the newest message returned. Every form is a range of message numbers on the (chat_id, ordinal)
 * index, so any depth costs the same. Two statements: the frame (access, numbers, the anchor's
 * number) and the page itself.
 */
export async function historyPage(db: Db, viewer: Viewer, chatId: number, from: HistoryFrom = { page: 1 }) {
  const anchorId = 'before' in from ? from.before : 'after' in from ? from.after : undefined;
  const frame = await historyFrame(db, viewer, chatId, anchorId);
  const visible = chatRole(viewer) === 'admin' ? sql`TRUE` : sql`(m.status = 'approved' OR m.author_id = ${viewer.id})`;
  let range: SQL;
  let newestFirst = true;
  let anchorOrdinal = frame.last + 1;
  if ('page' in from) {
    range = sql`m.ordinal <= ${topOrdinalOfPage(frame.last, frame.hiddenDesc, from.page)}`;
  } else {
    if (frame.anchor === null) throw notFound(CHAT_TEXTS.messageNotFound);
    newestFirst = 'before' in from;
    anchorOrdinal = frame.anchor;
    range = newestFirst ? sql`m.ordinal < ${anchorOrdinal}` : sql`m.ordinal > ${anchorOrdinal}`;
  }
  const result = await statementHandle(db).execute(sql`${MESSAGE_SELECT}
    WHERE m.chat_id = ${chatId} AND ${range} AND ${visible}
    ORDER BY m.ordinal ${newestFirst ? sql`DESC` : sql`ASC`} LIMIT ${CHAT_LIMITS.pageSize}`);
  const rows = rowsOf<MessageRow>(result);
  if (newestFirst) rows.reverse();
  const newestOrdinal = Number(rows.at(-1)?.ordinal ?? anchorOrdinal);
  const page =
    'page' in from ? from.page : pageOfOrdinal(frame.last, frame.hiddenDesc, Math.min(newestOrdinal, frame.last));
  return {
    data: rows.map((r) => presentMessage(r, viewer)),
    page,
    hasMore: rows.length === CHAT_LIMITS.pageSize,
  };
}

/** A message with the number of the history page it is on (jump to message): three statements. */
export async function messageWithPage(db: Db, viewer: Viewer, messageId: number) {
  const [m] = await statementHandle(db)
    .select({ chatId: chatMessages.chatId })
    .from(chatMessages)
    .where(and(eq(chatMessages.id, messageId), visibleSql(viewer)));
  if (!m) throw notFound(CHAT_TEXTS.messageNotFound);
  // a chat the viewer may not read hides its messages too: the same 404 as an unknown message
  const frame = await historyFrame(db, viewer, m.chatId, messageId).catch(() => {
    throw notFound(CHAT_TEXTS.messageNotFound);
  });
  if (frame.anchor === null) throw notFound(CHAT_TEXTS.messageNotFound);
  const message = await loadMessage(statementHandle(db), viewer, messageId);
  return { ...message, pageNumber: pageOfOrdinal(frame.last, frame.hiddenDesc, frame.anchor) };
}

export async function pinnedMessages(db: Db, viewer: Viewer, chatId: number) {
  await chatFor(statementHandle(db), viewer, chatId);
  const result = await statementHandle(db).execute(sql`${MESSAGE_SELECT}
    WHERE m.chat_id = ${chatId} AND m.pinned_at IS NOT NULL AND m.deleted_at IS NULL AND m.status = 'approved'
    ORDER BY m.pinned_at DESC LIMIT 100`);
  return rowsOf<MessageRow>(result).map((r) => presentMessage(r, viewer));
}

export interface SendInput {
  chatId: number;
  text: string;
  attachmentIds: number[];
  clientId?: string;
  replyToId?: number;
  /** the app's public address: links to it are not contact details */
  publicUrl: string;
}

/** Audience of a message: every member when approved; otherwise its author and the chat's admins. */
async function messageAudience(
  q: Q,
  chatId: number,
  status: ChatMessageStatus,
  authorId: number | null,
): Promise<number[]> {
  if (status === 'approved') return memberIds(q, chatId);
  const admins = await adminMemberIds(q, chatId);
  return authorId == null ? admins : [...admins, authorId];
}

export async function sendMessage(
  db: Db,
  viewer: Viewer,
  input: SendInput,
): Promise<{ message: PresentedMessage; created: boolean }> {
  const text = input.text ?? '';
  if (text.trim() === '' && input.attachmentIds.length === 0)
    throw badRequest(CHAT_TEXTS.messageEmpty, { text: CHAT_TEXTS.messageEmpty });
  if (text.length > CHAT_LIMITS.messageMax) throw badRequest(CHAT_TEXTS.messageTooLong);
  const chat = await chatFor(db, viewer, input.chatId);
  if (!chat.member) throw notFound(CHAT_TEXTS.chatNotFound);
  if (chat.deletedAt) throw chatRemovedError();
  if (input.clientId) {
    const existing = await byClientId(db, viewer.id, input.clientId);
    if (existing) return { message: await loadMessage(db, viewer, existing), created: false };
  }
  if (input.replyToId !== undefined) {
    const target = await messageFor(db, viewer, input.replyToId);
    if (target.chatId !== chat.id) throw notFound(CHAT_TEXTS.messageNotFound);
    if (target.status !== 'approved' || target.deletedAt) throw badRequest('You can reply to approved messages only');
  }
  // admins' messages are never held; others pass the moderation engine (source blendTalk)
  const verdict =
    chatRole(viewer) === 'admin'
      ? { flagged: false, reasons: [] }
      : await checkChatMessage(db, text, input.publicUrl, viewer.country);
  const status: ChatMessageStatus = verdict.flagged ? 'moderation' : 'approved';
  try {
    const id = await db.transaction(async (tx) => {
      await requireOpen(tx, chat.id);
      const { seq, ordinal, searchConfig } = await nextMessageNumbers(tx, chat.id);
      const [m] = await tx
        .insert(chatMessages)
        .values({
          chatId: chat.id,
          seq,
          ordinal,
          searchConfig,
          authorId: viewer.id,
          clientId: input.clientId ?? null,
          text,
          status,
          replyToId: input.replyToId ?? null,
        })
        .returning({ id: chatMessages.id, createdAt: chatMessages.createdAt });
      const messageId = Number(m.id);
      if (status === 'moderation')
        await holdChatMessage(tx, { messageId, authorId: viewer.id, chat, text, verdict, now: m.createdAt });
      if (input.attachmentIds.length) {
        const bound = await tx
          .update(chatAttachments)
          .set({ messageId, chatId: chat.id })
          .where(
            and(
              inArray(chatAttachments.id, input.attachmentIds),
              eq(chatAttachments.uploaderId, viewer.id),
              isNull(chatAttachments.messageId),
              isNull(chatAttachments.deletedAt),
            ),
          )
          .returning({ id: chatAttachments.id });
        if (bound.length !== new Set(input.attachmentIds).size) throw notFound('Attachment not found');
      }
      if (status === 'approved') {
        await tx
          .update(chats)
          .set({ lastMessageId: messageId, lastMessageAt: m.createdAt })
          .where(eq(chats.id, chat.id));
      }
      const audience = await messageAudience(tx, chat.id, status, viewer.id);
      const others = audience.filter((u) => u !== viewer.id);
      if (others.length)
        await tx
          .insert(chatNotifications)
          .values(others.map((userId) => ({ userId, chatId: chat.id, type: 'message' as const, messageId })));
      const message = await loadMessage(tx, viewer, messageId);
      await emit(tx, chat.id, 'message.created', { message: { ...message, clientId: null } }, audience, seq);
      return messageId;
    });
    return { message: await loadMessage(db, viewer, id), created: true };
  } catch (error) {
    // two sends with one client id at once: the second lost the race to the unique index
    if (input.clientId && isUniqueViolation(error)) {
      const existing = await byClientId(db, viewer.id, input.clientId);
      if (existing) return { message: await loadMessage(db, viewer, existing), created: false };
    }
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

async function byClientId(q: Q, authorId: number, clientId: string): Promise<number | null> {
  const [row] = await q
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.authorId, authorId), eq(chatMessages.clientId, clientId)));
  return row ? Number(row.id) : null;
}

export async function toggleReaction(db: Db, viewer: Viewer, messageId: number, type: ReactionType) {
  const m = await messageFor(db, viewer, messageId);
  if (!m.chat.member) throw notFound(CHAT_TEXTS.messageNotFound);
  if (m.kind === 'system' || m.deletedAt || m.status !== 'approved')
    throw badRequest('You can react to approved messages only');
  if (m.chat.deletedAt) throw chatRemovedError();
  return db.transaction(async (tx) => {
    await requireOpen(tx, m.chatId);
    const removed = await tx
      .delete(chatReactions)
      .where(
        and(eq(chatReactions.messageId, messageId), eq(chatReactions.userId, viewer.id), eq(chatReactions.type, type)),
      )
      .returning({ id: chatReactions.messageId });
    if (removed.length === 0) {
      await tx.insert(chatReactions).values({ messageId, userId: viewer.id, type });
      if (m.authorId != null && m.authorId !== viewer.id)
        await tx
          .insert(chatNotifications)
          .values({ userId: m.authorId, chatId: m.chatId, type: 'reaction', messageId });
    }
    const message = await loadMessage(tx, viewer, messageId);
    await emit(
      tx,
      m.chatId,
      'message.reaction',
      { messageId, reactions: message.reactions },
      await memberIds(tx, m.chatId),
    );
    return message;
  });
}

export async function pinMessage(db: Db, viewer: Viewer, messageId: number, isPinned: boolean) {
  const m = await messageFor(db, viewer, messageId);
  if (m.kind === 'system' || m.deletedAt || !can(viewer, 'pinMessage', { messageStatus: m.status }))
    throw forbidden(CHAT_TEXTS.notAllowed);
  if (m.chat.deletedAt) throw chatRemovedError();
  return db.transaction(async (tx) => {
    await requireOpen(tx, m.chatId);
    await tx
      .update(chatMessages)
      .set({ pinnedAt: isPinned ? new Date() : null })
      .where(eq(chatMessages.id, messageId));
    const audience = await memberIds(tx, m.chatId);
    const message = await loadMessage(tx, viewer, messageId);
    await emit(tx, m.chatId, isPinned ? 'message.pinned' : 'message.unpinned', { message }, audience);
    if (isPinned) await systemLine(tx, m.chatId, viewer, 'pinned', m.authorId ?? viewer.id, audience);
    return message;
  });
}

export async function deleteMessage(db: Db, viewer: Viewer, messageId: number, restore: boolean) {
  if (!can(viewer, 'moderateMessage')) throw forbidden(CHAT_TEXTS.notAllowed);
  const m = await messageFor(db, viewer, messageId);
  return db.transaction(async (tx) => {
    await tx
      .update(chatMessages)
      .set({ deletedAt: restore ? null : new Date() })
      .where(eq(chatMessages.id, messageId));
    const message = await loadMessage(tx, viewer, messageId);
    await emit(
      tx,
      m.chatId,
      restore ? 'message.restored' : 'message.deleted',
      restore ? { message } : { messageId, deletedAt: message.deletedAt },
      await messageAudience(tx, m.chatId, m.status, m.authorId),
    );
    return message;
  });
}

/** Presents broadcast payloads as a member sees them (no admin-only text, no client id). */
const MEMBER_VIEW: Viewer = { id: 0, type: 'customer', isAdmin: false, name: '' };

/**
 * Delivers (approved) or refuses (declined) a held message: the moderation source's handler
 * (moderation-source.ts), run in the decision's transaction. Only a message still on moderation
 * changes, so a decision delivers at most once. Approved: the members who never saw it get it as
 * new (with a notification), the author and the admins see its status change; it may become the
 * chat's last message. Declined: only the author and the admins hear of it.
 */
export async function applyModerationDecision(
  tx: Tx,
  messageId: number,
  status: 'approved' | 'declined',
  actorId: number,
): Promise<void> {
  const [row] = await tx
    .update(chatMessages)
    .set({ status })
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.status, 'moderation')))
    .returning({ chatId: chatMessages.chatId, authorId: chatMessages.authorId, createdAt: chatMessages.createdAt });
  if (!row) return;
  const { chatId, authorId } = row;
  const sawIt = await messageAudience(tx, chatId, 'moderation', authorId);
  const message = await loadMessage(tx, MEMBER_VIEW, messageId);
  if (status === 'declined') {
    await emit(tx, chatId, 'message.updated', { message }, sawIt);
    return;
  }
  // the chat's last message moves only forward
  await tx
    .update(chats)
    .set({ lastMessageId: messageId, lastMessageAt: row.createdAt })
    .where(and(eq(chats.id, chatId), sql`(${chats.lastMessageId} IS NULL OR ${chats.lastMessageId} < ${messageId})`));
  const members = await memberIds(tx, chatId);
  const newTo = members.filter((u) => !sawIt.includes(u));
  const notify = members.filter((u) => u !== authorId && u !== actorId && newTo.includes(u));
  if (notify.length)
    await tx
      .insert(chatNotifications)
      .values(notify.map((userId) => ({ userId, chatId, type: 'message' as const, messageId })));
  await emit(tx, chatId, 'message.updated', { message }, sawIt);
  if (newTo.length) await emit(tx, chatId, 'message.created', { message }, newTo);
}

/** The message menu's Approve / Decline: the same decision as the moderation table's. */
export async function moderateMessage(
  db: Db,
  viewer: Viewer,
  messageId: number,
  status: 'approved' | 'declined',
  context: { now: Date; publicUrl: string; ip?: string },
) {
  if (!can(viewer, 'moderateMessage')) throw forbidden(CHAT_TEXTS.notAllowed);
  await messageFor(db, viewer, messageId);
  const held = await heldRowOf(db, messageId);
  if (!held) throw badRequest('This message is not on moderation');
  await db.transaction(async (tx) => {
    const outcome = await decideModeration(tx, { id: held.id, status, actorId: viewer.id, ...context });
    if (outcome.kind === 'notFound') throw notFound(CHAT_TEXTS.messageNotFound);
    if (outcome.kind === 'conflict') {
      const message = `This message has already been ${outcome.row.status}.`;
      throw new AppError(409, message, { status: message });
    }
    if (outcome.kind === 'decided')
      await audit(tx, {
        actorId: viewer.id,
        action: `moderation.${status === 'approved' ? 'approve' : 'decline'}`,
        targetType: 'moderation',
        targetId: held.id,
        details: { source: held.source, messageRef: held.messageRef },
        ip: context.ip,
      });
  });
  return loadMessage(db, viewer, messageId);
}

// ---------------------------------------------------------------- attachments

export async function recordUpload(
  db: Db,
  viewer: Viewer,
  file: { fileId: string; originalName: string; mimeType: string; size: number },
) {
  const [row] = await db
    .insert(chatAttachments)
    .values({ ...file, uploaderId: viewer.id })
    .returning({ id: chatAttachments.id });
  return { id: row.id, originalName: file.originalName, size: file.size, mimeType: file.mimeType };
}

/** An uploaded file the viewer may read: their own unsent upload, or one in a chat they may open. */
export async function attachmentFor(db: Db, viewer: Viewer, attachmentId: number) {
  const [a] = await db
    .select()
    .from(chatAttachments)
    .where(and(eq(chatAttachments.id, attachmentId), isNull(chatAttachments.deletedAt)));
  if (!a) throw notFound('File not found');
  if (a.messageId == null) {
    if (a.uploaderId !== viewer.id) throw notFound('File not found');
    return a;
  }
  // an attachment of a message the viewer may not read is not theirs to see: 404
  await messageFor(db, viewer, a.messageId).catch(() => {
    throw notFound('File not found');
  });
  return a;
}

export async function deleteAttachment(db: Db, viewer: Viewer, attachmentId: number, messageId?: number) {
  const a = await attachmentFor(db, viewer, attachmentId);
  if (messageId !== undefined && a.messageId !== messageId) throw notFound('File not found');
  if (!can(viewer, 'deleteAnyAttachment', { ownAttachment: a.uploaderId === viewer.id }))
    throw forbidden(CHAT_TEXTS.notAllowed);
  await db.transaction(async (tx) => {
    await tx.update(chatAttachments).set({ deletedAt: new Date() }).where(eq(chatAttachments.id, attachmentId));
    if (a.chatId != null && a.messageId != null)
      await emit(
        tx,
        a.chatId,
        'attachment.deleted',
        { messageId: a.messageId, attachmentId },
        await memberIds(tx, a.chatId),
      );
  });
  return a.fileId;
}

export async function chatFiles(db: Db, viewer: Viewer, chatId: number) {
  await chatFor(db, viewer, chatId);
  const rows = await db
    .select({
      id: chatAttachments.id,
      fileId: chatAttachments.fileId,
      originalName: chatAttachments.originalName,
      mimeType: chatAttachments.mimeType,
      size: chatAttachments.size,
      createdAt: chatAttachments.createdAt,
      messageId: chatAttachments.messageId,
      uploaderId: chatAttachments.uploaderId,
    })
    .from(chatAttachments)
    .innerJoin(chatMessages, eq(chatMessages.id, chatAttachments.messageId))
    .where(
      and(
        eq(chatAttachments.chatId, chatId),
        isNull(chatAttachments.deletedAt),
        isNull(chatMessages.deletedAt),
        visibleSql(viewer),
      ),
    )
    .orderBy(desc(chatAttachments.id))
    .limit(500);
  return rows.map((r) => ({
    ...r,
    // the inner join keeps sent files only
    messageId: Number(r.messageId),
    filename: r.originalName,
    size: Number(r.size),
    createdAt: r.createdAt.toISOString(),
  }));
}

// ---------------------------------------------------------------- search

/** A prefix query of the phrase's words for to_tsquery('simple', ...); null when it has none. */
export function prefixQuery(phrase: string): string | null {
  const words = phrase
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

function likePattern(phrase: string): string {
  return `%${phrase
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Search ranks the newest (this many times the results asked for) matches: a common word matches thousands. */
export const SEARCH_CANDIDATES_PER_RESULT = 2;
/** How many messages a page of search shows (in a chat, and the messages of global search). */
export const SEARCH_PAGE_SIZE = 30;
/** How many of the chats' newest messages the first look at a search reads. */
export const SEARCH_RECENT_WINDOW = 2000;

/**
 * The recent walk goes first only when the statistics expect this many times the wanted matches in
 * its window (a phrase near the line costs about the same either way).
 */
const SEARCH_WINDOW_MARGIN = 1.5;
/** How long a process keeps the lexeme statistics it read (ANALYZE renews them far less often). */
const LEXEME_STATS_TTL_MS = 5 * 60_000;

type LexemeStats = { at: number; lexemes: string[]; shares: number[]; floor: number } | null;
const lexemeStatsOf = new WeakMap<Db, { at: number; stats: LexemeStats }>();

/**
 * The lexemes most common in chat_messages.search_vector, with the share of messages holding each:
 * the statistics ANALYZE keeps for the planner (pg_stats.most_common_elems), read once in a while.
 * Null when the table has not been analyzed.
 */
async function lexemeStats(db: Db): Promise<LexemeStats> {
  const cached = lexemeStatsOf.get(db);
  if (cached && Date.now() - cached.at < LEXEME_STATS_TTL_MS) return cached.stats;
  const [row] = rowsOf<{ lexemes: unknown; shares: unknown }>(
    await statementHandle(db).execute(sql`
      SELECT array_to_json(s.most_common_elems::text::text[]) AS lexemes,
        array_to_json(s.most_common_elem_freqs) AS shares
      FROM pg_stats s
      WHERE s.schemaname = current_schema() AND s.tablename = 'chat_messages' AND s.attname = 'search_vector'`),
  );
  let stats: LexemeStats = null;
  const lexemes = row?.lexemes == null ? null : parseJson<string[]>(row.lexemes);
  const shares = row?.shares == null ? null : parseJson<number[]>(row.shares);
  if (lexemes?.length && shares && shares.length >= lexemes.length) {
    const tracked = shares.slice(0, lexemes.length);
    stats = { at: Date.now(), lexemes, shares: tracked, floor: Math.min(...tracked) };
  }
  lexemeStatsOf.set(db, { at: Date.now(), stats });
  return stats;
}

/**
 * About what share of messages match the phrase's words (all of them, each as a prefix): the
 * rarest word's share, a word's share being that of the tracked lexemes it begins (a word none
 * begins is rarer than every tracked one). Null without statistics. Only the search's order of
 * work depends on it, never its answer.
 */
export async function phraseShare(db: Db, phrase: string): Promise<number | null> {
  const stats = await lexemeStats(db);
  const words = (prefixQuery(phrase) ?? '').split(' & ').map((w) => w.replace(/:\*$/, ''));
  if (!stats || !words[0]) return null;
  let share = 1;
  for (const word of words) {
    let sum = 0;
    for (let i = 0; i < stats.lexemes.length; i++) if (stats.lexemes[i].startsWith(word)) sum += stats.shares[i];
    share = Math.min(share, sum > 0 ? Math.min(1, sum) : stats.floor);
  }
  return share;
}

/**
 * Whether a search for `wanted` matches asks the GIN index first: when the statistics expect fewer
 * than SEARCH_WINDOW_MARGIN times that many matches among SEARCH_RECENT_WINDOW messages. Without
 * statistics the recent walk goes first (it finds out on its own when it cannot fill the answer).
 */
export async function indexFirst(db: Db, phrase: string, wanted: number): Promise<boolean> {
  const share = await phraseShare(db, phrase);
  return share !== null && share * SEARCH_RECENT_WINDOW < wanted * SEARCH_WINDOW_MARGIN;
}

/** Drops a process's copy of the lexeme statistics (tests, after an ANALYZE). */
export function forgetLexemeStats(db: Db): void {
  lexemeStatsOf.delete(db);
}

/**
 * The search query: the phrase's words as 'simple' prefixes (names, numbers, the word being typed),
 * or'ed with the phrase in each language the chats are indexed in (its stems: "reviews" finds
 * "reviewed"). A constant, so the GIN index on the stored document can answer it.
 */
function tsQueryOf(configs: string[], phrase: string, prefixes: string): SQL {
  return sql`(${sql.join(
    [
      sql`to_tsquery('simple', ${prefixes})`,
      ...[...new Set(configs)]
        .filter((config) => config !== 'simple')
        .map((config) => sql`plainto_tsquery(${config}::regconfig, ${phrase})`),
    ],
    sql` || `,
  )})`;
}

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * The CTEs `verdict` (one row: `complete`) and `cand` (the ids of the newest `wanted` matches the
 * viewer may see) by a walk of the chats' newest messages. A common word is among them: read
 * SEARCH_RECENT_WINDOW of them, newest first (one (chat_id, id) index walk per chat, merged), and
 * stop at the `wanted`th match. `complete` is false when the walk found fewer and did not see every
 * message of the chats: the phrase is rarer, and the GIN index must answer (indexedCandidates).
 */
function walkedCandidates(chatIds: number[], shown: SQL, query: SQL, wanted: number, before?: number): SQL {
  const older = before === undefined ? sql`` : sql` AND id < ${before}`;
  const newest = sql.join(
    chatIds.map(
      (id) =>
        sql`(SELECT id, search_vector, deleted_at, kind, status, author_id FROM chat_messages
          WHERE chat_id = ${id}${older} ORDER BY id DESC LIMIT ${sql.raw(String(SEARCH_RECENT_WINDOW))})`,
    ),
    sql` UNION ALL `,
  );
  // One statement per number of chats, planned once: each branch is the same index walk for any
  // chat. The walk stops at the `wanted`th match (a common word: after a few hundred messages, not
  // the whole window); the window's last message comes back too, matched or not, so that a walk
  // that found fewer knows whether it saw every message of the chats.
  const windowSize = sql.raw(String(SEARCH_RECENT_WINDOW));
  const enough = sql.raw(String(wanted));
  return sql`walk AS (
      SELECT x.id, x.hit, x.n FROM (
        SELECT m.id, (${shown} AND m.search_vector @@ ${query}) AS hit, row_number() OVER (ORDER BY m.id DESC) AS n
        FROM (SELECT * FROM (${newest}) u ORDER BY u.id DESC LIMIT ${windowSize}) m
      ) x
      WHERE x.hit OR x.n = ${windowSize}
      LIMIT ${sql.raw(String(wanted + 1))}
    ),
    verdict AS (
      SELECT count(*) FILTER (WHERE hit) >= ${enough} OR NOT coalesce(bool_or(n = ${windowSize}), FALSE) AS complete
      FROM walk
    ),
    cand AS (SELECT id FROM walk WHERE hit ORDER BY id DESC LIMIT ${enough})`;
}

/** The same CTEs by the GIN index: every match of the phrase in these chats, then the newest. */
function indexedCandidates(chatIds: number[], shown: SQL, query: SQL, wanted: number, before?: number): SQL {
  // each document carries its chat as the lexeme '#<id>': the GIN scan itself keeps to these chats;
  // materialized, so that the newest-first order cannot turn it into a walk of the whole table
  const inChats = chatIds.map((id) => `'#${id}'`).join(' | ');
  return sql`found AS MATERIALIZED (
      SELECT m.id FROM chat_messages m
      WHERE m.search_vector @@ (SELECT ${query} && ${inChats}::tsquery) AND ${shown}
        ${before === undefined ? sql`` : sql`AND m.id < ${before}`}
    ),
    verdict AS (SELECT TRUE AS complete),
    cand AS (SELECT id FROM found ORDER BY id DESC LIMIT ${sql.raw(String(wanted))})`;
}

const HEADLINE_OPTIONS = `StartSel=${SEARCH_MARK_START}, StopSel=${SEARCH_MARK_END}, MaxWords=24, MinWords=10, ShortWord=2`;

type FoundMessage = PresentedMessage & { snippet: string };

/**
 * One statement from the candidates to the answer: ranks `cand` (ts_rank, then newest), marks the
 * words in `limit` of them from the `skip`th best and reads them as messages; says how many
 * candidates there were and the oldest's id. Answers nothing but `complete: false` when the
 * candidates' verdict says they are not the newest matches.
 */
async function rankedSearch(
  handle: Db,
  viewer: Viewer,
  candidates: SQL,
  query: SQL,
  limit: number,
  skip: number,
): Promise<{ complete: boolean; found: number; oldest: number | null; messages: FoundMessage[] }> {
  const marks = `${SEARCH_MARK_START}${SEARCH_MARK_END}`;
  const rows = rowsOf<
    Partial<MessageRow> & {
      complete: boolean | string;
      found: number | string;
      oldest: number | string | null;
      snippet: string | null;
    }
  >(
    await handle.execute(sql`
      WITH ${candidates},
      best AS (
        SELECT m.id, ts_rank(m.search_vector, ${query}) AS rank FROM chat_messages m
        WHERE m.id IN (SELECT id FROM cand) AND (SELECT complete FROM verdict)
        ORDER BY rank DESC, m.id DESC LIMIT ${limit} OFFSET ${skip}
      ),
      shown AS (
        -- ts_headline parses the text again: only for the results returned
        SELECT b.id, b.rank,
          ts_headline(m.search_config, translate(m.text, ${marks}, ''), ${query}, ${HEADLINE_OPTIONS}) AS snippet
        FROM best b JOIN chat_messages m ON m.id = b.id
      )
      SELECT v.complete, (SELECT count(*) FROM cand) AS found, (SELECT min(id) FROM cand) AS oldest, r.*
      FROM verdict v
      LEFT JOIN (
        SELECT found.*, s.snippet, s.rank AS search_rank
        FROM (${MESSAGE_SELECT} WHERE m.id IN (SELECT id FROM shown)) found
        JOIN shown s ON s.id = found.id
      ) r ON TRUE
      ORDER BY r.search_rank DESC, r.id DESC`),
  );
  const first = rows[0];
  return {
    complete: first !== undefined && truthy(first.complete),
    found: Number(first?.found ?? 0),
    oldest: first?.oldest == null ? null : Number(first.oldest),
    messages: rows
      .filter((r) => r.id != null)
      .map((r) => ({ ...presentMessage(r as MessageRow, viewer), snippet: r.snippet ?? '' })),
  };
}

/** Where a page of search results starts: before a message (older matches), from the `skip`th best. */
export type SearchPage = { before?: number; skip?: number };
/** The page after one: `before` null while it is still the newest window. */
export type SearchNext = { before: number | null; skip: number } | null;

/**
 * Messages of these chats that match, best first, with a highlighted snippet each; `configs`: the
 * chats' search languages. A page ranks a window of the newest SEARCH_CANDIDATES_PER_RESULT x
 * limit matches (ts_rank, then newest) and shows `limit` of them; `next` is the page after it (the
 * rest of the window, then the window of older matches), null after the last. Every match is on one
 * page. What a viewer may see as before: not deleted, not system lines, approved or their own
 * (admins: all). One statement for a common word (the walk of recent messages) or a rare one (the
 * GIN index, when the statistics say so); two when the walk finds the phrase rarer than expected.
 */
export async function searchMessagesIn(
  db: Db,
  viewer: Viewer,
  chatIds: number[],
  configs: string[],
  phrase: string,
  limit: number,
  page: SearchPage = {},
): Promise<{ messages: FoundMessage[]; next: SearchNext }> {
  const prefixes = prefixQuery(phrase);
  if (!prefixes || chatIds.length === 0) return { messages: [], next: null };
  // an uncorrelated subquery, computed once per statement: in a generic plan the query's functions
  // are not folded to a constant and were parsed again for every message the walk read
  const query = sql`(SELECT ${tsQueryOf(configs, phrase, prefixes)})`;
  const visible = chatRole(viewer) === 'admin' ? sql`TRUE` : sql`(m.status = 'approved' OR m.author_id = ${viewer.id})`;
  const shown = sql`m.deleted_at IS NULL AND m.kind = 'ordinary' AND ${visible}`;
  const window = limit * SEARCH_CANDIDATES_PER_RESULT;
  const skip = page.skip ?? 0;
  const answer = async () => {
    // a phrase the statistics call rare has too few matches in any window to fill the answer: the
    // walk would read the whole window for nothing, so the GIN index answers at once
    if (!(await indexFirst(db, phrase, window))) {
      const walked = await rankedSearch(
        statementHandle(db),
        viewer,
        walkedCandidates(chatIds, shown, query, window, page.before),
        query,
        limit,
        skip,
      );
      if (walked.complete) return walked;
    }
    // the pool's generic plan serves here too: the query and the chats' lexemes reach the GIN scan as
    // an InitPlan, whose value no plan is made for (planning this statement anew cost 2 ms a search)
    const indexed = indexedCandidates(chatIds, shown, query, window, page.before);
    return rankedSearch(statementHandle(db), viewer, indexed, query, limit, skip);
  };
  const { messages, found, oldest } = await answer();
  const next =
    skip + limit < found
      ? { before: page.before ?? null, skip: skip + limit }
      : found >= window && oldest !== null
        ? { before: oldest, skip: 0 }
        : null;
  return { messages, next };
}

export async function searchInChat(db: Db, viewer: Viewer, chatId: number, phrase: string, page: SearchPage = {}) {
  const chat = await chatFor(statementHandle(db), viewer, chatId);
  return searchMessagesIn(db, viewer, [chatId], [chat.searchConfig], phrase, SEARCH_PAGE_SIZE, page);
}

export async function globalSearch(db: Db, viewer: Viewer, phrase: string, customerId?: number) {
  const needle = phrase.trim().toLowerCase();
  if (!needle) return { attachments: [], chats: [], messages: [] };
  const prefixes = prefixQuery(phrase);
  const like = likePattern(phrase);
  const wordMatch = (vector: SQL) => (prefixes ? sql`${vector} @@ to_tsquery('simple', ${prefixes})` : sql`FALSE`);
  const visible = chatRole(viewer) === 'admin' ? sql`TRUE` : sql`(m.status = 'approved' OR m.author_id = ${viewer.id})`;
  // One statement for the chats in reach (the chat list's scope, order and bound, without its
  // columns: their ids, which titles match by their words' beginnings or anywhere as a piece of
  // text, and the languages their messages are indexed in) and for the files of those chats whose
  // names match. Only chats whose title matches are then read as list entries.
  const [reach] = rowsOf<{ chats: unknown; files: unknown }>(
    await statementHandle(db).execute(sql`
      WITH reach AS MATERIALIZED (
        SELECT c.id, c.search_config::text AS config,
          (${wordMatch(sql`c.title_vector`)} OR lower(c.title) LIKE ${like}) AS titled,
          row_number() OVER (ORDER BY (me.pinned_at IS NOT NULL) DESC, c.last_activity_at DESC, c.id DESC) AS pos
        FROM chats c
        LEFT JOIN chat_members me ON me.chat_id = c.id AND me.user_id = ${viewer.id}
        WHERE ${chatScope(viewer, customerId)}
        ${CHAT_LIST_ORDER}
      )
      SELECT
        (SELECT json_agg(json_build_array(r.id, r.config, r.titled) ORDER BY r.pos) FROM reach r) AS chats,
        (SELECT json_agg(f ORDER BY f."originalName", f.id) FROM (
          SELECT a.id, a.file_id AS "fileId", a.original_name AS "originalName", a.mime_type AS "mimeType",
            a.size, a.chat_id AS "chatId", a.message_id AS "messageId"
          FROM chat_attachments a JOIN chat_messages m ON m.id = a.message_id
          WHERE a.chat_id IN (SELECT id FROM reach) AND a.deleted_at IS NULL AND m.deleted_at IS NULL AND ${visible}
            AND (${wordMatch(sql`a.name_vector`)} OR lower(a.original_name) LIKE ${like})
          ORDER BY a.original_name, a.id LIMIT 20
        ) f) AS files`),
  );
  const chatRows = (parseJson<[number, string, boolean][]>(reach?.chats) ?? []).map(([id, config, titled]) => ({
    id,
    config,
    titled,
  }));
  const ids = chatRows.map((r) => r.id);
  if (ids.length === 0) return { attachments: [], chats: [], messages: [] };
  const titled = chatRows
    .filter((r) => r.titled)
    .slice(0, 20)
    .map((r) => r.id);
  const matchedChats = titled.length
    ? await listChats(db, viewer, { ...(customerId !== undefined ? { customerId } : {}), chatIds: titled })
    : [];
  const files =
    parseJson<
      {
        id: number;
        fileId: string;
        originalName: string;
        mimeType: string;
        size: number | string;
        chatId: number;
        messageId: number | null;
      }[]
    >(reach?.files) ?? [];
  return {
    attachments: files.map((f) => ({ ...f, filename: f.originalName, size: Number(f.size) })),
    chats: matchedChats,
    messages: (
      await searchMessagesIn(
        db,
        viewer,
        ids,
        chatRows.map((r) => r.config),
        phrase,
        SEARCH_PAGE_SIZE,
      )
    ).messages,
  };
}

// ---------------------------------------------------------------- admin

/**
 * Customers an admin looks up to open their chats: by external id (the user id), and/or by a piece of
 * their name or e-mail (case-insensitive; digits also match the id). One query for
 * GET /chat/api/admin/users and GET /api/2/admin/chat/getUsers.
 */
export async function findChatCustomers(
  db: Db,
  by: { externalIds?: string[]; query?: string },
  limit = CHAT_ADMIN_USER_LIMIT,
) {
  const ids = (by.externalIds ?? []).map((s) => Number(s)).filter((n) => Number.isInteger(n) && n > 0 && n < 2 ** 31);
  const text = (by.query ?? '').trim().toLowerCase();
  if (/^\d{1,9}$/.test(text)) ids.push(Number(text));
  const matches: SQL[] = [];
  if (ids.length > 0) matches.push(inArray(users.id, ids));
  if (text !== '') {
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    matches.push(sql`(lower(${users.name}) LIKE ${like} OR lower(${users.email}) LIKE ${like})`);
  }
  if (matches.length === 0) return [];
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      type: users.type,
      isAdmin: users.isAdmin,
      thumbUrl: users.thumbUrl,
    })
    .from(users)
    .where(and(eq(users.type, 'customer'), or(...matches)))
    .orderBy(asc(users.name), asc(users.id))
    .limit(limit);
  return rows.map((u) => ({
    id: u.id,
    externalId: String(u.id),
    name: u.name,
    email: u.email,
    type: presentType(u.type, u.isAdmin),
    pictureUrl: u.thumbUrl,
  }));
}

/** At most this many customers per admin look-up. */
export const CHAT_ADMIN_USER_LIMIT = 100;
