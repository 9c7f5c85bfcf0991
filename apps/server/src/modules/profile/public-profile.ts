import { and, asc, count, eq, inArray, or } from 'drizzle-orm';
import { holds } from '../../platform/permissions';
import {
  type Networks,
  type PublicProfile,
  SOCIAL_NETWORKS,
  type networksInputSchema,
  PROFILE_EXTRA_TEXTS,
} from '@parlance/shared';
import type { z } from 'zod';
import {
  accountDetails,
  expertises,
  languages,
  myTeamMembers,
  projects,
  translatorDetails,
  translatorExpertises,
  translatorLanguagePairs,
  translatorProfiles,
  translatorTranscriptionLanguages,
  users,
} from '../../db/schema';
import { badRequest, notFound } from '../../platform/errors';
import type { Services } from '../../platform/services';
import type { AuthContext } from '../../platform/session';

// Social networks (updateNetworksInfo), transcription languages (setTranscriptionSkill) and the
// public profile that /profile/show (/profile-legacy/show/) shows.

const EMPTY_NETWORKS: Networks = { linkedin: '', facebook: '', twitter: '', proz: '', website: '' };

function networksFrom(stored: Record<string, string> | undefined | null): Networks {
  const out = { ...EMPTY_NETWORKS };
  for (const n of SOCIAL_NETWORKS) if (typeof stored?.[n.id] === 'string') out[n.id] = stored[n.id];
  return out;
}

export async function getNetworks(deps: Services, userId: number): Promise<Networks> {
  const [row] = await deps.db
    .select({ networks: accountDetails.networks })
    .from(accountDetails)
    .where(eq(accountDetails.userId, userId));
  return networksFrom(row?.networks);
}

/** POST /userService/updateNetworksInfo: every link at once; empty ones are not stored. */
export async function updateNetworks(deps: Services, userId: number, input: z.output<typeof networksInputSchema>) {
  const now = deps.clock.now();
  const networks = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== ''));
  await deps.db
    .insert(accountDetails)
    .values({ userId, networks, updatedAt: now })
    .onConflictDoUpdate({ target: accountDetails.userId, set: { networks, updatedAt: now } });
  return networksFrom(networks);
}

export async function getTranscriptionSkills(deps: Services, userId: number) {
  const rows = await deps.db
    .select({ slug: languages.slug, name: languages.name })
    .from(translatorTranscriptionLanguages)
    .innerJoin(languages, eq(languages.slug, translatorTranscriptionLanguages.language))
    .where(eq(translatorTranscriptionLanguages.userId, userId))
    .orderBy(asc(languages.name));
  return { languages: rows };
}

/**
 * POST /userService/setTranscriptionSkill (uid, lang, status=cancel removes). `uid` must be the
 * user's own id (another's is not found); `lang` a language id or slug of the languages list.
 */
export async function setTranscriptionSkill(
  deps: Services,
  auth: AuthContext,
  input: { uid: number; lang: string; status?: 'cancel' | 'add' },
) {
  if (input.uid !== auth.user.id) throw notFound();
  const where = /^\d+$/.test(input.lang) ? eq(languages.id, Number(input.lang)) : eq(languages.slug, input.lang);
  const [language] = await deps.db.select({ slug: languages.slug }).from(languages).where(where);
  if (!language)
    throw badRequest(PROFILE_EXTRA_TEXTS.transcriptionUnknownLanguage, {
      lang: PROFILE_EXTRA_TEXTS.transcriptionUnknownLanguage,
    });
  if (input.status === 'cancel')
    await deps.db
      .delete(translatorTranscriptionLanguages)
      .where(
        and(
          eq(translatorTranscriptionLanguages.userId, auth.user.id),
          eq(translatorTranscriptionLanguages.language, language.slug),
        ),
      );
  else
    await deps.db
      .insert(translatorTranscriptionLanguages)
      .values({ userId: auth.user.id, language: language.slug })
      .onConflictDoNothing();
  return getTranscriptionSkills(deps, auth.user.id);
}

