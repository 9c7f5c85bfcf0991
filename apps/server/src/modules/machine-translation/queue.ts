import { isMachineOnlyType, MT_PROJECT_TYPES } from '@parlance/shared';
import type { Tx } from '../../db/client';
import { mtJobs } from '../../db/schema';

// The machine-translation queue (ADR 0108): a paid project of an MT type gets one job row in the
// payment's transaction, so a payment that rolls back leaves no job and a paid one always has its
// job. The scheduler's task (task.ts) finds it due.

/** Types where the machine's translation is the delivery: nobody takes the job unless the machine fails. */
export const isMachineOnly = isMachineOnlyType;

/** Types that get a machine translation: the machine-only ones, and post-editing (the draft for the editor). */
export function usesMachineTranslation(type: string): boolean {
  return (MT_PROJECT_TYPES as readonly string[]).includes(type);
}

/** The status a paid project starts in: a machine-only one is prepared by the machine first. */
export function paidStatusOf(type: string): 'PENDING' | 'PREPROCESSING' {
  return isMachineOnly(type) ? 'PREPROCESSING' : 'PENDING';
}

/** One job per paid project of an MT type, due now. */
export async function enqueueMtJobs(tx: Tx, paid: { id: number; type: string }[], now: Date): Promise<number> {
  const rows = paid
    .filter((p) => usesMachineTranslation(p.type))
    .map((p) => ({ projectId: p.id, nextAttemptAt: now, createdAt: now, updatedAt: now }));
  if (rows.length === 0) return 0;
  await tx.insert(mtJobs).values(rows).onConflictDoNothing();
  return rows.length;
}
