// Team chat (spec 3): chats, members, messages, reactions, pins, files, search and the live channel, under /chat/api.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHAT_LIMITS,
  CHAT_TEXTS,
  chatAddedSchema,
  chatAdminUsersSchema,
  chatCurrentUserSchema,
  chatDeletedSchema,
  chatFilesSchema,
  chatHistoryPageSchema,
  chatHistoryQuerySchema,
  chatInChatSearchSchema,
  chatListEntrySchema,
  chatListSchema,
  chatMessageListSchema,
  chatMessageSchema,
  chatMessageWithPageSchema,
  chatNotificationsSchema,
  chatPeopleSchema,
  chatRemovedSchema,
  chatSearchSchema,
  chatSeenSchema,
  chatUploadSchema,
  REACTION_TYPES,
} from '@parlance/shared';
import { AppError, badRequest, forbidden } from '../../platform/errors';
import { requireUser } from '../../platform/guards';
import { FileTooLargeError } from '../../platform/storage';
import type { UserRow } from '../../platform/session';
import { users } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { ChatConnection, ChatHub, type ChatSocket } from './live';
import './moderation-source';
import { can, chatRole } from './policy';
import {
  addMember,
  attachmentFor,
  chatFiles,
  contactsOf,
  createChat,
  deleteAttachment,
  deleteMessage,
  findChatCustomers,
  getChat,
  globalSearch,
  historyPage,
  listChats,
  listMembers,
  markSeen,
  messageWithPage,
  moderateMessage,
  patchChat,
  pinMessage,
  pinnedMessages,
  recordUpload,
  removeMember,
  SEARCH_CANDIDATES_PER_RESULT,
  SEARCH_PAGE_SIZE,
  searchInChat,
  sendMessage,
  setChatRemoved,
  syncMyTeamChats,
  toggleReaction,
  unreadNotifications,
  type Viewer,
} from './service';
import { requireUpgrade } from '../../platform/websocket-route';
import { compiledAnswer } from '../../platform/serializer';

export const CHAT_BASE = '/chat/api';
const FILES_BASE = '/file-storage/api/files';
const TAGS = ['Team chat'];
// The reads a chat user makes most (history while scrolling, search while typing) are written by a
// serializer compiled from their schema (platform/serializer.ts): zod's encode and JSON.stringify of
// 30 to 50 messages was a good part of the Node time of each.
const HISTORY_ANSWER = compiledAnswer(chatHistoryPageSchema);
const SEARCH_ANSWER = compiledAnswer(chatSearchSchema);
const IN_CHAT_SEARCH_ANSWER = compiledAnswer(chatInChatSearchSchema);

const id = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);
const idRef = z.object({ id });
const bigId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The signed-in caller as the chat sees them; every chat route takes the bearer token (`credentials: 'bearer'`). */
const viewerOf = (request: FastifyRequest): UserRow & Viewer => {
  const auth = requireUser(request);
  return { ...auth.user, actor: auth };
};

const sendSchema = z.object({
  text: z.string().max(CHAT_LIMITS.messageMax, CHAT_TEXTS.messageTooLong).default(''),
  chat: idRef,
  attachments: z
    .array(z.union([id, idRef]))
    .max(20)
    .default([]),
  clientId: z.string().trim().min(1).max(100).optional(),
});
const replySchema = sendSchema.extend({ message: z.object({ id: bigId }) });

const attachmentIds = (list: (number | { id: number })[]) => list.map((a) => (typeof a === 'number' ? a : a.id));

