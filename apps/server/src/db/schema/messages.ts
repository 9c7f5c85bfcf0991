import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { MESSAGE_TYPES } from '@parlance/shared';
import { projects } from './projects';
import { users } from './users';

/**
 * The message box (/mbox): one row per thing a user is told about (a project started, delivered or
 * completed, a discussion post, a payout's status, an admin notice). Written in the transaction of
 * the event that causes it; `read_at` is set once and never cleared ("a message marked read stays read").
 */
export const userMessages = pgTable(
  'user_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: MESSAGE_TYPES }).notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** an in-app path the message points to (a project page, /balance) */
    link: text('link'),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // the box, newest first, and the same filtered by type
    index('user_messages_user_idx').on(t.userId, t.createdAt, t.id),
    index('user_messages_user_type_idx').on(t.userId, t.type, t.createdAt),
    // the unread count of the user bar: a partial index holds only unread rows
    index('user_messages_unread_idx').on(t.userId).where(sql`${t.readAt} IS NULL`),
  ],
);
