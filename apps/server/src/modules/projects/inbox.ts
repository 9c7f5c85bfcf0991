import type { MessageType, ProjectStatus } from '@parlance/shared';
import type { Tx } from '../../db/client';
import { writeUserMessage } from '../../platform/messages';
import type { ProjectRecord } from './present';

// What a project's moves and discussion tell its people in their message box. Called in
// the move's own transaction, so a message exists exactly when the move committed.

interface Notice {
  type: MessageType;
  to: 'customer' | 'translator' | 'both';
  subject: (name: string) => string;
  body: (name: string) => string;
}

const STARTED: Notice = {
  type: 'project_started',
  to: 'customer',
  subject: (n) => `Work started on "${n}"`,
  body: (n) => `A translator has started working on your project "${n}".`,
};

const EXPIRED: Notice = {
  type: 'project_cancelled',
  to: 'customer',
  subject: (n) => `"${n}" expired: refunded in full`,
  body: (n) =>
    `Nobody took your project "${n}" before its deadline, so it was cancelled and its price returned to your credits. You can order it again with a later deadline.`,
};

/** The notice of arriving at `to` from `from`, if that arrival is worth a message. */
function noticeFor(from: ProjectStatus, to: ProjectStatus, move?: string): Notice | null {
  if (move === 'expire') return EXPIRED;
  if (to === 'IN_PROGRESS' && (from === 'PENDING' || from === 'PREPROCESSING')) return STARTED;
  if (to === 'READY' && from !== 'READY') {
    return {
      type: 'project_delivered',
      to: 'customer',
      subject: (n) => `"${n}" was delivered`,
      body: (n) =>
        `The translation of "${n}" is ready. Please review it and approve it, or ask for changes in the discussion.`,
    };
  }
  if (to === 'COMPLETED') {
    return {
      type: 'project_completed',
      to: 'both',
      subject: (n) => `"${n}" is completed`,
      body: (n) => `The project "${n}" is completed.`,
    };
  }
  if (to === 'CANCELLED') {
    return {
      type: 'project_cancelled',
      to: 'both',
      subject: (n) => `"${n}" was cancelled`,
      body: (n) => `The project "${n}" was cancelled.`,
    };
  }
  return null;
}

const linkOf = (p: Pick<ProjectRecord, 'id'>) => `/project/${p.id}`;

export async function messageStatusMove(
  tx: Tx,
  p: ProjectRecord,
  from: ProjectStatus,
  now: Date,
  move?: string,
): Promise<void> {
  const notice = noticeFor(from, p.status, move);
  if (!notice) return;
  const people = [
    ...(notice.to !== 'translator' ? [p.customerId] : []),
    ...(notice.to !== 'customer' && p.translatorId != null ? [p.translatorId] : []),
  ];
  for (const userId of people) {
    await writeUserMessage(tx, {
      userId,
      type: notice.type,
      subject: notice.subject(p.name),
      body: notice.body(p.name),
      link: linkOf(p),
      projectId: p.id,
      now,
    });
  }
}

/** A discussion post: every other person of the project is told, with the post's start. */
export async function messageDiscussionPost(
  tx: Tx,
  p: ProjectRecord,
  people: number[],
  authorId: number,
  authorName: string,
  text: string,
  now: Date,
): Promise<void> {
  const excerpt = text.length > 300 ? `${text.slice(0, 297)}...` : text;
  for (const userId of people) {
    if (userId === authorId) continue;
    await writeUserMessage(tx, {
      userId,
      type: 'discussion',
      subject: `New post in "${p.name}" from ${authorName}`,
      body: excerpt,
      link: linkOf(p),
      projectId: p.id,
      now,
    });
  }
}
