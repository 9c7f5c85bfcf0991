import { count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { isStaff, type OutboxMail } from '@parlance/shared';
import type { Db } from '../../db/client';
import { mailOutbox, phoneVerifications, users } from '../../db/schema';
import { allowIf, can, defineRules } from '../../platform/permissions';
import type { AuthContext, UserRow } from '../../platform/session';

// The mail outbox, as staff holding outbox.read see it (no staff group has that permission by
// default: super-admins read it). A link or code that signs someone in is masked, so that reading
// the outbox never lets anyone take over the account it was sent to; only the super-admin of a
// demo without SMTP sees the secrets of mail sent to a customer or translator (that is how a demo
// is tried without a mailbox), never of mail sent to a staff account.

export const MASKED_SECRET = '•••••• (hidden: it signs the recipient in)';

type Recipient = Pick<UserRow, 'type' | 'isAdmin'>;

declare module '../../platform/permissions' {
  interface Actions {
    'outbox.reveal-secrets': { recipient: Recipient | null; smtpConnected: boolean };
  }
}

defineRules({
  'outbox.reveal-secrets': (actor, { recipient, smtpConnected }) =>
    allowIf(actor.admin === null && actor.user.isAdmin && !smtpConnected && recipient !== null && !isStaff(recipient)),
});

type OutboxRow = typeof mailOutbox.$inferSelect;

/** The people the mails with secrets went to, by lower-case e-mail address and by `sms:<phone>`. */
async function recipientsOf(db: Db, rows: OutboxRow[]): Promise<Map<string, Recipient>> {
  const addresses = rows.filter((r) => r.secrets.length > 0).map((r) => r.toAddress);
  const emails = addresses.filter((a) => !a.startsWith('sms:')).map((a) => a.toLowerCase());
  const phones = addresses.filter((a) => a.startsWith('sms:')).map((a) => a.slice(4));
  if (emails.length === 0 && phones.length === 0) return new Map();
  const found = await db
    .select({ email: users.email, phone: users.phone, type: users.type, isAdmin: users.isAdmin })
    .from(users)
    .where(
      or(
        emails.length ? inArray(sql`lower(${users.email})`, emails) : sql`false`,
        phones.length ? inArray(users.phone, phones) : sql`false`,
      ),
    );
  const byAddress = new Map<string, Recipient>();
  // a code sent to a phone that is still being verified belongs to the person verifying it
  const verifying = phones.length
    ? await db
        .select({ phone: phoneVerifications.phone, type: users.type, isAdmin: users.isAdmin })
        .from(phoneVerifications)
        .innerJoin(users, eq(users.id, phoneVerifications.userId))
        .where(inArray(phoneVerifications.phone, phones))
    : [];
  for (const v of verifying) byAddress.set(`sms:${v.phone}`, v);
  for (const u of found) {
    byAddress.set(u.email.toLowerCase(), u);
    if (u.phone) byAddress.set(`sms:${u.phone}`, u);
  }
  return byAddress;
}

function mask(value: string | null, secrets: readonly string[]): string | null {
  if (value === null) return null;
  let out = value;
  // longer first, so that a link is masked whole before a part of it could be
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    if (secret) out = out.split(secret).join(MASKED_SECRET);
  }
  return out;
}

export async function outboxPage(
  db: Db,
  actor: AuthContext,
  smtpConnected: boolean,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<{ data: OutboxMail[]; totalCount: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(mailOutbox),
  ]);
  const recipients = await recipientsOf(db, rows);
  const data = rows.map((row) => {
    const recipient = recipients.get(row.toAddress.toLowerCase()) ?? null;
    const reveal = row.secrets.length === 0 || can(actor, 'outbox.reveal-secrets', { recipient, smtpConnected });
    const secrets = reveal ? [] : row.secrets;
    return {
      id: row.id,
      to: row.toAddress,
      subject: row.subject,
      text: mask(row.text, secrets) ?? '',
      html: mask(row.html, secrets),
      status: row.status,
      error: row.error,
      createdAt: row.createdAt.toISOString(),
      secretsHidden: secrets.length > 0,
    };
  });
  return { data, totalCount: total.n };
}
