import { eq } from 'drizzle-orm';
import type { MachineTranslationProgress } from '@parlance/shared';
import type { Db, Tx } from '../../db/client';
import { mtJobs } from '../../db/schema';

// The project page's line about the machine translation: only what the customer may read (no
// engine settings, no stored translations).

export async function machineTranslationOf(db: Db | Tx, projectId: number): Promise<MachineTranslationProgress | null> {
  const [job] = await db
    .select({
      state: mtJobs.state,
      segmentsDone: mtJobs.segmentsDone,
      segmentsTotal: mtJobs.segmentsTotal,
      wordsDone: mtJobs.wordsDone,
      wordsTotal: mtJobs.wordsTotal,
      lastError: mtJobs.lastError,
    })
    .from(mtJobs)
    .where(eq(mtJobs.projectId, projectId));
  if (!job) return null;
  const { lastError, ...progress } = job;
  return { ...progress, error: job.state === 'done' ? null : lastError };
}
