import { type Message, MESSAGE_TYPE_LABELS } from '@parlance/shared';
import type { userMessages } from '../../db/schema';

export type MessageRecord = typeof userMessages.$inferSelect;

export function presentMessage(row: MessageRecord): Message {
  return {
    id: row.id,
    type: row.type,
    typeLabel: MESSAGE_TYPE_LABELS[row.type],
    subject: row.subject,
    body: row.body,
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
