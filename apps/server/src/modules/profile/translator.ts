import { and, asc, count, eq, inArray } from 'drizzle-orm';
import {
  type aboutMeInputSchema,
  type availabilityInputSchema,
  bioWordCount,
  type languageInfoInputSchema,
  PROFILE_LIMITS,
  PROFILE_WIZARD_STEP_TITLES,
  PROFILE_WIZARD_STEPS,
  type ProfileWizard,
  type refereesInputSchema,
  type softwareServicesInputSchema,
  TRANSLATOR_TEXTS,
  type TranslatorProfile,
} from '@parlance/shared';
import type { z } from 'zod';
import type { Services } from '../../platform/services';
import type { Db } from '../../db/client';
import {
  expertises,
  languages,
  profileUploads,
  translatorDetails,
  translatorExpertises,
  translatorLanguagePairs,
  translatorProfiles,
} from '../../db/schema';
import { badRequest } from '../../platform/errors';
import type { AuthContext } from '../../platform/session';

// The translator's profile sections and the sign-up walk-through (GET /api/2/profilewizard).

const MAX_PAIRS = 30;

type Reader = Pick<Db, 'select'>;

export function timeZones(): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}

async function detailsRow(db: Reader, userId: number) {
  const [row] = await db.select().from(translatorDetails).where(eq(translatorDetails.userId, userId));
  return row;
}

/** Inserts the details row when missing and applies the change. */
async function saveDetails(deps: Services, userId: number, set: Partial<typeof translatorDetails.$inferInsert>) {
  const now = deps.clock.now();
  await deps.db
    .insert(translatorDetails)
    .values({ userId, ...set, updatedAt: now })
    .onConflictDoUpdate({ target: translatorDetails.userId, set: { ...set, updatedAt: now } });
}

export function uploadUrl(id: number): string {
  return `/api/2/account/uploads/${id}`;
}

export async function getTranslatorProfile(deps: Services, userId: number): Promise<TranslatorProfile> {
  const db = deps.db;
  const details = await detailsRow(db, userId);
  const pairs = await db
    .select({ source: translatorLanguagePairs.sourceLanguage, target: translatorLanguagePairs.targetLanguage })
    .from(translatorLanguagePairs)
    .where(eq(translatorLanguagePairs.userId, userId));
  const slugs = [...new Set(pairs.flatMap((p) => [p.source, p.target]))];
  const langs = slugs.length
    ? await db
        .select({ id: languages.id, slug: languages.slug, name: languages.name })
        .from(languages)
        .where(inArray(languages.slug, slugs))
    : [];
  const bySlug = new Map(langs.map((l) => [l.slug, l]));
  const ref = (slug: string) => bySlug.get(slug) ?? { id: 0, slug, name: slug };
  const skills = await db
    .select({ id: expertises.id, slug: expertises.slug, name: expertises.name })
    .from(translatorExpertises)
    .innerJoin(expertises, eq(expertises.slug, translatorExpertises.expertise))
    .where(eq(translatorExpertises.userId, userId))
    .orderBy(asc(expertises.sortOrder));
  const [availability] = await db.select().from(translatorProfiles).where(eq(translatorProfiles.userId, userId));
  const uploads = await db
    .select()
    .from(profileUploads)
    .where(eq(profileUploads.userId, userId))
    .orderBy(asc(profileUploads.id));
  return {
    nativeLan: details?.nativeLanguage ?? '',
    nativeLan2: details?.nativeLanguage2 ?? '',
    pairs: pairs
      .map((p) => ({ source: ref(p.source), target: ref(p.target) }))
      .sort((a, b) => a.source.name.localeCompare(b.source.name) || a.target.name.localeCompare(b.target.name)),
    expertises: skills,
    isOnlyExpert: details?.isOnlyExpert ?? false,
    bio: details?.bio ?? '',
    timeZone: details?.timeZone ?? '',
    vacationFrom: availability?.vacationFrom ?? null,
    vacationTo: availability?.vacationTo ?? null,
    referees: details?.referees ?? [],
    software: details?.software ?? [],
    services: details?.services ?? [],
    uploads: uploads.map((u) => ({
      id: u.id,
      kind: u.kind,
      fileName: u.fileName,
      size: u.sizeBytes,
      createdAt: u.createdAt.toISOString(),
      url: uploadUrl(u.id),
    })),
  };
}

async function languageBy(db: Reader, key: string | number, field: string) {
  const where =
    typeof key === 'number' || /^\d+$/.test(String(key))
      ? eq(languages.id, Number(key))
      : eq(languages.slug, String(key));
  const [row] = await db.select().from(languages).where(where);
  if (!row) throw badRequest(TRANSLATOR_TEXTS.unknownLanguage, { [field]: TRANSLATOR_TEXTS.unknownLanguage });
  return row;
}

/** POST /userService/addLanguageInfo: the native language (required) and a second one. */
export async function setLanguageInfo(
  deps: Services,
  auth: AuthContext,
  input: z.output<typeof languageInfoInputSchema>,
): Promise<void> {
  const native = await languageBy(deps.db, input.nativeLan, 'nativeLan');
  const second = input.nativeLan2 ? await languageBy(deps.db, input.nativeLan2, 'nativeLan2') : null;
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(translatorDetails)
      .values({ userId: auth.user.id, nativeLanguage: native.slug, nativeLanguage2: second?.slug ?? null })
      .onConflictDoUpdate({
        target: translatorDetails.userId,
        set: { nativeLanguage: native.slug, nativeLanguage2: second?.slug ?? null, updatedAt: deps.clock.now() },
      });
    await tx
      .update(translatorLanguagePairs)
      .set({ nativeLanguage: native.slug })
      .where(eq(translatorLanguagePairs.userId, auth.user.id));
  });
}

