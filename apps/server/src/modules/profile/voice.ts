import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { holds } from '../../platform/permissions';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import {
  type OwnVoiceSample,
  VOICE_LIMITS,
  VOICE_SERVICE,
  VOICE_TEXTS,
  type VoiceList,
  voiceSampleUrl,
} from '@parlance/shared';
import type { Services } from '../../platform/services';
import { languages, users, voiceSamples } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { AuthContext } from '../../platform/session';
import { cleanFileName, readHead } from './uploads';

// Voice-over samples: a translator who offers the Voice-over service adds one audio sample per
// language (POST /service/uploadVoiceSample), streamed to storage under the size limit, its type
// checked by name and by its first bytes. Customers (and admins) browse the voices at /voice.

const MIME_BY_EXT: Record<string, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
};

/** Whether the first bytes are those of the extension's audio format. */
export function audioSignatureMatches(ext: string, head: Buffer): boolean {
  const ascii = (at: number, text: string) => head.subarray(at, at + text.length).toString('latin1') === text;
  switch (ext) {
    case 'mp3':
      // an ID3 tag, or straight into an MPEG audio frame (11 sync bits)
      return ascii(0, 'ID3') || (head[0] === 0xff && (head[1] & 0xe0) === 0xe0);
    case 'wav':
      return ascii(0, 'RIFF') && ascii(8, 'WAVE');
    case 'ogg':
      return ascii(0, 'OggS');
    case 'm4a':
      return ascii(4, 'ftyp');
    default:
      return false;
  }
}

/** SQL: the translator still offers the Voice-over service (translator_details.services). */
function offersVoiceSql(userId: SQL | number): SQL {
  return sql`EXISTS (SELECT 1 FROM translator_details td WHERE td.user_id = ${userId}
    AND td.services @> ${JSON.stringify([VOICE_SERVICE])}::jsonb)`;
}

