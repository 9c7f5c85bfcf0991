import { and, eq, inArray } from 'drizzle-orm';
import type { ModerationVerdict } from '../../platform/moderation';
import { checkMessage, holdMessage, loadVocabulary, registerModerationSource } from '../../platform/moderation';
import type { Tx } from '../../db/client';
import { languages, projectMessages, projects, users } from '../../db/schema';
import type { MailMessage } from '../../platform/mail';
import { recordEvent } from '../../platform/realtime';
import { messageDiscussionPost } from './inbox';
import { newMessageMail } from './mails';
import type { ProjectRecord } from './present';
import { peopleOf, personOf } from './service';

// The project discussion as a moderation source (discussionBoard): a post is checked when
// sent; a flagged one is kept with moderation_status 'pending', seen by its author only, and held in
// the moderation table. Approved: delivered to the project's people as a new post (live event,
// message box, mail). Declined: its author is told; nobody else ever sees it.

const english = new Intl.DisplayNames(['en'], { type: 'language' });

/** The vocabulary language names a project's languages may go by: "American English", "English", "français". */
async function vocabularyLanguagesOf(tx: Tx, p: Pick<ProjectRecord, 'sourceLanguage' | 'targetLanguage'>) {
  const slugs = [p.sourceLanguage, p.targetLanguage].filter((s): s is string => !!s);
  if (slugs.length === 0) return { names: null, primary: '' };
  const rows = await tx
    .select({ slug: languages.slug, name: languages.name, iso: languages.iso })
    .from(languages)
    .where(inArray(languages.slug, slugs));
  const names = new Set<string>();
  let primary = '';
  for (const slug of slugs) {
    const row = rows.find((r) => r.slug === slug);
    if (!row) continue;
    const base = row.iso.split('-')[0];
    const generic = safeName(() => english.of(base)) ?? row.name;
    if (!primary) primary = generic;
    names.add(row.name);
    names.add(generic);
    const native = safeName(() => new Intl.DisplayNames([base], { type: 'language' }).of(base));
    if (native) names.add(native);
  }
  return { names: [...names], primary };
}

function safeName(fn: () => string | undefined): string | undefined {
  try {
    return fn();
  } catch {
    // Intl knows no display name for this code: the language is matched by its other names
    return undefined;
  }
}

/** Checks a discussion post against the vocabularies of the project's languages and the contact detectors (the author's country adds its national phone numbers). */
export async function checkDiscussionPost(
  tx: Tx,
  p: ProjectRecord,
  body: string,
  publicUrl: string,
  authorCountry?: string | null,
): Promise<ModerationVerdict & { language: string }> {
  const { names, primary } = await vocabularyLanguagesOf(tx, p);
  const vocabulary = await loadVocabulary(tx);
  const allowedHosts = [safeName(() => new URL(publicUrl).hostname) ?? ''].filter(Boolean);
  // a project without languages is checked against every vocabulary
  const verdict = checkMessage({ text: body, language: names }, vocabulary, {
    allowedHosts,
    phoneRegions: authorCountry ? [authorCountry] : [],
  });
  return { ...verdict, language: primary };
}

/** Keeps a flagged post for moderation: only its author is told (live), nobody else. */
export async function holdDiscussionPost(
  tx: Tx,
  p: ProjectRecord,
  message: typeof projectMessages.$inferSelect,
  verdict: ModerationVerdict & { language: string },
  now: Date,
): Promise<void> {
  await holdMessage(tx, {
    source: 'discussionBoard',
    messageRef: message.id,
    authorId: message.authorId,
    title: p.name,
    language: verdict.language,
    message: message.body,
    reasons: verdict.reasons,
    link: `/project/${p.id}#message-${message.id}`,
    projectId: p.id,
    now,
  });
  await recordEvent(tx, {
    userId: message.authorId,
    type: 'project.message',
    payload: { projectId: p.id, messageId: message.id, moderation: 'pending' },
  });
}

/** Delivers a post: an event to each of the project's people, a message-box entry and a mail to the others. */
export async function deliverDiscussionPost(
  tx: Tx,
  p: ProjectRecord,
  message: typeof projectMessages.$inferSelect,
  author: { id: number; name: string },
  publicUrl: string,
  now: Date,
): Promise<MailMessage[]> {
  const mails: MailMessage[] = [];
  for (const userId of peopleOf(p)) {
    await recordEvent(tx, { userId, type: 'project.message', payload: { projectId: p.id, messageId: message.id } });
    // the mailer checks the new_comment switch, like every governed mail
    if (userId === author.id) continue;
    const person = await personOf(tx, userId);
    if (person) mails.push(newMessageMail(publicUrl, person, p, author.name, message.body));
  }
  await messageDiscussionPost(tx, p, peopleOf(p), author.id, author.name, message.body, now);
  return mails;
}

async function heldPost(tx: Tx, messageRef: string) {
  const id = Number(messageRef);
  if (!Number.isSafeInteger(id)) return null;
  const [row] = await tx
    .select({ message: projectMessages, project: projects, authorName: users.name })
    .from(projectMessages)
    .innerJoin(projects, eq(projects.id, projectMessages.projectId))
    .innerJoin(users, eq(users.id, projectMessages.authorId))
    .where(eq(projectMessages.id, id));
  return row ?? null;
}

registerModerationSource('discussionBoard', {
  async approved(tx, row, { now, publicUrl }) {
    const held = await heldPost(tx, row.messageRef);
    if (!held) return {};
    // only a pending post is delivered: approving twice delivers once
    const [updated] = await tx
      .update(projectMessages)
      .set({ moderationStatus: 'approved' })
      .where(and(eq(projectMessages.id, held.message.id), eq(projectMessages.moderationStatus, 'pending')))
      .returning();
    if (!updated) return {};
    const mails = await deliverDiscussionPost(
      tx,
      held.project,
      updated,
      { id: updated.authorId, name: held.authorName },
      publicUrl,
      now,
    );
    return { mails };
  },
  async declined(tx, row) {
    const held = await heldPost(tx, row.messageRef);
    if (!held) return {};
    await tx
      .update(projectMessages)
      .set({ moderationStatus: 'declined' })
      .where(and(eq(projectMessages.id, held.message.id), eq(projectMessages.moderationStatus, 'pending')));
    await recordEvent(tx, {
      userId: held.message.authorId,
      type: 'project.message',
      payload: { projectId: held.project.id, messageId: held.message.id, moderation: 'declined' },
    });
    return {};
  },
});
