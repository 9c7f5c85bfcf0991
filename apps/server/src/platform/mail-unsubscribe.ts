import { createHmac } from 'node:crypto';
import { MAILING_FLAGS, type MailingFlag } from '@parlance/shared';
import type { Db } from '../db/client';
import { safeEqual } from './crypto';
import { serverKey } from './keys';

// The one-click unsubscribe links of governed mails (RFC 8058, ADR 0097): a token that names one
// user and one mailing switch, signed with HMAC-SHA256. Whoever holds it may turn that one switch
// off without signing in (the mail went to the user's own inbox); it can do nothing else.

/** `<userId>.<flag>.<signature>`: readable, and nothing in it needs escaping in a URL. */
const TOKEN = /^(\d{1,10})\.([a-z_]{1,40})\.([\w-]{43})$/;

function signature(key: string, userId: number, flag: MailingFlag): string {
  return createHmac('sha256', key).update(`mail-unsubscribe:${userId}:${flag}`).digest('base64url');
}

export function signUnsubscribeToken(key: string, userId: number, flag: MailingFlag): string {
  return `${userId}.${flag}.${signature(key, userId, flag)}`;
}

/** The user and switch a token names, when we signed it; null for anything forged or cut. */
export function verifyUnsubscribeToken(key: string, token: string): { userId: number; flag: MailingFlag } | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const flag = MAILING_FLAGS.find((f) => f === match[2]);
  if (!flag || !Number.isSafeInteger(userId) || userId <= 0) return null;
  return safeEqual(match[3], signature(key, userId, flag)) ? { userId, flag } : null;
}

/** The link of the List-Unsubscribe header and of the mail's footer. */
export function unsubscribeUrl(publicUrl: string, key: string, userId: number, flag: MailingFlag): string {
  return `${publicUrl}/api/2/mail/unsubscribe?token=${signUnsubscribeToken(key, userId, flag)}`;
}

const keys = new WeakMap<object, Promise<string>>();

/** The HMAC key: MAIL_UNSUBSCRIBE_SECRET when set, else one made once per database. */
export function unsubscribeKey(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return Promise.resolve(configured);
  let key = keys.get(db);
  if (!key) {
    key = serverKey(db, 'mail-unsubscribe');
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}
