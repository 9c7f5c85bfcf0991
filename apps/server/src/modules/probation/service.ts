import { and, eq, inArray, sql } from 'drizzle-orm';
import { type ProbationParams, probationState } from '@parlance/shared';
import type { Db } from '../../db/client';
import { probationParams, projects } from '../../db/schema';
import { audit } from '../../platform/audit';
import type { UserRow } from '../../platform/session';

// Probation parameters (one row) and a translator's probation state.

type Row = typeof probationParams.$inferSelect;

function present(row: Row | undefined): ProbationParams {
  return {
    min_rating: row?.minRating ?? 1,
    min_wordcount: row?.minWordcount ?? 10,
    max_wordcount: row?.maxWordcount ?? null,
    max_years: row?.maxYears ?? 1,
    cat_vendors: row?.catVendors ?? [],
    excluded_clients: row?.excludedClients ?? [],
    excluded_translators: row?.excludedTranslators ?? [],
    project_types: row?.projectTypes ?? [],
  };
}

export async function readProbationParams(db: Db): Promise<ProbationParams> {
  const [row] = await db.select().from(probationParams).where(eq(probationParams.id, 1));
  return present(row);
}

export async function saveProbationParams(
  db: Db,
  params: ProbationParams,
  actor: { id: number; ip?: string },
  now: Date,
): Promise<ProbationParams> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(probationParams).where(eq(probationParams.id, 1));
    const values = {
      minRating: params.min_rating,
      minWordcount: params.min_wordcount,
      maxWordcount: params.max_wordcount,
      maxYears: params.max_years,
      catVendors: params.cat_vendors,
      excludedClients: [...new Set(params.excluded_clients)],
      excludedTranslators: [...new Set(params.excluded_translators)],
      projectTypes: [...new Set(params.project_types)],
      updatedBy: actor.id,
      updatedAt: now,
    };
    const [row] = await tx
      .insert(probationParams)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: probationParams.id, set: values })
      .returning();
    const saved = present(row);
    await audit(tx, {
      actorId: actor.id,
      action: 'probation.params',
      targetType: 'probation',
      targetId: 1,
      details: { before: present(before), after: saved },
      ip: actor.ip,
    });
    return saved;
  });
}

/** The translator's probation state (the same rules matching applies in SQL). */
export async function translatorProbation(db: Db, user: UserRow, now: Date) {
  const params = await readProbationParams(db);
  const [done] = await db
    .select({
      n: sql<number>`count(*)::int`,
      avg: sql<string | null>`avg(${projects.rating})`,
    })
    .from(projects)
    .where(
      and(
        eq(projects.translatorId, user.id),
        eq(projects.status, 'COMPLETED'),
        inArray(projects.kind, ['classic', 'bundle', 'bonus']),
      ),
    );
  return {
    ...probationState(
      {
        id: user.id,
        joinedAt: user.createdAt,
        completedProjects: done.n,
        averageRating: done.avg === null ? null : Number(done.avg),
      },
      params,
      now,
    ),
    params: {
      min_wordcount: params.min_wordcount,
      max_wordcount: params.max_wordcount,
      project_types: params.project_types,
    },
  };
}
