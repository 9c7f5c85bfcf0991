import { eq, sql } from 'drizzle-orm';
import { MAIL_TEXTS, MAILING_FLAG_LABELS, type UnsubscribeView } from '@parlance/shared';
import { mailingPreferences, users } from '../../db/schema';
import { audit } from '../../platform/audit';
import { badRequest } from '../../platform/errors';
import { sendMailsAfterCommit } from '../../platform/mail';
import { mailingFlagsOf, setMailingFlags } from '../../platform/mail-preferences';
import { unsubscribeKey, verifyUnsubscribeToken } from '../../platform/mail-unsubscribe';
import type { Services } from '../../platform/services';

// The one-click unsubscribe of governed mails (RFC 8058) and the promotions admins send to the
// people who opted in. ADR 0097.

/** The account's address, partly hidden: enough to recognise, not to harvest. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = email.slice(0, at);
  return `${local.slice(0, Math.min(2, local.length))}***${email.slice(at)}`;
}

async function readToken(deps: Services, token: string) {
  const named = verifyUnsubscribeToken(await unsubscribeKey(deps.db, deps.config.mailUnsubscribeSecret), token);
  if (!named) throw badRequest(MAIL_TEXTS.unsubscribeInvalid, { token: MAIL_TEXTS.unsubscribeInvalid });
  const [user] = await deps.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.id, named.userId));
  if (!user) throw badRequest(MAIL_TEXTS.unsubscribeInvalid, { token: MAIL_TEXTS.unsubscribeInvalid });
  return { user, flag: named.flag };
}

/** What a link would turn off: shown on the confirm page (a GET changes nothing). */
export async function describeUnsubscribe(deps: Services, token: string): Promise<UnsubscribeView> {
  const { user, flag } = await readToken(deps, token);
  const flags = await mailingFlagsOf(deps.db, user.id);
  return { flag, label: MAILING_FLAG_LABELS[flag], email: maskEmail(user.email), off: !flags[flag] };
}

/** Turns the link's one switch off (the POST of RFC 8058); a second POST changes nothing more. */
export async function unsubscribe(deps: Services, token: string, ip: string): Promise<UnsubscribeView> {
  const { user, flag } = await readToken(deps, token);
  await deps.db.transaction(async (tx) => {
    if (!(await mailingFlagsOf(tx, user.id))[flag]) return;
    await setMailingFlags(tx, user.id, { [flag]: false }, deps.clock.now());
    await audit(tx, {
      actorId: user.id,
      action: 'profile.mailing_unsubscribed',
      targetType: 'user',
      targetId: user.id,
      details: { [flag]: false, via: 'one-click' },
      ip,
    });
  });
  return { flag, label: MAILING_FLAG_LABELS[flag], email: maskEmail(user.email), off: true };
}

/**
 * An admin's promotion, to every user who turned "News, offers and promotions" on (it is
 * off until they do). Each mail still passes the mailer's check of the switch, so a user who
 * turned it off since the list was read gets nothing. Answers how many it went to.
 */
export async function sendPromotion(
  deps: Services,
  adminId: number,
  input: { subject: string; text: string },
  ip: string,
): Promise<number> {
  const people = await deps.db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .innerJoin(mailingPreferences, eq(mailingPreferences.userId, users.id))
    .where(sql`${mailingPreferences.flags} ->> 'email_promotion' = 'true'`)
    .orderBy(users.id);
  await audit(deps.db, {
    actorId: adminId,
    action: 'mail.promotion_sent',
    details: { subject: input.subject, recipients: people.length },
    ip,
  });
  return sendMailsAfterCommit(
    deps,
    people.map((p) => ({
      to: p.email,
      subject: input.subject,
      text: `Hello ${p.name},\n\n${input.text}\n`,
      preference: { userId: p.id, flag: 'email_promotion' as const },
    })),
    { promotion: input.subject },
  );
}
