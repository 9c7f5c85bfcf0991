import { and, eq, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { projects } from '../../db/schema';
import type { AuthContext } from '../../platform/session';
import { seesAllProjects } from '../projects/policy';
import { reviewJobsWhere } from '../project-lists/service';
import { notFoundProject } from './access';

// The quality-report forms of a QA or LL task (GET /api/3/tasks/form-types?task_uuid). A task is a
// project of kind qa or ll; its task_uuid is the project's id (projects carry no other public id).

export interface FormType {
  type: 'free' | 'detailed';
  name: string;
}

/** QA reviews may be free text or the detailed error table; LL reviews always use the error table. */
export const TASK_FORMS: Record<'qa' | 'll', FormType[]> = {
  qa: [
    { type: 'detailed', name: 'Detailed review (LISA error table)' },
    { type: 'free', name: 'Free-form review' },
  ],
  ll: [{ type: 'detailed', name: 'Language lead review (LISA error table)' }],
};

/** The task's forms for its reviewer, a translator it is offered to, or an admin; 404 for everyone else. */
export async function taskFormTypes(db: Db, actor: AuthContext, taskUuid: string, now: Date): Promise<FormType[]> {
  if (!/^\d{1,9}$/.test(taskUuid)) throw notFoundProject();
  const id = Number(taskUuid);
  const mayReview = (kind: 'qa' | 'll'): SQL =>
    seesAllProjects(actor) ? eq(projects.kind, kind) : reviewJobsWhere(actor.user.id, kind, now);
  const [task] = await db
    .select({ kind: projects.kind })
    .from(projects)
    .where(and(eq(projects.id, id), or(mayReview('qa'), mayReview('ll'))));
  if (!task || (task.kind !== 'qa' && task.kind !== 'll')) throw notFoundProject();
  return TASK_FORMS[task.kind];
}
