import type { Db } from '../../db/client';
import { projects, projectTags, translatorExpertises, translatorLanguagePairs } from '../../db/schema';
import { authed, signUp } from '../../test/auth-helpers';
import type { App } from '../../platform/services';

// Helpers for the list, resource and realtime tests: people signed up through the API, projects
// written straight into the table (as modules/projects would leave them).

export type NewProject = Partial<typeof projects.$inferInsert> & { customerId: number };

export async function insertProject(db: Db, values: NewProject, tags: string[] = []): Promise<number> {
  const [row] = await db
    .insert(projects)
    .values({
      name: 'Project',
      sourceLanguage: 'american-english',
      targetLanguage: 'spanish',
      expertise: 'general',
      wordCount: 1000,
      priceCredits: 10_000,
      ...values,
    })
    .returning({ id: projects.id });
  if (tags.length) await db.insert(projectTags).values(tags.map((tag) => ({ projectId: row.id, tag })));
  return row.id;
}

export async function newPerson(app: App, type: 'client' | 'translator' = 'client', name = 'Test Person') {
  const session = await signUp(app, { user_type: type, full_name: name });
  return { session, id: session.user.id, api: authed(app, session) };
}

export type Person = Awaited<ReturnType<typeof newPerson>>;

/** Gives a translator language pairs (source>target) and expertises. */
export async function giveSkills(db: Db, userId: number, pairs: string[], expertises: string[] = []): Promise<void> {
  await db.insert(translatorLanguagePairs).values(
    pairs.map((p) => {
      const [sourceLanguage, targetLanguage] = p.split('>');
      return { userId, sourceLanguage, targetLanguage };
    }),
  );
  if (expertises.length)
    await db.insert(translatorExpertises).values(expertises.map((expertise) => ({ userId, expertise })));
}