export async function addLanguagePair(deps: Services, auth: AuthContext, sourceId: number, targetId: number) {
  const source = await languageBy(deps.db, sourceId, 'source_id');
  const target = await languageBy(deps.db, targetId, 'target_id');
  if (source.id === target.id)
    throw badRequest(TRANSLATOR_TEXTS.sameLanguages, { target_id: TRANSLATOR_TEXTS.sameLanguages });
  const details = await detailsRow(deps.db, auth.user.id);
  const [{ n }] = await deps.db
    .select({ n: count() })
    .from(translatorLanguagePairs)
    .where(eq(translatorLanguagePairs.userId, auth.user.id));
  if (n >= MAX_PAIRS) throw badRequest(TRANSLATOR_TEXTS.pairLimit);
  await deps.db
    .insert(translatorLanguagePairs)
    .values({
      userId: auth.user.id,
      sourceLanguage: source.slug,
      targetLanguage: target.slug,
      nativeLanguage: details?.nativeLanguage ?? null,
    })
    .onConflictDoNothing();
}

export async function removeLanguagePair(deps: Services, auth: AuthContext, sourceId: number, targetId: number) {
  const source = await languageBy(deps.db, sourceId, 'source_id');
  const target = await languageBy(deps.db, targetId, 'target_id');
  await deps.db
    .delete(translatorLanguagePairs)
    .where(
      and(
        eq(translatorLanguagePairs.userId, auth.user.id),
        eq(translatorLanguagePairs.sourceLanguage, source.slug),
        eq(translatorLanguagePairs.targetLanguage, target.slug),
      ),
    );
}

async function expertiseBy(db: Reader, id: number) {
  const [row] = await db.select().from(expertises).where(eq(expertises.id, id));
  if (!row) throw badRequest(TRANSLATOR_TEXTS.unknownExpertise, { expertise_id: TRANSLATOR_TEXTS.unknownExpertise });
  return row;
}

export async function addExpertise(deps: Services, auth: AuthContext, id: number) {
  const row = await expertiseBy(deps.db, id);
  await deps.db
    .insert(translatorExpertises)
    .values({ userId: auth.user.id, expertise: row.slug })
    .onConflictDoNothing();
}

export async function removeExpertise(deps: Services, auth: AuthContext, id: number) {
  const row = await expertiseBy(deps.db, id);
  await deps.db
    .delete(translatorExpertises)
    .where(and(eq(translatorExpertises.userId, auth.user.id), eq(translatorExpertises.expertise, row.slug)));
}

export async function setExpertOnly(deps: Services, auth: AuthContext, value: boolean) {
  await saveDetails(deps, auth.user.id, { isOnlyExpert: value });
}

export async function setAboutMe(deps: Services, auth: AuthContext, input: z.output<typeof aboutMeInputSchema>) {
  await saveDetails(deps, auth.user.id, { bio: input.about_me });
}

/** POST /userService/addAvailabilityInfo: the time zone, and the vacation matching reads. */
export async function setAvailability(
  deps: Services,
  auth: AuthContext,
  input: z.output<typeof availabilityInputSchema>,
) {
  if (!timeZones().includes(input.time_zone))
    throw badRequest(TRANSLATOR_TEXTS.timeZoneRequired, { time_zone: TRANSLATOR_TEXTS.timeZoneRequired });
  const vacationFrom = input.vacation_from || null;
  const vacationTo = input.vacation_to || null;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(translatorDetails)
      .values({ userId: auth.user.id, timeZone: input.time_zone })
      .onConflictDoUpdate({ target: translatorDetails.userId, set: { timeZone: input.time_zone, updatedAt: now } });
    await tx
      .insert(translatorProfiles)
      .values({ userId: auth.user.id, vacationFrom, vacationTo, updatedAt: now })
      .onConflictDoUpdate({ target: translatorProfiles.userId, set: { vacationFrom, vacationTo, updatedAt: now } });
  });
}

export async function setReferees(deps: Services, auth: AuthContext, input: z.output<typeof refereesInputSchema>) {
  await saveDetails(deps, auth.user.id, { referees: input.referees });
}

export async function setSoftwareServices(
  deps: Services,
  auth: AuthContext,
  input: z.output<typeof softwareServicesInputSchema>,
) {
  await saveDetails(deps, auth.user.id, {
    software: [...new Set(input.software)],
    services: [...new Set(input.services)],
  });
}

/**
 * GET /api/2/profilewizard: which steps of the sign-up walk-through are done. Uploads need the CV
 * and the government ID (certifications and the photo are welcome, not required); model-training
 * experts have no references step.
 */
export async function profileWizard(deps: Services, userId: number, isExpert: boolean): Promise<ProfileWizard> {
  const p = await getTranslatorProfile(deps, userId);
  const kinds = new Set(p.uploads.map((u) => u.kind));
  const done: Record<(typeof PROFILE_WIZARD_STEPS)[number], boolean> = {
    languages: p.nativeLan !== '' && p.pairs.length > 0,
    expertise: p.expertises.length > 0,
    time: p.timeZone !== '',
    about: bioWordCount(p.bio) >= PROFILE_LIMITS.bioMinWords,
    uploads: kinds.has('cv') && kinds.has('gov_id'),
    references: p.referees.length > 0,
  };
  const steps = PROFILE_WIZARD_STEPS.filter((s) => !(isExpert && s === 'references')).map((id) => ({
    id,
    done: done[id],
    title: PROFILE_WIZARD_STEP_TITLES[id],
  }));
  const next = steps.find((s) => !s.done)?.id ?? null;
  return { steps, next, complete: next === null };
}