export const chatRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const hub = new ChatHub(deps.db, deps.bus, (error) => app.log.error({ err: error }, 'chat hub failed'));
  app.addHook('onClose', async () => hub.close());

  // PATCH calls may come as JSON merge patches (RFC 7396): the same JSON body
  app.addContentTypeParser('application/merge-patch+json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, body === '' ? {} : JSON.parse(String(body)));
    } catch {
      done(badRequest('The request body is not valid JSON'), undefined);
    }
  });

  /** After a commit: wake the hubs (this and other instances). */
  const changed = () => deps.bus.notify();
  /** Answers what a change returns, once the hubs are woken. */
  const afterChange = async <T>(work: Promise<T>): Promise<T> => {
    const result = await work;
    changed();
    return result;
  };

  app.get(
    `${CHAT_BASE}/current-user`,
    {
      config: { access: 'user', credentials: 'bearer' },
      schema: { tags: TAGS, summary: 'The signed-in chat user', response: { 200: chatCurrentUserSchema } },
    },
    async (request) => {
      const user = viewerOf(request);
      return { id: user.id, name: user.name, type: chatRole(user), pictureUrl: user.thumbUrl };
    },
  );

  app.get(
    `${CHAT_BASE}/chats`,
    {
      config: { access: 'user', credentials: 'bearer' },
      schema: {
        tags: TAGS,
        summary: "The user's chats in list order (pinned first, then latest activity); admins may pass customer",
        querystring: z.object({ customer: id.optional() }),
        response: { 200: chatListSchema },
      },
    },
    async (request) => {
      const user = viewerOf(request);
      const customerId = request.query.customer;
      if (customerId !== undefined && !can(user, 'openCustomerChat')) throw forbidden(CHAT_TEXTS.notAllowed);
      if (customerId === undefined) {
        await syncMyTeamChats(deps.db, user);
        changed();
      } else {
        const [c] = await deps.db
          .select({ id: users.id, type: users.type, isAdmin: users.isAdmin, name: users.name })
          .from(users)
          .where(eq(users.id, customerId));
        if (c) await syncMyTeamChats(deps.db, { ...c, type: c.type, isAdmin: c.isAdmin, name: c.name });
      }
      return { data: await listChats(deps.db, user, customerId !== undefined ? { customerId } : {}) };
    },
  );

  app.get(
    `${CHAT_BASE}/chats/:id`,
    {
      config: { access: 'user', credentials: 'bearer' },
      schema: { tags: TAGS, summary: 'One chat', params: z.object({ id }), response: { 200: chatListEntrySchema } },
    },
    async (request) => getChat(deps.db, viewerOf(request), request.params.id),
  );

  app.post(
    `${CHAT_BASE}/chats`,
    {
      config: { access: 'user', credentials: 'bearer' },
      schema: {
        tags: TAGS,
        summary: 'Create a team group (customers, and admins on behalf of a customer)',
        body: z.object({
          title: z.string().max(1000),
          members: z
            .array(z.union([id, idRef]))
            .min(1, CHAT_TEXTS.noMembers)
            .max(200),
          customer: idRef.optional(),
        }),
        response: { 201: chatListEntrySchema },
      },
    },
    async (request, reply) => {
      const user = viewerOf(request);
      const chatId = await createChat(deps.db, user, {
        title: request.body.title,
        memberIds: attachmentIds(request.body.members),
        customerId: request.body.customer?.id,
      });
      changed();
      reply.code(201);
      return getChat(deps.db, user, chatId);
    },
  );

  app.patch(
    `${CHAT_BASE}/chats/:id`,
    {
      config: { access: 'user', credentials: 'bearer' },
      schema: {
        tags: TAGS,
        summary: 'Rename (title) or pin in your list (isPinned)',
        params: z.object({ id }),
        body: z.object({ title: z.string().max(1000).optional(), isPinned: z.boolean().optional() }),
        response: { 200: chatListEntrySchema },
      },
    },
    async (request) => {
      const user = viewerOf(request);
      await patchChat(deps.db, user, request.params.id, request.body);
      changed();
      return getChat(deps.db, user, request.params.id);
    },
  );

  // Removal and restore mirror a message's delete and restore (DELETE, then PATCH .../restore): a
  // removed chat stays, read-only with its lock (ADR 0098).
  app.delete(
    `${CHAT_BASE}/chats/:id`,
    {
      config: { access: 'user', credentials: 'bearer' },
      schema: {
        tags: TAGS,
        summary:
          "Remove a chat: it becomes read-only for its members (admins with the moderation permission; a team group's owner)",
        params: z.object({ id }),
        response: { 200: chatListEntrySchema },
      },
    },
    async (request) => {
      const user = viewerOf(request);
      await setChatRemoved(deps.db, user, request.params.id, true, { now: deps.clock.now(), ip: request.ip });
      changed();
      return getChat(deps.db, user, request.params.id);
    },
  );

  app.patch(
    `${CHAT_BASE}/chats/:id/restore`,
    {
      config: { access: 'moderation.write', credentials: 'bearer' },
      schema: {
        tags: TAGS,
        summary: 'Restore a removed chat: its members may write again (admins)',
        params: z.object({ id }),
        response: { 200: chatListEntrySchema },
      },
    },
    async (request) => {
      const user = viewerOf(request);
      await setChatRemoved(deps.db, user, request.params.id, false, { now: deps.clock.now(), ip: request.ip });
      changed();
      return getChat(deps.db, user, request.params.id);
    },
  );

  app.patch(
    `${CHAT_BASE}/chats/:id/seen`,
    {
      config: { access: 'user', credentials: 'bearer' },
      schema: {
        tags: TAGS,
        summary: "Mark the chat's notifications seen",
        params: z.object({ id }),
        response: { 200: chatSeenSchema },
      },
    },
    async (request) => {
      const seen = await markSeen(deps.db, viewerOf(request), request.params.id, deps.clock.now());
      if (seen) changed();
      return { seen };
    },
  );

  app.get(
    `${CHAT_BASE}/chats/:id/messages`,
    {
      config: { access: 'user', credentials: 'bearer' },
      schema: {
        tags: TAGS,
        summary:
          'One page of history (30 messages; page 1 is the newest), in creation order; or, with before / after (a message id), the 30 messages just older / newer than that message (page is then the page of the newest one returned)',
        params: z.object({ id }),
        querystring: chatHistoryQuerySchema,
        response: { 200: HISTORY_ANSWER },
      },
    },
    async (request) => {
      const { page, before, after } = request.query;
      const from = before !== undefined ? { before } : after !== undefined ? { after } : { page };
      return historyPage(deps.db, viewerOf(request), request.params.id, from);
    },
  );

  app.get(
    `${CHAT_BASE}/chats/:id/pinnedMessages`,
    {
      config: { access: 'user', credentials: 'bearer' },
      schema: {
        tags: TAGS,
        summary: 'Pinned messages (pinned bar)',
        params: z.object({ id }),
        response: { 200: chatMessageListSchema },
      },
    },
    async (request) => ({ data: await pinnedMessages(deps.db, viewerOf(request), request.params.id) }),
  );

  /** Both send calls: store once per client id, wake the hubs when stored, 201 when new. */
  const send = async (
    request: FastifyRequest,
    reply: FastifyReply,
    b: z.infer<typeof sendSchema>,
    replyToId?: number,
  ) => {
    const { message, created } = await sendMessage(deps.db, viewerOf(request), {
      chatId: b.chat.id,
      text: b.text,
      attachmentIds: attachmentIds(b.attachments),
      clientId: b.clientId,
      replyToId,
      publicUrl: deps.config.publicUrl,
    });
    if (created) changed();
    reply.code(created ? 201 : 200);
    return message;
  };

  app.post(
    `${CHAT_BASE}/direct-messages`,
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary: 'Send a message (text and/or uploaded attachments); a retry with the same clientId is stored once',
        body: sendSchema,
        response: { 200: chatMessageSchema, 201: chatMessageSchema },
      },
    },
    async (request, reply) => send(request, reply, request.body),
  );

  app.post(
    `${CHAT_BASE}/reply-messages`,
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary: 'Reply to a message',
        body: replySchema,
        response: { 200: chatMessageSchema, 201: chatMessageSchema },
      },
    },
    async (request, reply) => send(request, reply, request.body, request.body.message.id),
  );

  app.post(
    `${CHAT_BASE}/messages/:id/reaction`,
    {
      config: { access: 'user', credentials: 'bearer' },
      schema: {
        tags: TAGS,
        summary: 'Toggle your reaction (like, heart, checked, ok)',
        params: z.object({ id: bigId }),
        body: z.object({ type: z.enum(REACTION_TYPES) }),
        response: { 200: chatMessageSchema },
      },
    },
    async (request) => afterChange(toggleReaction(deps.db, viewerOf(request), request.params.id, request.body.type)),
  );

  app.get(
    `${CHAT_BASE}/messages/:id`,
    {
      config: { access: 'user', credentials: 'bearer' },
      schema: {
        tags: TAGS,
        summary: 'One message with its pageNumber (jump to it)',
        params: z.object({ id: bigId }),
        response: { 200: chatMessageWithPageSchema },
      },
    },
    async (request) => messageWithPage(deps.db, viewerOf(request), request.params.id),
  );

  app.patch(
    `${CHAT_BASE}/messages/:id`,
    {
      config: { access: 'user', credentials: 'bearer' },
      schema: {
        tags: TAGS,
        summary: 'Pin or unpin a message (isPinned)',
        params: z.object({ id: bigId }),
        body: z.object({ isPinned: z.boolean() }),
        response: { 200: chatMessageSchema },
      },
    },
    async (request) => afterChange(pinMessage(deps.db, viewerOf(request), request.params.id, request.body.isPinned)),
  );

  // Delete and restore are one admin call each on a message: the same route but for the flag.
  for (const [method, url, summary, restore] of [
    ['DELETE', `${CHAT_BASE}/messages/:id`, 'Delete a message (admins)', false],
    ['PATCH', `${CHAT_BASE}/messages/:id/restore`, 'Restore a deleted message (admins; the Undo of a delete)', true],
  ] as const) {
    app.route({
      method,
      url,
      config: { access: 'moderation.write' },
      schema: { tags: TAGS, summary, params: z.object({ id: bigId }), response: { 200: chatMessageSchema } },
      handler: async (request) => afterChange(deleteMessage(deps.db, viewerOf(request), request.params.id, restore)),
    });
  }

  app.patch(
    `${CHAT_BASE}/messages/:id/moderation`,
    {
      config: { access: 'moderation.write', credentials: 'bearer' },
      schema: {
        tags: TAGS,
        summary: 'Approve or decline a message on moderation (admins)',
        params: z.object({ id: bigId }),
        body: z.object({ status: z.enum(['approved', 'declined']) }),
        response: { 200: chatMessageSchema },
      },
    },
    async (request) =>
      afterChange(
        moderateMessage(deps.db, viewerOf(request), request.params.id, request.body.status, {
          now: deps.clock.now(),
          publicUrl: deps.config.publicUrl,
          ip: request.ip,
        }),
      ),
  );

  app.delete(
    `${CHAT_BASE}/messages/:id/attachments/:attachmentId`,
    {
      config: { access: 'user', credentials: 'bearer' },
      schema: {
        tags: TAGS,
        summary: 'Remove an attachment (its uploader or an admin)',
        params: z.object({ id: bigId, attachmentId: id }),
        response: { 200: chatDeletedSchema },
      },
    },
    async (request) => {
      await deleteAttachment(deps.db, viewerOf(request), request.params.attachmentId, request.params.id);
      changed();
      return { deleted: true as const };
    },
  );

  app.post(
    `${CHAT_BASE}/chat-members`,
    {
      config: { access: 'user', credentials: 'bearer' },
      schema: {
        tags: TAGS,
        summary: 'Add a member to a team group',
        body: z.object({ chat: idRef, user: idRef }),
        response: { 201: chatAddedSchema },
      },
    },
    async (request, reply) => {
      await addMember(deps.db, viewerOf(request), request.body.chat.id, request.body.user.id);
      changed();
      reply.code(201);
      return { added: true as const };
    },
  );

  app.delete(
    `${CHAT_BASE}/chat-members/:chatId/:userId`,
    {
      config: { access: 'user', credentials: 'bearer' },
      schema: {
        tags: TAGS,
        summary: 'Remove a member',
        params: z.object({ chatId: id, userId: id }),
        response: { 200: chatRemovedSchema },
      },
    },
    async (request) => {
      await removeMember(deps.db, viewerOf(request), request.params.chatId, request.params.userId);
      changed();
      return { removed: true as const };
    },
  );

  app.get(
    `${CHAT_BASE}/chat-members/:chatId`,
    {
      config: { access: 'user', credentials: 'bearer' },
      schema: {
        tags: TAGS,
        summary: 'Members of a chat (not for translators)',
        params: z.object({ chatId: id }),
        response: { 200: chatPeopleSchema },
      },
    },
    async (request) => ({ data: await listMembers(deps.db, viewerOf(request), request.params.chatId) }),
  );

  app.get(
    `${CHAT_BASE}/notifications`,
    {
      config: { access: 'user', credentials: 'bearer' },
      schema: {
        tags: TAGS,
        summary: 'Unseen notifications grouped by chat and type; total is the header badge',
        querystring: z.object({ 'exists[seenAt]': z.enum(['false']).optional() }),
        response: { 200: chatNotificationsSchema },
      },
    },
    async (request) => unreadNotifications(deps.db, viewerOf(request)),
  );

  app.get(
    `${CHAT_BASE}/chat-attachments/:chatId`,
    {
      config: { access: 'user', credentials: 'bearer' },
      schema: {
        tags: TAGS,
        summary: 'Files of a chat',
        params: z.object({ chatId: id }),
        response: { 200: chatFilesSchema },
      },
    },
    async (request) => ({ data: await chatFiles(deps.db, viewerOf(request), request.params.chatId) }),
  );

  const phrase = z.string().trim().min(1).max(200);
  app.get(
    `${CHAT_BASE}/search/:phrase`,
    {
      config: { access: 'user', credentials: 'bearer' },
      schema: {
        tags: TAGS,
        summary: 'Search files, chats and messages of your chats (admins: of a customer)',
        params: z.object({ phrase }),
        querystring: z.object({ customer: id.optional() }),
        response: { 200: SEARCH_ANSWER },
      },
    },
    async (request) => {
      const user = viewerOf(request);
      if (request.query.customer !== undefined && !can(user, 'openCustomerChat'))
        throw forbidden(CHAT_TEXTS.notAllowed);
      return globalSearch(deps.db, user, request.params.phrase, request.query.customer);
    },
  );

  app.get(
    `${CHAT_BASE}/chat/:chatId/search/:phrase`,
    {
      config: { access: 'user', credentials: 'bearer' },
      schema: {
        tags: TAGS,
        summary: 'Search messages of one chat, a page at a time',
        params: z.object({ chatId: id, phrase }),
        // the `next` of the page before: older matches than `before`, from the `skip`th best of them
        querystring: z.object({
          before: id.optional(),
          skip: z.coerce
            .number({ message: 'skip must be a number' })
            .int('skip must be a whole number')
            .min(0, 'skip must be 0 or more')
            .max(SEARCH_PAGE_SIZE * SEARCH_CANDIDATES_PER_RESULT - 1, 'skip is past the page')
            .optional(),
        }),
        response: { 200: IN_CHAT_SEARCH_ANSWER },
      },
    },
    async (request) =>
      searchInChat(deps.db, viewerOf(request), request.params.chatId, request.params.phrase, {
        ...(request.query.before !== undefined ? { before: request.query.before } : {}),
        ...(request.query.skip !== undefined ? { skip: request.query.skip } : {}),
      }),
  );

  app.get(
    `${CHAT_BASE}/my-contacts`,
    {
      config: { access: 'user', credentials: 'bearer' },
      schema: { tags: TAGS, summary: 'People you may put in a chat', response: { 200: chatPeopleSchema } },
    },
    async (request) => ({ data: (await contactsOf(deps.db, viewerOf(request))).map((user) => ({ user })) }),
  );

  app.get(
    `${CHAT_BASE}/admin/user-contacts/:userId`,
    {
      config: { access: 'backoffice.read', credentials: 'bearer' },
      schema: {
        tags: TAGS,
        summary: "A customer's contacts (admins)",
        params: z.object({ userId: id }),
        response: { 200: chatPeopleSchema },
      },
    },
    async (request) => {
      const user = viewerOf(request);
      if (!can(user, 'openCustomerChat')) throw forbidden(CHAT_TEXTS.notAllowed);
      return { data: (await contactsOf(deps.db, user, request.params.userId)).map((u) => ({ user: u })) };
    },
  );

  app.get(
    `${CHAT_BASE}/admin/users`,
    {
      config: { access: 'backoffice.read', credentials: 'bearer' },
      schema: {
        tags: TAGS,
        summary: 'Customers by external id (admins)',
        querystring: z.object({
          'externalId[]': z.union([z.string().max(40), z.array(z.string().max(40)).max(100)]).optional(),
        }),
        response: { 200: chatAdminUsersSchema },
      },
    },
    async (request) => {
      const user = viewerOf(request);
      if (!can(user, 'openCustomerChat')) throw forbidden(CHAT_TEXTS.notAllowed);
      const raw = request.query['externalId[]'];
      const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
      return { data: await findChatCustomers(deps.db, { externalIds: list }) };
    },
  );

  // ------------------------------------------------------------ files

  app.post(
    FILES_BASE,
    {
      config: { access: 'user', credentials: 'bearer', multipart: { file: 'file' } },
      schema: {
        tags: TAGS,
        summary: 'Upload a chat file (multipart field file, at most 100 MB): answers id, originalName, size, mimeType',
        consumes: ['multipart/form-data'],
        response: { 201: chatUploadSchema },
      },
    },
    async (request, reply) => {
      const user = viewerOf(request);
      if (!request.isMultipart()) throw badRequest('Please send the file as multipart/form-data (field file)');
      const part = await request.file({ limits: { fileSize: CHAT_LIMITS.attachmentMaxBytes + 1 } });
      if (part?.fieldname !== 'file') throw badRequest('Please choose a file', { file: 'Please choose a file' });
      let stored: Awaited<ReturnType<typeof deps.storage.put>>;
      try {
        stored = await deps.storage.put(part.file, { maxBytes: CHAT_LIMITS.attachmentMaxBytes });
      } catch (error) {
        if (error instanceof FileTooLargeError) throw new AppError(413, CHAT_TEXTS.fileTooLarge);
        throw error;
      }
      if (part.file.truncated) {
        await deps.storage.delete(stored.id);
        throw new AppError(413, CHAT_TEXTS.fileTooLarge);
      }
      const name = (part.filename || 'file').slice(0, 255);
      reply.code(201);
      return recordUpload(deps.db, user, {
        fileId: stored.id,
        originalName: name,
        mimeType: (part.mimetype || 'application/octet-stream').slice(0, 200),
        size: stored.size,
      });
    },
  );

  app.delete(
    `${FILES_BASE}/:id`,
    {
      config: { access: 'user', credentials: 'bearer' },
      schema: {
        tags: TAGS,
        summary: 'Delete an uploaded chat file (its uploader or an admin)',
        params: z.object({ id }),
        response: { 200: chatDeletedSchema },
      },
    },
    async (request) => {
      await deleteAttachment(deps.db, viewerOf(request), request.params.id);
      changed();
      return { deleted: true as const };
    },
  );

  app.get(
    `${FILES_BASE}/:id/download`,
    {
      config: { access: 'user', produces: ['*/*'], credentials: 'bearer' },
      schema: { tags: TAGS, summary: 'Download a chat file under its name', params: z.object({ id }) },
    },
    async (request, reply) => {
      const a = await attachmentFor(deps.db, viewerOf(request), request.params.id);
      const stream = await deps.storage.get(a.fileId);
      reply.header('content-type', a.mimeType);
      reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(a.originalName)}`);
      reply.header('x-content-type-options', 'nosniff');
      return reply.send(stream);
    },
  );

  // ------------------------------------------------------------ live channel

  app.get(
    `${CHAT_BASE}/live`,
    {
      config: { access: 'self' },
      websocket: true,
      preValidation: requireUpgrade,
      schema: {
        tags: TAGS,
        summary:
          'Chat WebSocket: ?token= (the bearer token); send { cursors: { chatId: lastSeq } }; answers what was missed after each, then every new event { type, chatId, seq, payload }',
      },
    },
    (connection, request) => {
      const socket = connection as ChatSocket & {
        close(code?: number, reason?: string): void;
        on(event: 'message', l: (data: Buffer | string) => void): void;
        on(event: 'close' | 'error', l: () => void): void;
      };
      let chat: ChatConnection | null = null;
      let closed = false;
      socket.on('close', () => {
        closed = true;
        if (chat) hub.detach(chat);
      });
      socket.on('error', () => {
        closed = true;
        if (chat) hub.detach(chat);
      });
      const query = request.query as Record<string, unknown> | undefined;
      const token =
        typeof query?.token === 'string' ? query.token : request.headers.authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
      const helloSchema = z.object({
        cursors: z.record(z.string().regex(/^\d{1,10}$/), z.number().int().min(0)).default({}),
      });
      let started = false;
      const start = async (cursors: Record<string, number>) => {
        if (started) return;
        started = true;
        const userId = token ? await deps.jwt.verify(token, deps.clock.now()) : null;
        if (userId === null) {
          socket.close(4401, CHAT_TEXTS.tokenNotAvailable);
          return;
        }
        if (closed) return;
        chat = new ChatConnection(userId, socket);
        await hub.attach(chat, cursors);
      };
      socket.on('message', (data) => {
        let cursors: Record<string, number> = {};
        try {
          const parsed = helloSchema.safeParse(JSON.parse(String(data)));
          if (parsed.success) cursors = parsed.data.cursors;
        } catch {
          // not JSON: start without a replay
        }
        start(cursors).catch((error: unknown) => {
          request.log.error({ err: error }, 'chat live channel failed');
          socket.close(1011, 'Server error');
        });
      });
      if (!token) {
        started = true;
        socket.close(4401, CHAT_TEXTS.tokenNotAvailable);
      }
    },
  );
};
