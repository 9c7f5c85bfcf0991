import { and, asc, eq, ne } from 'drizzle-orm';
import { PROJECT_STATUS_LABELS } from '@parlance/shared';
import type { Tx } from '../../db/client';
import { projects } from '../../db/schema';
import type { MailMessage } from '../../platform/mail';
import { referenceNames } from '../../platform/reference-names';
import { delayedMail, packageDelayedMail, withNames } from './mails';
import type { ProjectRecord } from './present';
import { personOf } from './service';

// The mails when a project passes its deadline undelivered (the scheduler's mark-delayed move).
// A project ordered alone: the customer's project_delayed mail. A project of a package (an order
// of several projects, one per target language): the customer's combo_package_delay mail, which
// says where the whole package stands. The translator always gets project_delayed.

export async function delayMails(tx: Tx, publicUrl: string, p: ProjectRecord): Promise<MailMessage[]> {
  const named = await withNames(tx, p);
  const mails: MailMessage[] = [];
  const siblings = p.purchaseOrderId
    ? await tx
        .select({ name: projects.name, targetLanguage: projects.targetLanguage, status: projects.status })
        .from(projects)
        .where(and(eq(projects.purchaseOrderId, p.purchaseOrderId), ne(projects.id, p.id)))
        .orderBy(asc(projects.id))
    : [];
  const customer = await personOf(tx, p.customerId);
  if (customer && siblings.length > 0) {
    const names = await referenceNames(tx, { languages: siblings.map((s) => s.targetLanguage), expertises: [] });
    const others = siblings.map((s) => ({
      name: s.name,
      targetName: names.language(s.targetLanguage),
      status: PROJECT_STATUS_LABELS[s.status],
    }));
    mails.push(packageDelayedMail(publicUrl, customer, named, others));
  } else if (customer) {
    mails.push(delayedMail(publicUrl, customer, named, 'customer'));
  }
  const translator = p.translatorId ? await personOf(tx, p.translatorId) : null;
  if (translator) mails.push(delayedMail(publicUrl, translator, named, 'translator'));
  return mails;
}
