import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import type { MailingFlag } from '@parlance/shared';
import { mailOutbox } from '../db/schema';
import { wantsMail } from './mail-preferences';
import type { Logger } from './logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** a mail the user may turn off in their mailing preferences: not sent when the flag is off */
  preference?: { userId: number; flag: MailingFlag };
  /**
   * The strings in the text and HTML that sign someone in or prove they own the address (a
   * password link, a code): kept in the outbox, shown there masked (modules/admin/outbox.ts).
   */
  secrets?: string[];
  /** files sent with the mail; the outbox keeps their names and sizes in the text, not the files */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Every mail is written to the outbox table (admins read it at /admin/outbox). With SMTP_URL it is
 * also delivered through nodemailer and marked sent or failed; without, it stays 'stored'.
 */
export function createMailer(
  db: Db,
  opts: {
    smtpUrl?: string;
    from: string;
    /** a second channel for the mails a flag governs (Telegram, platform/telegram/notify.ts) */
    notify?: (userId: number, message: { subject: string; text: string }) => Promise<void>;
    logger: Logger;
  },
): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send({ preference, secrets, ...message }) {
      if (preference && !(await wantsMail(db, preference.userId, preference.flag))) return;
      if (preference && opts.notify) await opts.notify(preference.userId, message);
      const [row] = await db
        .insert(mailOutbox)
        .values({
          toAddress: message.to,
          subject: message.subject,
          text: message.attachments?.length
            ? `${message.text}\n\nAttached: ${message.attachments.map((a) => `${a.filename} (${a.content.length} bytes)`).join(', ')}`
            : message.text,
          html: message.html,
          secrets: secrets ?? [],
          status: 'stored',
        })
        .returning({ id: mailOutbox.id });
      if (!transport) return;
      try {
        await transport.sendMail({ from: opts.from, ...message });
        await db.update(mailOutbox).set({ status: 'sent' }).where(eq(mailOutbox.id, row.id));
      } catch (err) {
        opts.logger.warn({ err, outboxId: row.id }, 'mail not delivered by SMTP: kept in the outbox as failed');
        await db
          .update(mailOutbox)
          .set({ status: 'failed', error: err instanceof Error ? err.message : String(err) })
          .where(eq(mailOutbox.id, row.id));
      }
    },
  };
}

/**
 * Sends mails about work that has already committed: a mail that cannot even be written to the
 * outbox is logged at warn with `context` (the ids of what the mail was about) and never undoes the
 * work; the other mails still go. Answers how many went.
 */
export async function sendMailsAfterCommit(
  deps: { mailer: Mailer; logger: Logger },
  mails: readonly MailMessage[],
  context: Record<string, unknown>,
): Promise<number> {
  let sent = 0;
  for (const mail of mails) {
    try {
      await deps.mailer.send(mail);
      sent += 1;
    } catch (err) {
      deps.logger.warn({ err, ...context, subject: mail.subject }, 'a mail about committed work could not be sent');
    }
  }
  return sent;
}
