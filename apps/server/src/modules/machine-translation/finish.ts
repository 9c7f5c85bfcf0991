import { randomUUID } from 'node:crypto';
import { eq, or } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { mtJobs, projectResources, users } from '../../db/schema';
import type { MailMessage } from '../../platform/mail';
import { recordEvent } from '../../platform/realtime';
import { afterCommit } from '../../platform/transaction';
import { recordDelivery } from '../projects/deliver';
import { withNames } from '../projects/mails';
import { mailOpenedProjects } from '../projects/opened';
import type { ProjectRecord } from '../projects/present';
import { findProject, personOf, tryMove } from '../projects/service';
import type { MtSetup } from './engine-choice';
import { isMachineOnly } from './queue';
import { mergeAndStore, type SourceFile } from './source-files';
import type { MtTaskDeps } from './deps';

// How a job ends (ADR 0108). All segments translated: a machine-only project is delivered by the
// system through the same delivery as a translator's (files, READY, the customer's mail, the 7-day
// approval window; no translator, so no earnings: the platform keeps the price); a post-editing
// project gets the translated files as reference files for its post-editor. Failed for good: a
// machine-only project opens to translators as an ordinary job, and the customer and the admins are
// told; a post-editing project goes on without a draft. Each end happens once: the job row is
// locked and checked in the transaction that records it.

type JobRow = typeof mtJobs.$inferSelect;

/** The job locked in `tx`, or null when it has already ended. */
async function openJob(tx: Tx, jobId: number): Promise<JobRow | null> {
  const [row] = await tx.select().from(mtJobs).where(eq(mtJobs.id, jobId)).for('update');
  return row && (row.state === 'queued' || row.state === 'running') ? row : null;
}

function endJob(tx: Tx, jobId: number, state: 'done' | 'failed', now: Date, extra: Partial<JobRow> = {}) {
  return tx
    .update(mtJobs)
    .set({ ...extra, state, finishedAt: now, updatedAt: new Date() })
    .where(eq(mtJobs.id, jobId));
}

/** "guide.docx" -> "guide (machine translation).docx" */
export function draftName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0
    ? `${fileName.slice(0, dot)} (machine translation)${fileName.slice(dot)}`
    : `${fileName} (machine translation)`;
}

export async function finishJob(
  deps: MtTaskDeps,
  job: JobRow,
  project: ProjectRecord,
  files: SourceFile[],
  translations: Record<string, string>,
  setup: MtSetup,
  now: Date,
): Promise<void> {
  const machineOnly = isMachineOnly(project.type);
  const merged = await mergeAndStore(
    deps.storage,
    files,
    translations,
    { source: setup.source.iso, target: setup.target.iso },
    machineOnly ? undefined : (f) => draftName(f.fileName.replace(/\.pdf$/i, `.${f.output}`)),
  );
  let used = false;
  const mails: MailMessage[] = [];
  try {
    await deps.db.transaction(async (tx) => {
      if (!(await openJob(tx, job.id))) return;
      const locked = await findProject(tx, project.id, true);
      const progress = { segmentsDone: job.segmentsTotal, wordsDone: job.wordsTotal, engine: job.engine };
      if (machineOnly) {
        if (locked?.status !== 'PREPROCESSING') {
          await endJob(tx, job.id, 'done', now, {
            ...progress,
            lastError: 'The project had moved on; nothing was delivered.',
          });
          return;
        }
        const outcome = await recordDelivery(
          { tx, now, publicUrl: deps.publicUrl, storage: deps.storage },
          locked,
          'machine-deliver',
          merged,
          null,
        );
        mails.push(...outcome.mails);
      } else if (locked && locked.status !== 'CANCELLED' && locked.status !== 'COMPLETED') {
        await tx.insert(projectResources).values(
          merged.map((f) => ({
            uuid: randomUUID(),
            projectId: locked.id,
            context: 'reference' as const,
            storageId: f.storageId,
            fileName: f.fileName,
            mime: f.mime,
            sizeBytes: f.size,
            uploadedBy: null,
            createdAt: now,
          })),
        );
        await announceDraft(tx, locked);
      } else {
        await endJob(tx, job.id, 'done', now, progress);
        return;
      }
      await endJob(tx, job.id, 'done', now, { ...progress, lastError: null });
      used = true;
    });
  } finally {
    if (!used) await Promise.all(merged.map((f) => deps.storage.delete(f.storageId)));
  }
  if (used) await afterCommit(deps, { mails, changed: true });
}

/** The project page of its people reloads its files. */
async function announceDraft(tx: Tx, p: ProjectRecord): Promise<void> {
  for (const userId of [p.customerId, p.translatorId, p.editorId]) {
    if (userId)
      await recordEvent(tx, { userId, type: 'project.updated', payload: { projectId: p.id, status: p.status } });
  }
}

/** The admins who hear that a machine translation failed. */
async function admins(tx: Tx) {
  return tx
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(or(eq(users.type, 'admin'), eq(users.isAdmin, true)))
    .limit(50);
}

export async function failJob(deps: MtTaskDeps, job: JobRow, reason: string, now: Date): Promise<void> {
  const mails: MailMessage[] = [];
  let handedOver = false;
  await deps.db.transaction(async (tx) => {
    if (!(await openJob(tx, job.id))) return;
    await endJob(tx, job.id, 'failed', now, { attempts: job.attempts, lastError: reason });
    const locked = await findProject(tx, job.projectId, true);
    if (!locked) return;
    const machineOnly = isMachineOnly(locked.type);
    if (machineOnly && locked.status === 'PREPROCESSING') {
      handedOver = !!(await tryMove(tx, locked, 'hand-over', { actorId: null, now, note: reason.slice(0, 1000) }));
    }
    const named = await withNames(tx, locked);
    const link = `${deps.publicUrl}/project/${locked.id}`;
    const customer = await personOf(tx, locked.customerId);
    if (customer && machineOnly) {
      mails.push({
        to: customer.email,
        subject: `Machine translation of "${named.name}" failed: a translator will take over`,
        text: `Hello ${customer.name},\n\nThe machine translation of your project "${named.name}" failed: ${reason}\n\nWe have opened it to our translators, who will translate it for the same price. You can follow it at ${link}.\n`,
      });
    }
    for (const admin of await admins(tx)) {
      mails.push({
        to: admin.email,
        subject: `Machine translation failed: project #${locked.id}`,
        text: `The machine translation of project #${locked.id} "${named.name}" failed after ${job.attempts} tries: ${reason}\n\n${
          machineOnly ? 'The project is now open to translators.' : 'The post-editor works without the machine draft.'
        }\n${link}\n`,
      });
    }
  });
  await afterCommit(deps, { mails, changed: true });
  if (handedOver) await mailOpenedProjects(deps.db, deps, [job.projectId], now);
}
