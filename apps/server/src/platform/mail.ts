import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
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
export function createMailer(db: Db, opts: { smtpUrl?: string; from: string }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(message) {
      const [row] = await db
        .insert(mailOutbox)
        .values({
          toAddress: message.to,
          subject: message.subject,
          text: message.attachments?.length
            ? `${message.text}\n\nAttached: ${message.attachments.map((a) => `${a.filename} (${a.content.length} bytes)`).join(', ')}`
            : message.text,
          html: message.html,
          status: 'stored',
        })
        .returning({ id: mailOutbox.id });
      if (!transport) return;
      try {
        await transport.sendMail({ from: opts.from, ...message });
        await db.update(mailOutbox).set({ status: 'sent' }).where(eq(mailOutbox.id, row.id));
      } catch (err) {
        await db
          .update(mailOutbox)
          .set({ status: 'failed', error: err instanceof Error ? err.message : String(err) })
          .where(eq(mailOutbox.id, row.id));
      }
    },
  };
}
