import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

// The minimal project row the foundation needs (admin "go to project", isProjectExist).
// The ordering and lifecycle work extends it with its own migrations.
export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    status: text('status').notNull().default('PENDING'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('projects_customer_idx').on(t.customerId)],
);