/**
 * Whom a user's public profile is shown to: themselves, staff, and the customers who work with a
 * translator (a project of theirs the translator took or edits, or their My Team). Anyone else is
 * told it does not exist (404), so profiles cannot be enumerated.
 */
async function maySee(deps: Services, auth: AuthContext, targetId: number, targetType: string): Promise<boolean> {
  if (targetId === auth.user.id) return true;
  if (holds(auth, 'backoffice.read')) return true;
  if (targetType !== 'translator' || auth.user.type !== 'customer') return false;
  const [team] = await deps.db
    .select({ id: myTeamMembers.translatorId })
    .from(myTeamMembers)
    .where(and(eq(myTeamMembers.customerId, auth.user.id), eq(myTeamMembers.translatorId, targetId)));
  if (team) return true;
  const [project] = await deps.db
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(
        eq(projects.customerId, auth.user.id),
        or(eq(projects.translatorId, targetId), eq(projects.editorId, targetId)),
      ),
    )
    .limit(1);
  return Boolean(project);
}

export async function getPublicProfile(deps: Services, auth: AuthContext, targetId: number): Promise<PublicProfile> {
  const db = deps.db;
  const [user] = await db.select().from(users).where(eq(users.id, targetId));
  if (!user || !(await maySee(deps, auth, user.id, user.type))) throw notFound();
  const [details] = await db.select().from(translatorDetails).where(eq(translatorDetails.userId, user.id));
  const pairs = await db
    .select({ source: translatorLanguagePairs.sourceLanguage, target: translatorLanguagePairs.targetLanguage })
    .from(translatorLanguagePairs)
    .where(eq(translatorLanguagePairs.userId, user.id));
  const transcription = await getTranscriptionSkills(deps, user.id);
  const slugs = [
    ...new Set([
      ...pairs.flatMap((p) => [p.source, p.target]),
      ...[details?.nativeLanguage, details?.nativeLanguage2].filter((s): s is string => Boolean(s)),
    ]),
  ];
  const names = new Map(
    (slugs.length
      ? await db
          .select({ slug: languages.slug, name: languages.name })
          .from(languages)
          .where(inArray(languages.slug, slugs))
      : []
    ).map((l) => [l.slug, l.name]),
  );
  const name = (slug: string) => names.get(slug) ?? slug;
  const skills = await db
    .select({ name: expertises.name })
    .from(translatorExpertises)
    .innerJoin(expertises, eq(expertises.slug, translatorExpertises.expertise))
    .where(eq(translatorExpertises.userId, user.id))
    .orderBy(asc(expertises.sortOrder));
  const [tp] = await db
    .select({ level: translatorProfiles.level })
    .from(translatorProfiles)
    .where(eq(translatorProfiles.userId, user.id));
  const [done] = await db
    .select({ n: count() })
    .from(projects)
    .where(and(eq(projects.translatorId, user.id), eq(projects.status, 'COMPLETED')));
  const isTranslator = user.type === 'translator';
  return {
    id: user.id,
    name: user.name,
    type: user.type,
    country: user.country,
    memberSince: user.createdAt.toISOString(),
    isSelf: user.id === auth.user.id,
    avatarUrl: user.thumbUrl,
    bio: details?.bio ?? '',
    nativeLanguages: [details?.nativeLanguage, details?.nativeLanguage2]
      .filter((s): s is string => Boolean(s))
      .map(name),
    languagePairs: pairs
      .map((p) => ({ source: name(p.source), target: name(p.target) }))
      .sort((a, b) => a.source.localeCompare(b.source) || a.target.localeCompare(b.target)),
    expertise: skills.map((s) => s.name),
    transcriptionLanguages: transcription.languages.map((l) => l.name),
    software: details?.software ?? [],
    services: details?.services ?? [],
    networks: await getNetworks(deps, user.id),
    company: isTranslator ? '' : user.company,
    level: isTranslator ? (tp?.level ?? 1) : null,
    completedProjects: isTranslator ? done.n : 0,
  };
}
