import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PHONE_TEXTS } from '@parlance/shared';
import type { Services } from '../../platform/services';
import { accountDetails, phoneVerifications, users } from '../../db/schema';
import { safeEqual, sha256 } from '../../platform/crypto';
import { AppError, badRequest } from '../../platform/errors';
import type { SmsProvider } from '../../platform/sms';
import type { AuthContext } from '../../platform/session';

// Phone verification (spec 2 section 4: start, code sent, verify): a 6-digit code by SMS, valid
// 10 minutes, 5 tries, one new code a minute. Only the code's hash is stored.

const TTL_MS = 10 * 60 * 1000;
const RESEND_MS = 60 * 1000;
const MAX_TRIES = 5;

const codeHash = (userId: number, phone: string, code: string) => sha256(`${userId}:${phone}:${code}`);

export async function startPhoneVerification(deps: Services, sms: SmsProvider, auth: AuthContext, phone: string) {
  const now = deps.clock.now();
  const [current] = await deps.db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, auth.user.id));
  if (current && now.getTime() - current.sentAt.getTime() < RESEND_MS) throw new AppError(429, PHONE_TEXTS.wait);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const values = {
    phone,
    codeHash: codeHash(auth.user.id, phone, code),
    attempts: 0,
    sentAt: now,
    expiresAt: new Date(now.getTime() + TTL_MS),
  };
  await deps.db
    .insert(phoneVerifications)
    .values({ userId: auth.user.id, ...values })
    .onConflictDoUpdate({ target: phoneVerifications.userId, set: values });
  try {
    await sms.send(phone, `Your Parlance verification code is ${code}. It is valid for 10 minutes.`, [code]);
  } catch (err) {
    deps.logger.warn({ err, userId: auth.user.id }, 'the SMS gateway refused a verification code');
    await deps.db.delete(phoneVerifications).where(eq(phoneVerifications.userId, auth.user.id));
    throw new AppError(502, PHONE_TEXTS.sendFailed);
  }
}

export async function tryPhoneVerification(deps: Services, auth: AuthContext, phone: string, code: string) {
  const now = deps.clock.now();
  const [row] = await deps.db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, auth.user.id));
  if (!row || row.phone !== phone) throw badRequest(PHONE_TEXTS.notStarted, { phone: PHONE_TEXTS.notStarted });
  if (row.expiresAt <= now) throw badRequest(PHONE_TEXTS.codeExpired, { code: PHONE_TEXTS.codeExpired });
  if (row.attempts >= MAX_TRIES) throw new AppError(429, PHONE_TEXTS.tooManyTries, { code: PHONE_TEXTS.tooManyTries });
  if (!safeEqual(row.codeHash, codeHash(auth.user.id, phone, code))) {
    await deps.db
      .update(phoneVerifications)
      .set({ attempts: row.attempts + 1 })
      .where(eq(phoneVerifications.userId, auth.user.id));
    throw badRequest(PHONE_TEXTS.codeWrong, { code: PHONE_TEXTS.codeWrong });
  }
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ phone }).where(eq(users.id, auth.user.id));
    await tx
      .insert(accountDetails)
      .values({ userId: auth.user.id, phoneVerified: true, updatedAt: now })
      .onConflictDoUpdate({ target: accountDetails.userId, set: { phoneVerified: true, updatedAt: now } });
    await tx.delete(phoneVerifications).where(eq(phoneVerifications.userId, auth.user.id));
  });
}

export async function phoneStatus(deps: Services, userId: number) {
  const [user] = await deps.db.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
  const [details] = await deps.db.select().from(accountDetails).where(eq(accountDetails.userId, userId));
  const [pending] = await deps.db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, userId));
  return { phone: user?.phone ?? '', verified: details?.phoneVerified ?? false, pending: pending?.phone ?? null };
}
