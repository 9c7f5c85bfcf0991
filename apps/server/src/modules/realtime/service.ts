import { and, asc, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { projects, realtimeEvents } from '../../db/schema';
import type { UserRow } from '../../platform/session';
import { openJobSql } from '../projects/matching';

// Which realtime events a user may see, read in id order from a cursor (ADR 0050). An event
// addressed to the user is theirs; one addressed to a role goes to every user
// of that role, except that 'project.opened' goes to a translator only while the job is offered to them.

export interface OutgoingEvent {
  id: number;
  type: string;
  payload: Record<string, unknown>;
}

export interface ScannedEvent extends OutgoingEvent {
  /** written long enough ago that no transaction still running can commit an event before it */
  settled: boolean;
  visible: boolean;
}

/** How long an event id stays "unsettled": a transaction that began earlier may still commit a smaller id. */
export const SETTLE_SECONDS = 30;
const BATCH = 500;

export type Viewer = Pick<UserRow, 'id' | 'type'>;

function audienceSql(viewer: Viewer): SQL {
  return or(eq(realtimeEvents.userId, viewer.id), eq(realtimeEvents.role, viewer.type)) as SQL;
}

/** The id of the newest event (0 when none): where a client that wants no replay starts. */
export async function newestEventId(db: Db): Promise<number> {
  const [row] = await db.select({ id: sql<number | string | null>`max(${realtimeEvents.id})` }).from(realtimeEvents);
  return Number(row?.id ?? 0);
}

/**
 * One batch of the viewer's events after `afterId`, in id order (at most 500; `full` says more may
 * follow). Each is marked visible (may be sent) and settled (old enough to move the cursor past).
 */
export async function scanEvents(
  db: Db,
  viewer: Viewer,
  afterId: number,
  now: Date,
): Promise<{ events: ScannedEvent[]; full: boolean }> {
  const rows = await db
    .select({
      id: realtimeEvents.id,
      userId: realtimeEvents.userId,
      role: realtimeEvents.role,
      type: realtimeEvents.type,
      payload: realtimeEvents.payload,
      settled: sql<boolean>`${realtimeEvents.createdAt} < now() - make_interval(secs => ${SETTLE_SECONDS})`,
    })
    .from(realtimeEvents)
    .where(and(gt(realtimeEvents.id, afterId), audienceSql(viewer)))
    .orderBy(asc(realtimeEvents.id))
    .limit(BATCH);
  const offered = await jobsOfferedNow(db, viewer, rows, now);
  const events = rows.map((r) => ({
    id: Number(r.id),
    type: r.type,
    payload: r.payload,
    settled: r.settled === true || String(r.settled) === 't',
    visible: !needsMatching(viewer, r) || offered.has(projectIdOf(r.payload) ?? -1),
  }));
  return { events, full: rows.length === BATCH };
}

function projectIdOf(payload: Record<string, unknown>): number | null {
  const id = Number(payload.projectId);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Role-wide 'project.opened' events go to a translator only when the job matches them now. */
function needsMatching(viewer: Viewer, row: { userId: number | null; type: string }): boolean {
  return row.userId !== viewer.id && row.type === 'project.opened';
}

async function jobsOfferedNow(
  db: Db,
  viewer: Viewer,
  rows: { userId: number | null; type: string; payload: Record<string, unknown> }[],
  now: Date,
): Promise<Set<number>> {
  const ids = [
    ...new Set(
      rows
        .filter((r) => needsMatching(viewer, r))
        .map((r) => projectIdOf(r.payload))
        .filter((id): id is number => id !== null),
    ),
  ];
  if (ids.length === 0 || viewer.type !== 'translator') return new Set();
  const matched = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(inArray(projects.id, ids), openJobSql(viewer.id, now)));
  return new Set(matched.map((r) => r.id));
}
