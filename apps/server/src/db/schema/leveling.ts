import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CONTEST_STATUSES, LEVELING_AFFECT_TYPES } from '@parlance/shared';
import { projects } from './projects';
import { users } from './users';

/**
 * A translator's contest of something that lowers their level (a low rating or review score, a late
 * delivery, a lost dispute): open until an admin accepts it (the item stops counting) or rejects it.
 */
export const levelingContests = pgTable(
  'leveling_contests',
  {
    id: serial('id').primaryKey(),
    translatorId: integer('translator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    attribute: text('attribute', { enum: LEVELING_AFFECT_TYPES }).notNull(),
    /** the review id for qa/ll, the project id otherwise */
    entityId: integer('entity_id').notNull(),
    reason: text('reason'),
    status: text('status', { enum: CONTEST_STATUSES }).notNull().default('open'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('leveling_contests_entity_uq').on(t.translatorId, t.attribute, t.entityId),
    index('leveling_contests_status_idx').on(t.status, t.createdAt, t.id),
  ],
);
