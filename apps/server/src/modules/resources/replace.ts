import { and, eq } from 'drizzle-orm';
import { inStatusGroup } from '@parlance/shared';
import type { FastifyRequest } from 'fastify';
import { PROJECT_TEXTS, type ProjectFile } from '@parlance/shared';
import type { Services } from '../../platform/services';
import type { Db } from '../../db/client';
import { projectResources, projects, workbenchDeliveredReads } from '../../db/schema';
import { AppError, badRequest, forbidden } from '../../platform/errors';
import { recordEvent } from '../../platform/realtime';
import type { AuthContext } from '../../platform/session';
import { deliveryMaxBytes, type Received, storeDeliveredPart } from '../projects/deliver';
import { knownRole } from '../projects/policy';
import { notFoundProject } from './access';
import { presentProjectFile } from './present';
import { readDelivery } from '../workbench/read-delivery';

// Replacing a delivered file with a new version (POST /api/2/projects/{id}/resource/{uuid}): only
// its uploader, only while the work is not yet approved; the same type and size rules as a delivery.
// The row keeps its uuid and id; the old bytes are removed after the new ones are committed.

const DELIVERED_CONTEXTS = ['translation', 'edited'];

interface Target {
  resourceId: number;
  projectId: number;
  customerId: number;
  oldStorageId: string;
}

/** 404 outsiders (or no such file in the project), 403 people of the project who did not upload it, 409 from a wrong status. */
async function replaceTarget(db: Db, actor: AuthContext, projectId: number, uuid: string): Promise<Target> {
  const { user } = actor;
  const [row] = await db
    .select({ project: projects, resource: projectResources })
    .from(projectResources)
    .innerJoin(projects, eq(projects.id, projectResources.projectId))
    .where(and(eq(projectResources.uuid, uuid), eq(projectResources.projectId, projectId)));
  const [project] = row ? [row.project] : await db.select().from(projects).where(eq(projects.id, projectId));
  if (!project || knownRole(actor, project) === null) throw notFoundProject();
  if (!row) throw notFoundProject();
  if (row.resource.uploadedBy !== user.id || !DELIVERED_CONTEXTS.includes(row.resource.context)) throw forbidden();
  if (!inStatusGroup('replaceable', project.status)) {
    throw new AppError(409, PROJECT_TEXTS.moveNotAllowed);
  }
  return {
    resourceId: row.resource.id,
    projectId,
    customerId: project.customerId,
    oldStorageId: row.resource.storageId,
  };
}

const needsFile = () => badRequest(PROJECT_TEXTS.deliveryNeedsFile, { file: PROJECT_TEXTS.deliveryNeedsFile });

/** Reads the one `file` part of the request into storage. */
async function receiveOne(deps: Services, request: FastifyRequest) {
  if (!request.isMultipart()) throw needsFile();
  const limit = deliveryMaxBytes(deps);
  let received: Received | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: limit + 1, files: 1 } })) {
      if (part.type === 'field') continue;
      if (received) {
        part.file.resume();
        continue;
      }
      received = await storeDeliveredPart(deps, part, limit);
    }
  } catch (error) {
    if (received) await deps.storage.delete(received.stored.id);
    throw error;
  }
  if (!received) throw needsFile();
  return received;
}

export async function replaceDeliveredFile(
  deps: Services,
  request: FastifyRequest,
  actor: AuthContext,
  projectId: number,
  uuid: string,
): Promise<ProjectFile> {
  // who and when is checked before a byte is stored
  await replaceTarget(deps.db, actor, projectId, uuid);
  const received = await receiveOne(deps, request);
  let oldStorageId: string;
  let updated: typeof projectResources.$inferSelect;
  try {
    ({ oldStorageId, updated } = await deps.db.transaction(async (tx) => {
      // again inside the transaction, with the project locked: the status may have moved meanwhile
      await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update');
      const target = await replaceTarget(tx, actor, projectId, uuid);
      const [row] = await tx
        .update(projectResources)
        .set({
          storageId: received.stored.id,
          fileName: received.fileName,
          mime: received.mime,
          sizeBytes: received.stored.size,
          createdAt: deps.clock.now(),
        })
        .where(eq(projectResources.id, target.resourceId))
        .returning();
      // the editor reads the new file into the job's segments again (workbench read-delivery.ts)
      await tx.delete(workbenchDeliveredReads).where(eq(workbenchDeliveredReads.projectId, projectId));
      const [status] = await tx.select({ status: projects.status }).from(projects).where(eq(projects.id, projectId));
      await recordEvent(tx, {
        userId: target.customerId,
        type: 'project.updated',
        payload: { projectId, status: status.status },
      });
      return { oldStorageId: target.oldStorageId, updated: row };
    }));
  } catch (error) {
    await deps.storage.delete(received.stored.id);
    throw error;
  }
  deps.bus.notify();
  // the replacement is committed: a file left behind wastes space but loses nothing
  await deps.storage
    .delete(oldStorageId)
    .catch((err) => deps.logger.warn({ err, storageId: oldStorageId }, 'a replaced file could not be deleted'));
  await readDelivery(deps, projectId);
  return presentProjectFile(updated);
}