/** SQL: the account was not deleted. */
function notDeletedSql(userId: SQL | number): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM deleted_accounts da WHERE da.user_id = ${userId})`;
}

async function offersVoice(deps: Services, userId: number): Promise<boolean> {
  const [row] = await deps.db
    .select({ yes: sql<number>`1` })
    .from(users)
    .where(and(eq(users.id, userId), offersVoiceSql(sql`${users.id}`)));
  return row !== undefined;
}

const wrongType = () => new AppError(415, VOICE_TEXTS.wrongType, { file: VOICE_TEXTS.wrongType });
const tooBig = () => new AppError(413, VOICE_TEXTS.tooBig, { file: VOICE_TEXTS.tooBig });

/** The language field: the multipart field before the file, or the query string. */
function languageOf(request: FastifyRequest, part: MultipartFile): string {
  const field = part.fields.language as { value?: unknown } | undefined;
  const fromField = field && typeof field.value === 'string' ? field.value : undefined;
  const fromQuery = (request.query as { language?: unknown } | undefined)?.language;
  const value = fromField ?? (typeof fromQuery === 'string' ? fromQuery : '');
  return value.trim().slice(0, 50);
}

/**
 * POST /service/uploadVoiceSample: multipart with `language` (a slug) and one audio file. A sample
 * for a language the translator already has replaces it. Nothing is kept when the file is refused.
 */
export async function receiveVoiceSample(deps: Services, request: FastifyRequest, auth: AuthContext) {
  if (!(await offersVoice(deps, auth.user.id))) throw badRequest(VOICE_TEXTS.serviceFirst);
  if (!request.isMultipart()) throw badRequest(VOICE_TEXTS.wrongType, { file: VOICE_TEXTS.wrongType });
  const part = await request.file({ limits: { fileSize: VOICE_LIMITS.maxBytes + 1, files: 1 } });
  if (!part) throw badRequest(VOICE_TEXTS.wrongType, { file: VOICE_TEXTS.wrongType });
  const slug = languageOf(request, part);
  const [language] = slug ? await deps.db.select().from(languages).where(eq(languages.slug, slug)) : [];
  if (!language) {
    part.file.resume();
    throw badRequest(VOICE_TEXTS.languageRequired, { language: VOICE_TEXTS.languageRequired });
  }
  const fileName = cleanFileName(part.filename);
  const ext = fileName.includes('.') ? (fileName.split('.').pop() ?? '').toLowerCase() : '';
  if (!(VOICE_LIMITS.extensions as readonly string[]).includes(ext)) {
    part.file.resume();
    throw wrongType();
  }
  let stored: Awaited<ReturnType<Services['storage']['put']>>;
  try {
    stored = await deps.storage.put(part.file, { maxBytes: VOICE_LIMITS.maxBytes });
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 413) throw tooBig();
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooBig();
    throw error;
  }
  const discard = async (error: AppError) => {
    await deps.storage.delete(stored.id);
    return error;
  };
  if (part.file.truncated) throw await discard(tooBig());
  if (stored.size < 12 || !audioSignatureMatches(ext, await readHead(deps, stored.id))) {
    throw await discard(wrongType());
  }

  const userId = auth.user.id;
  const replaced: string[] = [];
  try {
    await deps.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const old = await tx
        .delete(voiceSamples)
        .where(and(eq(voiceSamples.userId, userId), eq(voiceSamples.language, language.slug)))
        .returning({ storageId: voiceSamples.storageId });
      replaced.push(...old.map((o) => o.storageId));
      const [{ n }] = await tx.select({ n: count() }).from(voiceSamples).where(eq(voiceSamples.userId, userId));
      if (n >= VOICE_LIMITS.maxSamples) throw badRequest(VOICE_TEXTS.tooMany);
      await tx.insert(voiceSamples).values({
        userId,
        language: language.slug,
        storageId: stored.id,
        fileName,
        mime: MIME_BY_EXT[ext],
        sizeBytes: stored.size,
        createdAt: deps.clock.now(),
      });
    });
  } catch (error) {
    await deps.storage.delete(stored.id);
    throw error;
  }
  await Promise.all(replaced.map((id) => deps.storage.delete(id)));
  return ownVoiceSamples(deps, userId);
}

/** The translator's own samples, by language name. */
export async function ownVoiceSamples(deps: Services, userId: number): Promise<OwnVoiceSample[]> {
  const rows = await deps.db
    .select({
      id: voiceSamples.id,
      slug: languages.slug,
      languageName: languages.name,
      fileName: voiceSamples.fileName,
      size: voiceSamples.sizeBytes,
      mime: voiceSamples.mime,
      createdAt: voiceSamples.createdAt,
    })
    .from(voiceSamples)
    .innerJoin(languages, eq(languages.slug, voiceSamples.language))
    .where(eq(voiceSamples.userId, userId))
    .orderBy(asc(languages.name))
    .limit(VOICE_LIMITS.maxSamples);
  return rows.map((r) => ({
    id: r.id,
    language: { slug: r.slug, name: r.languageName },
    fileName: r.fileName,
    size: r.size,
    mime: r.mime,
    sampleUrl: voiceSampleUrl(r.id),
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function deleteVoiceSample(deps: Services, auth: AuthContext, id: number): Promise<void> {
  const [row] = await deps.db
    .delete(voiceSamples)
    .where(and(eq(voiceSamples.id, id), eq(voiceSamples.userId, auth.user.id)))
    .returning({ storageId: voiceSamples.storageId });
  if (!row) throw notFound(VOICE_TEXTS.notFound);
  await deps.storage.delete(row.storageId);
}

/**
 * GET /api/2/voices: the samples of translators who offer Voice-over (and whose account is not
 * deleted), newest first, paged on the server; `language` narrows to one language.
 */
export async function listVoices(
  deps: Services,
  customerId: number,
  query: { language?: string; page: number; perPage: number },
): Promise<VoiceList> {
  const conditions: SQL[] = [offersVoiceSql(sql`${voiceSamples.userId}`), notDeletedSql(sql`${voiceSamples.userId}`)];
  if (query.language) conditions.push(eq(voiceSamples.language, query.language));
  const where = and(...conditions) as SQL;
  const rows = await deps.db
    .select({
      id: voiceSamples.id,
      translatorId: users.id,
      name: users.name,
      country: users.country,
      slug: languages.slug,
      languageName: languages.name,
      mime: voiceSamples.mime,
      createdAt: voiceSamples.createdAt,
      preferred: sql<boolean>`EXISTS (SELECT 1 FROM my_team_members mt
        WHERE mt.customer_id = ${customerId} AND mt.translator_id = ${users.id})`,
    })
    .from(voiceSamples)
    .innerJoin(users, eq(users.id, voiceSamples.userId))
    .innerJoin(languages, eq(languages.slug, voiceSamples.language))
    .where(where)
    .orderBy(desc(voiceSamples.createdAt), desc(voiceSamples.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  const [total] = await deps.db.select({ n: count() }).from(voiceSamples).where(where);
  return {
    data: rows.map((r) => ({
      id: r.id,
      translatorId: r.translatorId,
      name: r.name,
      country: r.country,
      language: { slug: r.slug, name: r.languageName },
      sampleUrl: voiceSampleUrl(r.id),
      mime: r.mime,
      createdAt: r.createdAt.toISOString(),
      preferred: Boolean(r.preferred),
    })),
    totalCount: Number(total?.n ?? 0),
  };
}

/**
 * A sample as someone may hear it: its translator, staff, and customers while the translator
 * offers Voice-over (what /voice lists). Other translators, and anything else: 404.
 */
export async function readableVoiceSample(deps: Services, auth: AuthContext, id: number) {
  const [row] = await deps.db.select().from(voiceSamples).where(eq(voiceSamples.id, id));
  if (!row) throw notFound(VOICE_TEXTS.notFound);
  if (row.userId === auth.user.id || holds(auth, 'backoffice.read')) return row;
  if (auth.user.type !== 'customer') throw notFound(VOICE_TEXTS.notFound);
  const [listed] = await deps.db
    .select({ yes: sql<number>`1` })
    .from(voiceSamples)
    .where(
      and(
        eq(voiceSamples.id, id),
        offersVoiceSql(sql`${voiceSamples.userId}`),
        notDeletedSql(sql`${voiceSamples.userId}`),
      ),
    );
  if (!listed) throw notFound(VOICE_TEXTS.notFound);
  return row;
}
