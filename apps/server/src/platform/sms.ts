import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';

// Text messages (phone verification codes). A provider interface: an HTTP gateway when
// SMS_PROVIDER_URL is set, otherwise the outbox that admins already read at /admin/outbox (the
// message is stored with the address `sms:<phone>`), so the demo needs no SMS service.

export interface SmsProvider {
  /** `secrets`: the parts of the text that prove the phone is the user's (a code, a link) */
  send(to: string, text: string, secrets?: string[]): Promise<void>;
}

/** POSTs {to, text} as JSON to the gateway; a non-2xx answer is an error (the caller tells the user). */
export function httpSmsProvider(url: string, fetchImpl: typeof fetch = fetch): SmsProvider {
  return {
    async send(to, text) {
      const res = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}

export function outboxSmsProvider(db: Db): SmsProvider {
  return {
    async send(to, text, secrets = []) {
      await db.insert(mailOutbox).values({ toAddress: `sms:${to}`, subject: 'SMS', text, secrets, status: 'stored' });
    },
  };
}

export function createSmsProvider(db: Db, url: string | undefined): SmsProvider {
  return url ? httpSmsProvider(url) : outboxSmsProvider(db);
}
