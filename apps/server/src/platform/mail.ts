import { asc, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { MAIL_TEXTS, MAILING_FLAG_LABELS, type MailingFlag } from '@parlance/shared';
import { mailOutbox, secondaryEmails } from '../db/schema';
import { wantsMail } from './mail-preferences';
import { unsubscribeKey, unsubscribeUrl } from './mail-unsubscribe';
import type { Logger } from './logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * A mail a mailing switch governs (ADR 0097): not sent while the user's switch is off; when it
   * goes, it carries a one-click unsubscribe for that switch and copies go to the user's secondary
   * addresses. Without it the mail is transactional (a password link, a code, a receipt).
   */
  preference?: { userId: number; flag: MailingFlag };
  /**
   * The strings in the text and HTML that sign someone in or prove they own the address (a
   * password link, a code): kept in the outbox, shown there masked (modules/admin/outbox.ts).
   */
  secrets?: string[];
  /** files sent with the mail; the outbox keeps their names and sizes in the text, not the files */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * The one home of every mail. Governed mails (with `preference`) go only while the user's switch
 * is on, carry List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) for that switch and a footer
 * saying why they came, and go in copy to the user's secondary addresses. Every mail is written to
 * the outbox table (admins read it at /admin/outbox); with SMTP_URL it is also delivered through
 * nodemailer and marked sent or failed; without, it stays 'stored'.
 */
export function createMailer(
  db: Db,
  opts: {
    smtpUrl?: string;
    from: string;
    /** the web address the unsubscribe links point at */
    publicUrl: string;
    /** MAIL_UNSUBSCRIBE_SECRET (undefined: the database's own key) */
    unsubscribeSecret?: string;
    /** a second channel for the mails a flag governs (Telegram, platform/telegram/notify.ts) */
    notify?: (userId: number, message: { subject: string; text: string }) => Promise<void>;
    logger: Logger;
  },
): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;

  async function deliver(
    message: Omit<MailMessage, 'preference' | 'secrets'>,
    extra: { secrets: string[]; headers: Record<string, string>; preference?: MailMessage['preference'] },
  ): Promise<void> {
    const [row] = await db
      .insert(mailOutbox)
      .values({
        toAddress: message.to,
        subject: message.subject,
        text: message.attachments?.length
          ? `${message.text}\n\nAttached: ${message.attachments.map((a) => `${a.filename} (${a.content.length} bytes)`).join(', ')}`
          : message.text,
        html: message.html,
        secrets: extra.secrets,
        userId: extra.preference?.userId ?? null,
        flag: extra.preference?.flag ?? null,
        headers: extra.headers,
        status: 'stored',
      })
      .returning({ id: mailOutbox.id });
    if (!transport) return;
    try {
      await transport.sendMail({ from: opts.from, ...message, headers: extra.headers });
      await db.update(mailOutbox).set({ status: 'sent' }).where(eq(mailOutbox.id, row.id));
    } catch (err) {
      opts.logger.warn({ err, outboxId: row.id }, 'mail not delivered by SMTP: kept in the outbox as failed');
      await db
        .update(mailOutbox)
        .set({ status: 'failed', error: err instanceof Error ? err.message : String(err) })
        .where(eq(mailOutbox.id, row.id));
    }
  }

  return {
    async send({ preference, secrets, ...message }) {
      if (!preference) {
        await deliver(message, { secrets: secrets ?? [], headers: {} });
        return;
      }
      if (!(await wantsMail(db, preference.userId, preference.flag))) return;
      if (opts.notify) await opts.notify(preference.userId, message);
      const key = await unsubscribeKey(db, opts.unsubscribeSecret);
      const link = unsubscribeUrl(opts.publicUrl, key, preference.userId, preference.flag);
      const headers = { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
      const footer = `\n--\n${MAIL_TEXTS.footer}: "${MAILING_FLAG_LABELS[preference.flag]}".\n${MAIL_TEXTS.footerStop}: ${link}\n`;
      const governed = {
        ...message,
        text: `${message.text}${footer}`,
        ...(message.html
          ? {
              html: `${message.html}<p>${MAIL_TEXTS.footer}: "${escapeHtml(MAILING_FLAG_LABELS[preference.flag])}". <a href="${escapeHtml(link)}">${MAIL_TEXTS.footerStop}</a></p>`,
            }
          : {}),
      };
      const copies = await db
        .select({ email: secondaryEmails.email })
        .from(secondaryEmails)
        .where(eq(secondaryEmails.userId, preference.userId))
        .orderBy(asc(secondaryEmails.id));
      const seen = new Set([message.to.toLowerCase()]);
      await deliver(governed, { secrets: secrets ?? [], headers, preference });
      for (const { email } of copies) {
        if (seen.has(email.toLowerCase())) continue;
        seen.add(email.toLowerCase());
        await deliver({ ...governed, to: email }, { secrets: secrets ?? [], headers, preference });
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
