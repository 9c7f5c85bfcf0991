import type { MailMessage } from '../../platform/mail';

// The password mails: plain text and a simple HTML part with the same link.

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function passwordLinkUrl(publicUrl: string, token: string, purpose: 'reset' | 'create'): string {
  const url = `${publicUrl}/auth/resetPassword?token=${encodeURIComponent(token)}`;
  return purpose === 'create' ? `${url}&create=1` : url;
}

export function passwordMail(
  to: { email: string; name: string },
  link: string,
  purpose: 'reset' | 'create',
): MailMessage {
  const subject = purpose === 'reset' ? 'Reset your Parlance password' : 'Set a password for your Parlance account';
  const action = purpose === 'reset' ? 'reset your password' : 'set a password for your account';
  const ignore =
    purpose === 'reset'
      ? 'If you did not ask for this, you can ignore this message: your password stays as it is.'
      : 'If you did not ask for this, you can ignore this message.';
  const text = [
    `Hello ${to.name},`,
    '',
    `Open this link within one hour to ${action}:`,
    link,
    '',
    'The link works once.',
    ignore,
    '',
    'Parlance',
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(to.name)},</p>`,
    `<p>Open this link within one hour to ${action}:</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    '<p>The link works once.</p>',
    `<p>${escapeHtml(ignore)}</p>`,
    '<p>Parlance</p>',
  ].join('\n');
  return { to: to.email, subject, text, html, secrets: [link, escapeHtml(link)] };
}
