import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type ContestStatus, DASHBOARD_TEXTS, type LevelingAffectType } from '@parlance/shared';
import type { Db } from '../../db/client';
import { levelingContests, projects, users } from '../../db/schema';
import { badRequest, notFound } from '../../platform/errors';
import { pgErrorOf } from '../../platform/ledger';
import { isAffecting } from './leveling';

// Contests of what lowers a level (POST /api/2/leveling/rejected-project): the translator names one
// affecting item; it is stored open and shows as contested on the dashboard; staff with the
// language-management permission accept it (it stops counting at the next recompute) or reject it.

export async function createContest(
  db: Db,
  translatorId: number,
  input: { project_id: number; entity_id: number; attribute: LevelingAffectType; reason?: string },
  now: Date,
) {
  const [project] = await db
    .select({ translatorId: projects.translatorId })
    .from(projects)
    .where(eq(projects.id, input.project_id));
  // someone else's project (or none): 404, whatever the other fields say
  if (!project || project.translatorId !== translatorId) throw notFound();
  const target = { projectId: input.project_id, entityId: input.entity_id, attribute: input.attribute };
  if (!(await isAffecting(db, translatorId, target, now))) throw badRequest(DASHBOARD_TEXTS.notAffecting);
  try {
    const [row] = await db
      .insert(levelingContests)
      .values({
        translatorId,
        projectId: input.project_id,
        attribute: input.attribute,
        entityId: input.entity_id,
        reason: input.reason || null,
        createdAt: now,
      })
      .returning();
    return row;
  } catch (err) {
    if (pgErrorOf(err)?.code === '23505') throw badRequest(DASHBOARD_TEXTS.alreadyContested);
    throw err;
  }
}

const translator = alias(users, 'contest_translator');

export async function listContests(db: Db, filter: { status?: ContestStatus; page: number; limit: number }) {
  const where: SQL | undefined = filter.status ? eq(levelingContests.status, filter.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        c: levelingContests,
        translatorName: translator.name,
        projectName: projects.name,
      })
      .from(levelingContests)
      .innerJoin(translator, eq(translator.id, levelingContests.translatorId))
      .innerJoin(projects, eq(projects.id, levelingContests.projectId))
      .where(where)
      .orderBy(desc(levelingContests.createdAt), desc(levelingContests.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ n: count() }).from(levelingContests).where(where),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.c.id,
      translatorId: r.c.translatorId,
      translatorName: r.translatorName,
      projectId: r.c.projectId,
      projectName: r.projectName,
      attribute: r.c.attribute,
      entityId: r.c.entityId,
      reason: r.c.reason,
      status: r.c.status,
      createdAt: r.c.createdAt.toISOString(),
      decidedAt: r.c.decidedAt?.toISOString() ?? null,
    })),
    totalCount: total?.n ?? 0,
  };
}

/** An open contest accepted or rejected; a decided one stays as it was. */
export async function decideContest(
  db: Db,
  id: number,
  status: 'accepted' | 'rejected',
  staffId: number,
  now: Date,
): Promise<void> {
  const [row] = await db
    .update(levelingContests)
    .set({ status, decidedBy: staffId, decidedAt: now })
    .where(and(eq(levelingContests.id, id), eq(levelingContests.status, 'open')))
    .returning({ id: levelingContests.id });
  if (row) return;
  const [exists] = await db
    .select({ id: levelingContests.id })
    .from(levelingContests)
    .where(eq(levelingContests.id, id));
  if (!exists) throw notFound();
  throw badRequest(DASHBOARD_TEXTS.contestNotOpen);
}
