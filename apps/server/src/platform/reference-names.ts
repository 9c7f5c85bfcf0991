import { PROJECT_TYPES } from '@parlance/shared';
import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { expertises, languages } from '../db/schema';

// The names people read for the slugs stored on orders and projects (languages, expertises, project
// types): every mail, default project name and timeline line uses these, never a slug.

export interface ReferenceNames {
  language(slug: string | null | undefined): string;
  expertise(slug: string | null | undefined): string;
  type(slug: string | null | undefined): string;
}

const TYPE_NAMES = new Map<string, string>(PROJECT_TYPES.map((t) => [t.slug, t.name]));

/** A slug as words when its row is missing ("american-english" -> "American english"). */
function humanize(slug: string): string {
  const words = slug.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Loads the names of the given language and expertise slugs in two indexed queries. */
export async function referenceNames(
  db: Db | Tx,
  slugs: { languages?: (string | null | undefined)[]; expertises?: (string | null | undefined)[] },
): Promise<ReferenceNames> {
  const langSlugs = [...new Set((slugs.languages ?? []).filter((s): s is string => !!s))];
  const expSlugs = [...new Set((slugs.expertises ?? []).filter((s): s is string => !!s))];
  const langRows = langSlugs.length
    ? await db
        .select({ slug: languages.slug, name: languages.name })
        .from(languages)
        .where(inArray(languages.slug, langSlugs))
    : [];
  const expRows = expSlugs.length
    ? await db
        .select({ slug: expertises.slug, name: expertises.name })
        .from(expertises)
        .where(inArray(expertises.slug, expSlugs))
    : [];
  const langNames = new Map(langRows.map((r) => [r.slug, r.name]));
  const expNames = new Map(expRows.map((r) => [r.slug, r.name]));
  return {
    language: (slug) => (slug ? (langNames.get(slug) ?? humanize(slug)) : ''),
    expertise: (slug) => (slug ? (expNames.get(slug) ?? humanize(slug)) : ''),
    type: (slug) => (slug ? (TYPE_NAMES.get(slug) ?? humanize(slug)) : ''),
  };
}
