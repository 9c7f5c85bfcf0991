import { asc, eq } from 'drizzle-orm';
import type { DisputedSegment } from '@parlance/shared';
import { disputedSegments, workbenchSegments } from '../../db/schema';
import type { Reader } from '../projects/service';

// The segments a customer's dispute points at (ADR 0112), read by whoever opens the job: the
// translator sees what to answer, the admin what to judge, the editor marks them. The customer
// picks them when disputing (projects/moves/dispute.ts stores them).

/** The disputed segments of a project with their source, target and the customer's comment. */
export async function disputedSegmentsOf(db: Reader, projectId: number): Promise<DisputedSegment[]> {
  return db
    .select({
      segmentId: workbenchSegments.id,
      ordinal: workbenchSegments.ordinal,
      source: workbenchSegments.source,
      target: workbenchSegments.target,
      comment: disputedSegments.comment,
    })
    .from(disputedSegments)
    .innerJoin(workbenchSegments, eq(workbenchSegments.id, disputedSegments.segmentId))
    .where(eq(disputedSegments.projectId, projectId))
    .orderBy(asc(workbenchSegments.ordinal));
}
