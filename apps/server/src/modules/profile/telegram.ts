import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PROFILE_EXTRA_TEXTS, type TelegramSubscription } from '@parlance/shared';
import { accountDetails, telegramSubscriptions, users } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { Services } from '../../platform/services';
import type { SmsProvider } from '../../platform/sms';
import type { TelegramStart } from '../../platform/telegram/provider';

// Telegram notifications (spec 2 section 7: GET/POST telegram/subscription, POST telegram/sms).
// The user opens t.me/<bot>?start=<code> and presses Start; the bot's `/start <code>` tells us the
// chat, and notifications are on from then. has_subscribed=0 turns them off (the chat is kept, so
// turning them on again needs no new Start). ADR 0080.

const CODE_TTL_MS = 24 * 60 * 60 * 1000;

type Row = typeof telegramSubscriptions.$inferSelect;

async function rowOf(deps: Services, userId: number): Promise<Row | undefined> {
  const [row] = await deps.db.select().from(telegramSubscriptions).where(eq(telegramSubscriptions.userId, userId));
  return row;
}

const codeValid = (row: Row | undefined, now: Date) =>
  Boolean(row?.startCode && row.codeExpiresAt && row.codeExpiresAt > now);

/** The start code of the user's bot link: the current one while valid, else a new one. */
async function ensureCode(deps: Services, userId: number): Promise<string> {
  const now = deps.clock.now();
  const row = await rowOf(deps, userId);
  if (row && codeValid(row, now) && row.startCode) return row.startCode;
  const code = randomBytes(12).toString('base64url');
  const values = { startCode: code, codeExpiresAt: new Date(now.getTime() + CODE_TTL_MS), updatedAt: now };
  await deps.db
    .insert(telegramSubscriptions)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: telegramSubscriptions.userId, set: values });
  return code;
}

export function botLink(bot: string, code: string): string {
  return `https://t.me/${bot}?start=${code}`;
}

/**
 * A `/start <code>` reached the bot: the chat is the code owner's, notifications are on, and the
 * chat is told so. A code nobody holds (expired, used) gets a hint in the chat instead.
 */
export async function bindStart(deps: Services, start: TelegramStart): Promise<number | null> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .select()
    .from(telegramSubscriptions)
    .where(eq(telegramSubscriptions.startCode, start.code));
  if (!row || !codeValid(row, now)) {
    await deps.telegram
      .send(start.chatId, 'This link has expired. Open Telegram Notifications in your Parlance profile for a new one.')
      .catch((err) => deps.logger.warn({ err, chatId: start.chatId }, 'telegram: the expired-link answer failed'));
    return null;
  }
  await deps.db
    .update(telegramSubscriptions)
    .set({
      chatId: start.chatId,
      username: start.username,
      subscribed: true,
      subscribedAt: now,
      startCode: null,
      codeExpiresAt: null,
      updatedAt: now,
    })
    .where(eq(telegramSubscriptions.userId, row.userId));
  // the subscription holds without the welcome: a failed one is only logged
  await deps.telegram
    .send(start.chatId, PROFILE_EXTRA_TEXTS.telegramWelcome)
    .catch((err) => deps.logger.warn({ err, userId: row.userId }, 'telegram: the welcome message failed'));
  return row.userId;
}

/** Reads the Start messages the bot received (real bot only) and binds them. */
async function syncStarts(deps: Services): Promise<void> {
  if (deps.telegram.sandbox) return;
  const starts = await deps.telegram.receivedStarts();
  for (const start of starts) await bindStart(deps, start);
}

export async function getTelegramSubscription(deps: Services, userId: number): Promise<TelegramSubscription> {
  let row = await rowOf(deps, userId);
  if (!row?.subscribed && row?.startCode) {
    // the user may just have pressed Start: look (a Telegram hiccup must not break the page)
    await syncStarts(deps).catch((err) => deps.logger.warn({ err, userId }, 'telegram: reading Start messages failed'));
    row = await rowOf(deps, userId);
  }
  const bot = await deps.telegram.botUsername().catch((err) => {
    deps.logger.warn({ err, userId }, 'telegram: the bot could not be reached');
    throw new AppError(502, PROFILE_EXTRA_TEXTS.telegramSendFailed);
  });
  const code = row?.subscribed ? null : await ensureCode(deps, userId);
  return {
    has_subscribed: row?.subscribed ?? false,
    connected: Boolean(row?.chatId),
    username: row?.username ?? null,
    bot,
    link: code ? botLink(bot, code) : null,
    code,
    sandbox: deps.telegram.sandbox,
  };
}

/** POST telegram/subscription: on (needs the chat from Start) or off. */
export async function setTelegramSubscription(deps: Services, userId: number, on: boolean) {
  const now = deps.clock.now();
  if (!on) {
    await deps.db
      .update(telegramSubscriptions)
      .set({ subscribed: false, updatedAt: now })
      .where(eq(telegramSubscriptions.userId, userId));
    return getTelegramSubscription(deps, userId);
  }
  let row = await rowOf(deps, userId);
  if (!row?.chatId) {
    await syncStarts(deps).catch((err) => {
      deps.logger.warn({ err, userId }, 'telegram: reading Start messages failed');
      throw new AppError(502, PROFILE_EXTRA_TEXTS.telegramSendFailed);
    });
    row = await rowOf(deps, userId);
  }
  if (!row?.chatId) throw badRequest(PROFILE_EXTRA_TEXTS.telegramNotStarted);
  if (!row.subscribed) {
    await deps.db
      .update(telegramSubscriptions)
      .set({ subscribed: true, subscribedAt: now, updatedAt: now })
      .where(eq(telegramSubscriptions.userId, userId));
    await deps.telegram
      .send(row.chatId, PROFILE_EXTRA_TEXTS.telegramWelcome)
      .catch((err) => deps.logger.warn({ err, userId }, 'telegram: the welcome message failed'));
  }
  return getTelegramSubscription(deps, userId);
}

/** Sandbox only: what the bot would learn when the user presses Start with their code. */
export async function sandboxStart(deps: Services, userId: number, code: string) {
  const [row] = await deps.db.select().from(telegramSubscriptions).where(eq(telegramSubscriptions.startCode, code));
  // another user's code is unknown to this user
  if (!row || row.userId !== userId) throw notFound();
  if (!codeValid(row, deps.clock.now())) throw badRequest(PROFILE_EXTRA_TEXTS.telegramCodeExpired);
  await bindStart(deps, { chatId: `sandbox-${userId}`, code, username: null });
  return getTelegramSubscription(deps, userId);
}

/** POST telegram/sms: text the bot link to the user's verified phone (to open it where Telegram is). */
export async function smsTelegramLink(deps: Services, sms: SmsProvider, userId: number): Promise<void> {
  const [user] = await deps.db
    .select({ phone: users.phone, verified: accountDetails.phoneVerified })
    .from(users)
    .leftJoin(accountDetails, eq(accountDetails.userId, users.id))
    .where(eq(users.id, userId));
  if (!user?.phone || !user.verified) throw badRequest(PROFILE_EXTRA_TEXTS.telegramSmsNeedsPhone);
  const state = await getTelegramSubscription(deps, userId);
  if (!state.link) throw badRequest(PROFILE_EXTRA_TEXTS.telegramSubscribed);
  try {
    await sms.send(user.phone, `Get your Parlance notifications in Telegram: open ${state.link} and press Start.`, [
      state.link,
    ]);
  } catch (err) {
    deps.logger.warn({ err, userId }, 'the SMS gateway refused the Telegram link');
    throw new AppError(502, PROFILE_EXTRA_TEXTS.telegramSendFailed);
  }
}
