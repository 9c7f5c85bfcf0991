import { and, eq, inArray, notInArray, or } from 'drizzle-orm';
import { DELETE_REASONS, DELETE_TEXTS, type deleteAccountInputSchema } from '@parlance/shared';
import type { z } from 'zod';
import type { Services } from '../../platform/services';
import {
  accountDetails,
  apiKeys,
  billingInfo,
  deletedAccounts,
  glossaryFiles,
  terminologySets,
  tmImports,
  tmShareGroups,
  tmShareMembers,
  mailingPreferences,
  myTeamMembers,
  profileUploads,
  voiceSamples,
  projectNotes,
  projects,
  secondaryEmails,
  sessions,
  subAccounts,
  telegramSubscriptions,
  translatorDetails,
  translatorExpertises,
  translatorLanguagePairs,
  translatorProfiles,
  translatorTranscriptionLanguages,
  users,
} from '../../db/schema';
import { audit } from '../../platform/audit';
import { AppError, badRequest } from '../../platform/errors';
import { verifyPassword } from '../../platform/passwords';
import type { AuthContext } from '../../platform/session';

// Account deletion (spec 2 section 4): personal data erased, the user row kept but anonymised so
// that the ledger and invoices (records) stay whole; sessions end; refused while work is open.

const FINISHED = ['COMPLETED', 'CANCELLED'] as const;

function wrongPassword(): AppError {
  return badRequest(DELETE_TEXTS.passwordIncorrect, { password: DELETE_TEXTS.passwordIncorrect });
}

/** POST /api/2/account/check-credentials: whether the password is the signed-in user's. */
export async function checkCredentials(auth: AuthContext, password: string): Promise<void> {
  if (!(await verifyPassword(auth.user.passwordHash, password))) throw wrongPassword();
}

/** Projects of the user that are not finished: as customer, translator or editor. */
async function openProjectCount(deps: Services, userId: number): Promise<number> {
  const rows = await deps.db
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(
        or(eq(projects.customerId, userId), eq(projects.translatorId, userId), eq(projects.editorId, userId)),
        notInArray(projects.status, [...FINISHED]),
      ),
    )
    .limit(1);
  return rows.length;
}

/** POST /ajax/deleteAccount. */
export async function deleteAccount(
  deps: Services,
  auth: AuthContext,
  input: z.output<typeof deleteAccountInputSchema>,
  ip: string,
): Promise<void> {
  const user = auth.user;
  if (!DELETE_REASONS.some((r) => r.id === input.reason))
    throw badRequest('Choose a reason from the list', { reason: 'Choose a reason from the list' });
  if (!(await verifyPassword(user.passwordHash, input.password))) throw wrongPassword();
  if ((await openProjectCount(deps, user.id)) > 0) throw new AppError(409, DELETE_TEXTS.openProjects);

  const storageIds: string[] = [];
  await deps.db.transaction(async (tx) => {
    const uploads = await tx
      .delete(profileUploads)
      .where(eq(profileUploads.userId, user.id))
      .returning({ storageId: profileUploads.storageId });
    storageIds.push(...uploads.map((u) => u.storageId));
    const samples = await tx
      .delete(voiceSamples)
      .where(eq(voiceSamples.userId, user.id))
      .returning({ storageId: voiceSamples.storageId });
    storageIds.push(...samples.map((u) => u.storageId));
    // the customer's language assets (terminology, translation memories, glossary files, shared
    // memory groups) are theirs, not records: they go with the account; its memberships in other
    // customers' groups too (segments and terms go with their imports and sets, by cascade)
    const glossaries = await tx
      .delete(glossaryFiles)
      .where(eq(glossaryFiles.userId, user.id))
      .returning({ storageId: glossaryFiles.storageId });
    storageIds.push(...glossaries.map((g) => g.storageId));
    await tx.delete(terminologySets).where(eq(terminologySets.userId, user.id));
    await tx.delete(tmImports).where(eq(tmImports.userId, user.id));
    await tx.delete(tmShareGroups).where(eq(tmShareGroups.ownerId, user.id));
    await tx.delete(tmShareMembers).where(eq(tmShareMembers.userId, user.id));
    for (const table of [
      accountDetails,
      mailingPreferences,
      billingInfo,
      translatorDetails,
      translatorProfiles,
      telegramSubscriptions,
      translatorTranscriptionLanguages,
    ] as const)
      await tx.delete(table).where(eq(table.userId, user.id));
    await tx.delete(secondaryEmails).where(eq(secondaryEmails.userId, user.id));
    await tx.delete(apiKeys).where(eq(apiKeys.userId, user.id));
    await tx.delete(projectNotes).where(eq(projectNotes.userId, user.id));
    await tx.delete(translatorLanguagePairs).where(eq(translatorLanguagePairs.userId, user.id));
    await tx.delete(translatorExpertises).where(eq(translatorExpertises.userId, user.id));
    await tx
      .delete(myTeamMembers)
      .where(or(eq(myTeamMembers.customerId, user.id), eq(myTeamMembers.translatorId, user.id)));
    // sub-accounts become accounts of their own; a deleted sub-account leaves its parent's list
    await tx.delete(subAccounts).where(or(eq(subAccounts.parentId, user.id), eq(subAccounts.childId, user.id)));
    await tx
      .update(users)
      .set({
        email: `deleted-${user.id}@deleted.invalid`,
        name: 'Deleted user',
        passwordHash: null,
        phone: null,
        company: '',
        industry: null,
        thumbUrl: null,
        totpSecret: null,
        totpEnabled: false,
        myTeamStatus: false,
      })
      .where(eq(users.id, user.id));
    await tx.insert(deletedAccounts).values({
      userId: user.id,
      reason: input.reason,
      comment: input.comment,
      deletedAt: deps.clock.now(),
    });
    await tx.delete(sessions).where(inArray(sessions.userId, [user.id]));
    await audit(tx, {
      actorId: user.id,
      action: 'profile.account_deleted',
      targetType: 'user',
      targetId: user.id,
      details: { reason: input.reason },
      ip,
    });
  });
  await Promise.all(storageIds.map((id) => deps.storage.delete(id)));
}
