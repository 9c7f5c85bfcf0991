import { inStatusGroup } from '@parlance/shared';
import { AppError } from '../../platform/errors';
import type { Services } from '../../platform/services';
import { findProject } from '../projects/service';
import { deliveredNote } from './delivered';
import { ensureOpened, pairOf } from './open';

// A delivery of files, read into the job's segments right after it commits, in the delivery's
// request (ADR 0122): the job's segments are stored (as on a first open) and its delivered files
// read into targets, so that opening the job later reads only what this stored.

/**
 * Reads a just-delivered job's files into its segments and stores the outcome. A failure here
 * never undoes the delivery: it is logged, and the first open of the job reads the files instead.
 */
export async function readDelivery(
  deps: Pick<Services, 'db' | 'storage' | 'clock' | 'logger'>,
  projectId: number,
): Promise<void> {
  try {
    const project = await findProject(deps.db, projectId);
    if (!project || !inStatusGroup('delivered', project.status)) return;
    try {
      await ensureOpened(deps, project);
    } catch (error) {
      // a job whose files the editor cannot read is not opened in the editor at all
      if (error instanceof AppError && error.statusCode === 409) return;
      throw error;
    }
    const pair = await pairOf(deps.db, project);
    await deliveredNote(deps, project, pair.target.iso);
  } catch (error) {
    deps.logger.warn({ err: error, projectId }, 'reading the delivered files into the editor failed');
  }
}
