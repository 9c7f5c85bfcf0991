// The message box (/mbox): a user's messages about their projects, discussions, payouts and admin notices.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminNoticeSchema,
  markMessagesReadSchema,
  markReadAnswerSchema,
  messageListSchema,
  messagesQuerySchema,
} from '@parlance/shared';
import { requireUser } from '../../platform/guards';
import { presentMessage } from './present';
import { listMessages, markRead, sendNotice } from './service';

const TAGS = ['Messages'];

export const messageRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get(
    '/api/2/account/messages',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary: "The signed-in user's messages, newest first, filtered by status (all, unread, read) and type",
        querystring: messagesQuerySchema,
        response: { 200: messageListSchema },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      const found = await listMessages(deps.db, user.id, request.query);
      return { data: found.rows.map(presentMessage), totalCount: found.totalCount, unread: found.unread };
    },
  );

  app.post(
    '/api/2/account/messages/:id/read',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary: 'Mark one message read (it stays read)',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: markReadAnswerSchema },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      const answer = await markRead(deps.db, user.id, [request.params.id], deps.clock.now());
      deps.bus.notify();
      return answer;
    },
  );

  app.post(
    '/api/2/account/messages/read',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary: 'Mark several messages read at once (ids[]): all of them or, when one is not yours, none',
        body: markMessagesReadSchema,
        response: { 200: markReadAnswerSchema },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      const answer = await markRead(deps.db, user.id, request.body.ids, deps.clock.now());
      deps.bus.notify();
      return answer;
    },
  );

  app.post(
    '/api/2/admin/messages',
    {
      config: { access: 'users.act' },
      schema: {
        tags: TAGS,
        summary: "An admin notice to one user's message box (user_id, subject, body)",
        body: adminNoticeSchema,
        response: { 200: z.object({ id: z.number().int() }) },
      },
    },
    async (request) => {
      const id = await sendNotice(
        deps.db,
        { userId: request.body.user_id, subject: request.body.subject, body: request.body.body },
        deps.clock.now(),
      );
      deps.bus.notify();
      return { id };
    },
  );
};
