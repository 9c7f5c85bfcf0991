import { and, eq, isNotNull } from 'drizzle-orm';
import { MODERATION_ACL_GROUP, type ModerationReason } from '@parlance/shared';
import { checkMessage, compileVocabulary, languageKey, phraseKey, touchVocabulary } from '../../platform/moderation';
import type { Db } from '../client';
import {
  aclGroups,
  moderationHistory,
  moderationLanguages,
  moderations,
  moderationWords,
  projectMessages,
  projects,
  userAclGroups,
  users,
} from '../schema';

// Demo moderation: the moderator account, a vocabulary of a few languages and words, and
// held discussion posts of the demo translator: one pending, one approved, one declined.

export const DEMO_MODERATOR = { email: 'moderator@parlance.test', name: 'Morgan Moderator' };

const VOCABULARY: Record<string, string[]> = {
  English: ['idiot', 'scam', 'pay outside', 'direct payment'],
  German: ['Dummkopf', 'Betrug'],
  Spanish: ['idiota', 'estafa'],
  Chinese: ['傻瓜', '私下交易'],
};

const HELD: { body: string; status: 'pending' | 'approved' | 'declined'; hoursAgo: number }[] = [
  { body: 'Could you call me on +1 (415) 555-0134? It is quicker than writing here.', status: 'pending', hoursAgo: 2 },
  { body: 'The style guide is at example-styleguide.com, please have a look.', status: 'approved', hoursAgo: 5 },
  {
    body: 'Let us pay outside the platform, write to me at sam dot lee at gmail dot com',
    status: 'declined',
    hoursAgo: 8,
  },
];

export async function seedModerationDemo(
  db: Db,
  opts: { passwordHash: string; translatorEmail: string; now?: Date },
): Promise<void> {
  const now = opts.now ?? new Date();
  await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        type: 'admin',
        isAdmin: false,
        email: DEMO_MODERATOR.email,
        name: DEMO_MODERATOR.name,
        company: 'Parlance',
        passwordHash: opts.passwordHash,
        country: 'US',
        termsAcceptedAt: now,
        policyAcceptedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    // the staff demo (demo.ts) may already have made the moderator account: use it, and seed the
    // vocabulary and held posts once (a vocabulary already there means this ran before)
    let moderator = created;
    if (!moderator) {
      [moderator] = await tx.select().from(users).where(eq(users.email, DEMO_MODERATOR.email));
      if (!moderator) return;
      const [seeded] = await tx.select({ id: moderationLanguages.id }).from(moderationLanguages).limit(1);
      if (seeded) return;
    }
    const [group] = await tx.select().from(aclGroups).where(eq(aclGroups.name, MODERATION_ACL_GROUP));
    if (group) {
      await tx.insert(userAclGroups).values({ userId: moderator.id, groupId: group.id }).onConflictDoNothing();
    }

    for (const [name, words] of Object.entries(VOCABULARY)) {
      const [language] = await tx
        .insert(moderationLanguages)
        .values({ name, nameKey: languageKey(name) })
        .returning();
      await tx
        .insert(moderationWords)
        .values(words.map((word) => ({ languageId: language.id, word, wordKey: phraseKey(word) })));
    }
    await touchVocabulary(tx);

    const [translator] = await tx.select().from(users).where(eq(users.email, opts.translatorEmail));
    if (!translator) return;
    const [project] = await tx
      .select()
      .from(projects)
      .where(and(eq(projects.translatorId, translator.id), isNotNull(projects.translatorId)))
      .limit(1);
    if (!project) return;
    const vocabulary = compileVocabulary(
      Object.entries(VOCABULARY).flatMap(([language, words]) => words.map((word) => ({ language, word }))),
    );
    for (const held of HELD) {
      const createdAt = new Date(now.getTime() - held.hoursAgo * 3_600_000);
      const [message] = await tx
        .insert(projectMessages)
        .values({
          projectId: project.id,
          authorId: translator.id,
          body: held.body,
          createdAt,
          moderationStatus: held.status,
        })
        .returning();
      const reasons: ModerationReason[] = checkMessage({ text: held.body, language: 'English' }, vocabulary).reasons;
      const [row] = await tx
        .insert(moderations)
        .values({
          source: 'discussionBoard',
          messageRef: String(message.id),
          authorId: translator.id,
          title: project.name,
          language: 'English',
          message: held.body,
          reasons,
          link: `/project/${project.id}#message-${message.id}`,
          projectId: project.id,
          status: held.status,
          createdAt,
          decidedAt: held.status === 'pending' ? null : new Date(createdAt.getTime() + 3_600_000),
          decidedBy: held.status === 'pending' ? null : moderator.id,
        })
        .returning();
      await tx
        .insert(moderationHistory)
        .values({ moderationId: row.id, status: 'pending', actorId: translator.id, createdAt });
      if (held.status !== 'pending') {
        await tx.insert(moderationHistory).values({
          moderationId: row.id,
          status: held.status,
          actorId: moderator.id,
          createdAt: new Date(createdAt.getTime() + 3_600_000),
        });
      }
    }
  });
}
