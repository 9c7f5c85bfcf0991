import { and, eq, isNull, or, type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { EXPERT_PROJECT_MIN_LEVEL, PROBATION_GRADUATION } from '@parlance/shared';
import { projects } from '../../db/schema';

// Who is offered which open project (ADR 0027).
// One definition, used by the open-projects list, by taking (the take re-checks it atomically
// in its UPDATE) and by the "a matching project opened" mail and realtime event.

/** Types whose translation goes through an editor before the customer gets it. */
export const EDITING_TYPES = ['translation-editing', 'enterprise-quality'] as const;

/** Whether a project needs the editing step after the translator delivers. */
export function needsEditing(p: { type: string; needProofreading: boolean }): boolean {
  return p.needProofreading || (EDITING_TYPES as readonly string[]).includes(p.type);
}

/**
 * A translator: a user id, or a SQL column holding one (e.g. `users.id`, to find every translator
 * a project matches).
 */
export type TranslatorRef = number | SQLWrapper;

/**
 * When the rules are read: a time, or `now` (an ISO timestamp) and `today` (YYYY-MM-DD) as
 * placeholders (a prepared statement, filled by `momentValues`) or as those strings (the same
 * builder run with its values inside a transaction: platform/prepared.ts, preparedRead).
 */
export type Moment = Date | { now: Placeholder | string; today: Placeholder | string };
export const MOMENT_PLACEHOLDERS: Moment = { now: sql.placeholder('now'), today: sql.placeholder('today') };

/** The values of MOMENT_PLACEHOLDERS at `now`. */
export function momentValues(now: Date): { now: string; today: string } {
  const iso = now.toISOString();
  return { now: iso, today: iso.slice(0, 10) };
}

function nowSql(at: Moment): SQL {
  return at instanceof Date ? sql`${at.toISOString()}::timestamptz` : sql`${at.now}::timestamptz`;
}

function todayOf(at: Moment): string | Placeholder {
  return at instanceof Date ? at.toISOString().slice(0, 10) : at.today;
}

/** The generic expertise every translator with the language pair may take. */
export const GENERAL_EXPERTISE = 'general';

/** Project kinds offered in Open Projects (QA, LL, rating and model-training jobs have their own lists). */
export const OPEN_LIST_KINDS = ['classic', 'bundle', 'bonus'] as const;

/**
 * SQL: translator `translatorId` is available today (active, not on vacation). A translator with
 * no profile row is active by default.
 */
export function translatorAvailableSql(translatorId: TranslatorRef, today: string | Placeholder): SQL {
  return sql`NOT EXISTS (
    SELECT 1 FROM translator_profiles tp
    WHERE tp.user_id = ${translatorId}
      AND (tp.active = false
        OR (tp.vacation_from IS NOT NULL AND tp.vacation_from <= ${today}::date
            AND (tp.vacation_to IS NULL OR tp.vacation_to >= ${today}::date)))
  )`;
}

/**
 * SQL: the translator's level opens the project. Urgent (expedited) projects are expert work, offered
 * from EXPERT_PROJECT_MIN_LEVEL up (the level of leveling.ts, recomputed by the scheduler); a
 * translator without a working profile is level 1.
 */
export function levelAllowsSql(translatorId: TranslatorRef): SQL {
  return sql`(${projects.expedite} = false OR EXISTS (
    SELECT 1 FROM translator_profiles lp
    WHERE lp.user_id = ${translatorId} AND lp.level >= ${EXPERT_PROJECT_MIN_LEVEL}
  ))`;
}

/** The project type whose work is hearing a language rather than translating a pair. */
export const TRANSCRIPTION_TYPE = 'transcription';

/**
 * SQL: the project's language pair and expertise are the translator's. A transcription project
 * asks instead for the transcription skill in its source language (setTranscriptionSkill).
 */
export function translatorSkillsMatchSql(translatorId: TranslatorRef): SQL {
  return sql`(
      (${projects.type} <> ${TRANSCRIPTION_TYPE} AND EXISTS (
        SELECT 1 FROM translator_language_pairs lp
        WHERE lp.user_id = ${translatorId}
          AND lp.source_language = ${projects.sourceLanguage}
          AND lp.target_language = ${projects.targetLanguage}
      ))
      OR (${projects.type} = ${TRANSCRIPTION_TYPE} AND EXISTS (
        SELECT 1 FROM translator_transcription_languages tt
        WHERE tt.user_id = ${translatorId} AND tt.language = ${projects.sourceLanguage}
      ))
    )
    AND (${projects.expertise} IS NULL OR ${projects.expertise} = ${GENERAL_EXPERTISE} OR EXISTS (
      SELECT 1 FROM translator_expertises te
      WHERE te.user_id = ${translatorId} AND te.expertise = ${projects.expertise}
    ))`;
}

/** SQL: the My Team window is over, or the translator is in the customer's team. */
export function myTeamWindowSql(translatorId: TranslatorRef, now: Moment): SQL {
  return sql`(${projects.openToAllAt} IS NULL OR ${projects.openToAllAt} <= ${nowSql(now)} OR EXISTS (
      SELECT 1 FROM my_team_members mt
      WHERE mt.customer_id = ${projects.customerId} AND mt.translator_id = ${translatorId}
    ))`;
}

/**
 * SQL: probation does not keep the project from the translator (ADR 0065;
 * the same rules as probationState and projectFitsProbation in packages/shared probation.ts). A
 * translator is on probation while they joined less than max_years ago, are not in
 * excluded_translators, and have not yet completed PROBATION_GRADUATION.projects jobs with an
 * average rating of at least min_rating; then only projects within the word-count range and the
 * project types, of clients not excluded, are offered, and only when the translator's profile lists
 * one of the CAT tools of cat_vendors (case-insensitive; an empty list asks for none).
 */
export function probationAllowsSql(translatorId: TranslatorRef, now: Moment): SQL {
  return sql`NOT EXISTS (
    SELECT 1 FROM probation_params pp JOIN users tu ON tu.id = ${translatorId}
    WHERE pp.id = 1
      AND (
        ${projects.wordCount} < pp.min_wordcount
        OR (pp.max_wordcount IS NOT NULL AND ${projects.wordCount} > pp.max_wordcount)
        OR (jsonb_array_length(pp.project_types) > 0 AND NOT (pp.project_types @> to_jsonb(${projects.type}::text)))
        OR pp.excluded_clients @> to_jsonb(${projects.customerId}::int)
        OR (jsonb_array_length(pp.cat_vendors) > 0 AND NOT EXISTS (
          SELECT 1 FROM translator_details ctp
            CROSS JOIN LATERAL jsonb_array_elements_text(ctp.software) AS sw(name)
            JOIN jsonb_array_elements_text(pp.cat_vendors) AS cv(name) ON lower(cv.name) = lower(sw.name)
          WHERE ctp.user_id = tu.id))
      )
      AND tu.created_at > ${nowSql(now)} - make_interval(years => pp.max_years)
      AND NOT (pp.excluded_translators @> to_jsonb(tu.id))
      AND NOT (
        (SELECT count(*) FROM projects gp
          WHERE gp.translator_id = tu.id AND gp.status = 'COMPLETED' AND gp.kind IN ('classic', 'bundle', 'bonus'))
          >= ${PROBATION_GRADUATION.projects}
        AND coalesce((SELECT avg(gp.rating) FROM projects gp
          WHERE gp.translator_id = tu.id AND gp.status = 'COMPLETED' AND gp.rating IS NOT NULL), 99) >= pp.min_rating
      )
  )`;
}

/** SQL: the translation job of the project is open to this translator now. */
export function openTranslationJobSql(translatorId: TranslatorRef, now: Moment): SQL {
  const today = todayOf(now);
  return and(
    eq(projects.status, 'PENDING'),
    isNull(projects.translatorId),
    sql`${projects.kind} IN ('classic', 'bundle', 'bonus')`,
    // past its deadline it is no longer offered (ADR 0073)
    sql`(${projects.deadline} IS NULL OR ${projects.deadline} > ${nowSql(now)})`,
    sql`${projects.customerId} <> ${translatorId}`,
    translatorAvailableSql(translatorId, today),
    translatorSkillsMatchSql(translatorId),
    myTeamWindowSql(translatorId, now),
    probationAllowsSql(translatorId, now),
    levelAllowsSql(translatorId),
  ) as SQL;
}

/** SQL: the editing job of the project is open to this translator (an editor) now. */
export function openEditingJobSql(translatorId: TranslatorRef, now: Moment): SQL {
  const today = todayOf(now);
  return and(
    eq(projects.status, 'IN_REVIEW'),
    isNull(projects.editorId),
    sql`${projects.translatorId} <> ${translatorId}`,
    sql`${projects.customerId} <> ${translatorId}`,
    sql`EXISTS (SELECT 1 FROM translator_profiles ep WHERE ep.user_id = ${translatorId} AND ep.is_editor)`,
    translatorAvailableSql(translatorId, today),
    translatorSkillsMatchSql(translatorId),
  ) as SQL;
}

/** SQL: any job (translation or editing) of the project is open to this translator now. */
export function openJobSql(translatorId: TranslatorRef, now: Moment): SQL {
  return or(openTranslationJobSql(translatorId, now), openEditingJobSql(translatorId, now)) as SQL;
}

/** Kinds of review jobs (their own lists; ADR 0089). */
export const REVIEW_KINDS = ['qa', 'll'] as const;

export function isReviewKind(kind: string): kind is (typeof REVIEW_KINDS)[number] {
  return (REVIEW_KINDS as readonly string[]).includes(kind);
}

/**
 * SQL: an open QA or LL job (of `kind`, or either) offered to the translator now: its language pair
 * and expertise, available, not the customer, and never the reviewed project's own translator or
 * editor (nobody reviews their own work).
 */
export function openReviewJobSql(translatorId: TranslatorRef, now: Moment, kind?: 'qa' | 'll'): SQL {
  const today = todayOf(now);
  return and(
    eq(projects.status, 'PENDING'),
    isNull(projects.translatorId),
    kind ? eq(projects.kind, kind) : sql`${projects.kind} IN ('qa', 'll')`,
    sql`${projects.customerId} <> ${translatorId}`,
    sql`NOT EXISTS (
      SELECT 1 FROM projects rp
      WHERE rp.id = ${projects.reviewedProjectId}
        AND (rp.translator_id = ${translatorId} OR rp.editor_id = ${translatorId})
    )`,
    translatorAvailableSql(translatorId, today),
    translatorSkillsMatchSql(translatorId),
  ) as SQL;
}

/** Job statuses in which the reviewer may read the reviewed project and its files. */
export const REVIEWER_READS_IN = ['IN_PROGRESS', 'COMPLETED'] as const;

/**
 * SQL: the translator reviews the project whose id is `reviewedId` (a column or a value): it took
 * a QA or LL job over it that is running or done.
 */
export function reviewsProjectSql(translatorId: TranslatorRef, reviewedId: SQL | number): SQL {
  return sql`EXISTS (
    SELECT 1 FROM projects rj
    WHERE rj.reviewed_project_id = ${reviewedId}
      AND rj.translator_id = ${translatorId}
      AND rj.kind IN ('qa', 'll')
      AND rj.status IN ('IN_PROGRESS', 'COMPLETED')
  )`;
}
