import { and, asc, count, desc, eq, gte, ilike, inArray, like, lt, or, type SQL, sql } from 'drizzle-orm';
import {
  MODERATION_LIMITS,
  MODERATION_STATUSES,
  MODERATION_TEXTS,
  type ModerationItem,
  type ModerationSearchQuery,
  type VocabularyLanguage,
  type VocabularyWord,
} from '@parlance/shared';
import type { Db, Tx } from '../../db/client';
import { moderationHistory, moderationLanguages, moderations, moderationWords, users } from '../../db/schema';
import { audit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import type { MailMessage } from '../../platform/mail';
import {
  decideModeration,
  foldCase,
  languageKey,
  type ModerationRow,
  phraseKey,
  touchVocabulary,
} from '../../platform/moderation';

export interface Actor {
  id: number;
  ip?: string;
}

export interface Page<T> {
  rows: T[];
  total: number;
  page: number;
  perPage: number;
}

const conflict = (message: string) => new AppError(409, message, { title: message });
const languageNotFound = () => notFound('This language does not exist.');
const DAY_MS = 86_400_000;

/** LIKE pattern of a user's search text: its wildcards taken literally. */
function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// ---- vocabulary languages ----

export async function listLanguages(db: Db): Promise<VocabularyLanguage[]> {
  const rows = await db
    .select({ id: moderationLanguages.id, name: moderationLanguages.name, words: count(moderationWords.id) })
    .from(moderationLanguages)
    .leftJoin(moderationWords, eq(moderationWords.languageId, moderationLanguages.id))
    .groupBy(moderationLanguages.id)
    .orderBy(asc(moderationLanguages.nameKey));
  return rows.map((r) => ({ id: r.id, name: r.name, words: Number(r.words) }));
}

export async function addLanguage(tx: Tx, actor: Actor, name: string): Promise<VocabularyLanguage> {
  const [row] = await tx
    .insert(moderationLanguages)
    .values({ name, nameKey: languageKey(name) })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(MODERATION_TEXTS.languageExists);
  await touchVocabulary(tx);
  await audit(tx, {
    actorId: actor.id,
    action: 'moderation.language.add',
    targetType: 'moderation_language',
    targetId: row.id,
    details: { name },
    ip: actor.ip,
  });
  return { id: row.id, name: row.name, words: 0 };
}

export async function renameLanguage(tx: Tx, actor: Actor, id: number, name: string): Promise<VocabularyLanguage> {
  const [current] = await tx.select().from(moderationLanguages).where(eq(moderationLanguages.id, id)).for('update');
  if (!current) throw languageNotFound();
  const key = languageKey(name);
  const [clash] = await tx
    .select({ id: moderationLanguages.id })
    .from(moderationLanguages)
    .where(and(eq(moderationLanguages.nameKey, key), sql`${moderationLanguages.id} <> ${id}`));
  if (clash) throw conflict(MODERATION_TEXTS.languageExists);
  await tx.update(moderationLanguages).set({ name, nameKey: key }).where(eq(moderationLanguages.id, id));
  await touchVocabulary(tx);
  await audit(tx, {
    actorId: actor.id,
    action: 'moderation.language.rename',
    targetType: 'moderation_language',
    targetId: id,
    details: { from: current.name, to: name },
    ip: actor.ip,
  });
  const [{ words }] = await tx
    .select({ words: count() })
    .from(moderationWords)
    .where(eq(moderationWords.languageId, id));
  return { id, name, words: Number(words) };
}

// ---- vocabulary words ----

const wordColumns = {
  id: moderationWords.id,
  word: moderationWords.word,
  createdAt: moderationWords.createdAt,
  languageId: moderationLanguages.id,
  languageName: moderationLanguages.name,
};

type WordRow = { id: number; word: string; createdAt: Date; languageId: number; languageName: string };

function presentWord(r: WordRow): VocabularyWord {
  return {
    id: r.id,
    word: r.word,
    language: { id: r.languageId, name: r.languageName },
    createdAt: r.createdAt.toISOString(),
  };
}

export async function addWord(tx: Tx, actor: Actor, word: string, languageId: number): Promise<VocabularyWord> {
  const [language] = await tx.select().from(moderationLanguages).where(eq(moderationLanguages.id, languageId));
  if (!language) throw notFound('This language does not exist.');
  const key = phraseKey(word);
  if (!key)
    throw new AppError(400, 'A word needs at least one letter or digit.', {
      title: 'A word needs at least one letter or digit.',
    });
  const [row] = await tx
    .insert(moderationWords)
    .values({ languageId, word, wordKey: key })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(MODERATION_TEXTS.wordExists);
  await touchVocabulary(tx);
  await audit(tx, {
    actorId: actor.id,
    action: 'moderation.word.add',
    targetType: 'moderation_word',
    targetId: row.id,
    details: { word, language: language.name },
    ip: actor.ip,
  });
  return presentWord({ ...row, languageId, languageName: language.name });
}

export async function deleteWord(tx: Tx, actor: Actor, id: number): Promise<void> {
  const [row] = await tx
    .select(wordColumns)
    .from(moderationWords)
    .innerJoin(moderationLanguages, eq(moderationLanguages.id, moderationWords.languageId))
    .where(eq(moderationWords.id, id));
  if (!row) throw notFound('This word does not exist.');
  await tx.delete(moderationWords).where(eq(moderationWords.id, id));
  await touchVocabulary(tx);
  await audit(tx, {
    actorId: actor.id,
    action: 'moderation.word.delete',
    targetType: 'moderation_word',
    targetId: id,
    details: { word: row.word, language: row.languageName },
    ip: actor.ip,
  });
}

async function wordPage(db: Db, where: SQL | undefined, page: number): Promise<Page<VocabularyWord>> {
  const perPage = MODERATION_LIMITS.wordsPerPage;
  const [{ total }] = await db.select({ total: count() }).from(moderationWords).where(where);
  const rows = await db
    .select(wordColumns)
    .from(moderationWords)
    .innerJoin(moderationLanguages, eq(moderationLanguages.id, moderationWords.languageId))
    .where(where)
    .orderBy(desc(moderationWords.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { rows: rows.map(presentWord), total: Number(total), page, perPage };
}

/** A language's words, newest first, 30 a page. */
export async function listWords(db: Db, languageId: number, page: number): Promise<Page<VocabularyWord>> {
  const [language] = await db
    .select({ id: moderationLanguages.id })
    .from(moderationLanguages)
    .where(eq(moderationLanguages.id, languageId));
  if (!language) throw languageNotFound();
  return wordPage(db, eq(moderationWords.languageId, languageId), page);
}

/** Words containing the term (case folded), in one language or all. */
export async function searchWords(
  db: Db,
  term: string,
  languageId: number | undefined,
  page: number,
): Promise<Page<VocabularyWord>> {
  const folded = foldCase(term.trim());
  const where = and(
    folded ? like(moderationWords.wordKey, contains(folded)) : undefined,
    languageId ? eq(moderationWords.languageId, languageId) : undefined,
  );
  return wordPage(db, where, page);
}

// ---- the moderation table ----

function searchConditions(query: ModerationSearchQuery, now: Date): SQL | undefined {
  const from = query.from
    ? new Date(query.from)
    : new Date(now.getTime() - MODERATION_LIMITS.defaultRangeDays * DAY_MS);
  // a date without a time takes in the whole of that day
  const to = query.to ? new Date(new Date(query.to).getTime() + (query.to.length === 10 ? DAY_MS : 0)) : null;
  const conditions: (SQL | undefined)[] = [
    gte(moderations.createdAt, from),
    to ? lt(moderations.createdAt, to) : undefined,
  ];
  if (query.status) conditions.push(eq(moderations.status, query.status));
  if (query.source) conditions.push(eq(moderations.source, query.source));
  if (query.title?.trim()) conditions.push(ilike(moderations.title, contains(query.title.trim())));
  if (query.language?.trim()) conditions.push(ilike(moderations.language, contains(query.language.trim())));
  if (query.externalId?.trim()) conditions.push(eq(moderations.authorId, externalIdOf(query.externalId.trim())));
  const q = query.q?.trim();
  if (q) {
    const either: SQL[] = [ilike(moderations.title, contains(q)), ilike(moderations.language, contains(q))];
    const status = MODERATION_STATUSES.find((s) => s === q.toLowerCase());
    if (status) either.push(eq(moderations.status, status));
    if (/^\d{1,9}$/.test(q)) either.push(eq(moderations.authorId, Number(q)));
    conditions.push(or(...either));
  }
  return and(...conditions);
}

/** An author's external id is the user id; anything else matches nobody. */
function externalIdOf(text: string): number {
  return /^\d{1,9}$/.test(text) ? Number(text) : -1;
}

export async function searchModerations(
  db: Db,
  query: ModerationSearchQuery,
  now: Date,
): Promise<Page<ModerationItem>> {
  const where = searchConditions(query, now);
  const [{ total }] = await db.select({ total: count() }).from(moderations).where(where);
  const rows = await db
    .select({ row: moderations, author: users })
    .from(moderations)
    .innerJoin(users, eq(users.id, moderations.authorId))
    .where(where)
    .orderBy(desc(moderations.createdAt), desc(moderations.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  return { rows: await present(db, rows), total: Number(total), page: query.page, perPage: query.perPage };
}

export async function moderationDetail(db: Db | Tx, id: number): Promise<ModerationItem> {
  const rows = await db
    .select({ row: moderations, author: users })
    .from(moderations)
    .innerJoin(users, eq(users.id, moderations.authorId))
    .where(eq(moderations.id, id));
  if (rows.length === 0) throw notFound('This message is not on moderation.');
  return (await present(db, rows))[0];
}

async function present(
  db: Db | Tx,
  rows: { row: ModerationRow; author: typeof users.$inferSelect }[],
): Promise<ModerationItem[]> {
  const ids = rows.map((r) => r.row.id);
  const history =
    ids.length === 0
      ? []
      : await db
          .select({
            moderationId: moderationHistory.moderationId,
            status: moderationHistory.status,
            createdAt: moderationHistory.createdAt,
            actorId: users.id,
            actorName: users.name,
          })
          .from(moderationHistory)
          .leftJoin(users, eq(users.id, moderationHistory.actorId))
          .where(inArray(moderationHistory.moderationId, ids))
          .orderBy(asc(moderationHistory.id));
  return rows.map(({ row, author }) => ({
    id: row.id,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    title: row.title,
    language: row.language,
    author: {
      id: author.id,
      externalId: String(author.id),
      name: author.name,
      email: author.email,
      status: 'active',
      type: author.type,
    },
    reasons: row.reasons,
    message: row.message,
    history: history
      .filter((h) => h.moderationId === row.id)
      .map((h) => ({
        status: h.status,
        createdAt: h.createdAt.toISOString(),
        actor: h.actorId != null ? { id: h.actorId, name: h.actorName ?? '' } : null,
      })),
    link: row.link,
    status: row.status,
  }));
}

/** PATCH /moderation/api/moderations/{id}: approve or decline; a second approve changes nothing. */
export async function decide(
  tx: Tx,
  actor: Actor,
  id: number,
  status: 'approved' | 'declined',
  context: { now: Date; publicUrl: string },
): Promise<{ item: ModerationItem; mails: MailMessage[] }> {
  const outcome = await decideModeration(tx, { id, status, actorId: actor.id, ...context });
  if (outcome.kind === 'notFound') throw notFound('This message is not on moderation.');
  if (outcome.kind === 'conflict') {
    const message = `This message has already been ${outcome.row.status}.`;
    throw new AppError(409, message, { status: message });
  }
  if (outcome.kind === 'decided') {
    await audit(tx, {
      actorId: actor.id,
      action: `moderation.${status === 'approved' ? 'approve' : 'decline'}`,
      targetType: 'moderation',
      targetId: id,
      details: { source: outcome.row.source, messageRef: outcome.row.messageRef },
      ip: actor.ip,
    });
  }
  return { item: await moderationDetail(tx, id), mails: outcome.kind === 'decided' ? outcome.mails : [] };
}
