import type { Tx } from '../../../db/client';
import type { projects } from '../../../db/schema';
import type { Storage } from '../../../platform/storage';
import { issueCertificate } from '../../certificates/issue';
import { postEarnings } from '../money';
import type { ProjectRecord } from '../present';
import { tryMove } from '../service';

/**
 * Completion (approve, auto-complete, resolve): posts the earnings and, for a project ordered with a
 * certificate, issues it (ADR 0090), in the same transaction.
 */
export async function complete(
  tx: Tx,
  project: ProjectRecord,
  move: 'approve' | 'auto-complete' | 'resolve-pay' | 'resolve-partial',
  opts: {
    actorId: number | null;
    now: Date;
    storage: Storage;
    note?: string | null;
    set?: Partial<typeof projects.$inferInsert>;
  },
): Promise<ProjectRecord | null> {
  const row = await tryMove(tx, project, move, {
    actorId: opts.actorId,
    now: opts.now,
    note: opts.note,
    set: { ...opts.set, completedAt: opts.now, earningsPostedAt: opts.now },
  });
  if (!row) return null;
  await postEarnings(tx, row, opts.actorId);
  await issueCertificate(tx, opts.storage, row, opts.now);
  return row;
}
