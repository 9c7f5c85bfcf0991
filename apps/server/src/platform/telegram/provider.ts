import { Api } from 'grammy';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';

// Telegram notifications (spec 2 section 7, telegram/*). A provider interface: the real Bot API
// through grammY's API client when TELEGRAM_BOT_TOKEN is set, otherwise a sandbox that writes
// every message to the outbox admins read at /admin/outbox (address `telegram:<chat>`), as SMS do.
//
// No long polling and no webhook: the bot only needs to learn which chat pressed Start with the
// user's code. The server asks Telegram for new messages (getUpdates, no wait) when the user says
// they pressed Start or their page asks for the state (ADR 0080).

/** A `/start <code>` message the bot received: the chat to write to from now on. */
export interface TelegramStart {
  chatId: string;
  code: string;
  username: string | null;
}

export interface TelegramProvider {
  /** no bot configured: messages go to the outbox and pressing Start is simulated in the app */
  readonly sandbox: boolean;
  /** the bot's @username, for the t.me link */
  botUsername(): Promise<string>;
  send(chatId: string, text: string): Promise<void>;
  /** the `/start <code>` messages received since the last call (each answered once) */
  receivedStarts(): Promise<TelegramStart[]>;
}

/** Telegram's limit for one message's text. */
export const TELEGRAM_MAX_TEXT = 4096;

export const SANDBOX_BOT = 'ParlanceSandboxBot';

/** The code of a `/start CODE` (or `/start@bot CODE`) message, or null. */
export function startCodeOf(text: string | undefined): string | null {
  const m = /^\/start(?:@\w+)?\s+([A-Za-z0-9_-]{1,64})\s*$/.exec(text ?? '');
  return m ? m[1] : null;
}

function clip(text: string): string {
  return text.length <= TELEGRAM_MAX_TEXT ? text : `${text.slice(0, TELEGRAM_MAX_TEXT - 1)}…`;
}

/** The real Bot API through grammY (`apiRoot` for a local Bot API server or a test fake). */
export function grammyTelegramProvider(token: string, opts: { apiRoot?: string } = {}): TelegramProvider {
  const api = new Api(token, opts.apiRoot ? { apiRoot: opts.apiRoot } : undefined);
  let username: Promise<string> | null = null;
  let offset = 0;
  // one getUpdates at a time: two at once make Telegram answer 409 and could hand out one update twice
  let polling: Promise<TelegramStart[]> = Promise.resolve([]);

  const poll = async (): Promise<TelegramStart[]> => {
    const updates = await api.getUpdates({ offset, timeout: 0, limit: 100, allowed_updates: ['message'] });
    const starts: TelegramStart[] = [];
    for (const update of updates) {
      offset = Math.max(offset, update.update_id + 1);
      const message = update.message;
      const code = startCodeOf(message?.text);
      if (message && code && message.chat.type === 'private')
        starts.push({ chatId: String(message.chat.id), code, username: message.from?.username ?? null });
    }
    return starts;
  };

  return {
    sandbox: false,
    botUsername() {
      username ??= api.getMe().then(
        (me) => me.username,
        (err) => {
          username = null;
          throw err;
        },
      );
      return username;
    },
    async send(chatId, text) {
      await api.sendMessage(chatId, clip(text), { link_preview_options: { is_disabled: true } });
    },
    receivedStarts() {
      // the previous poll's failure reached its own caller; this poll starts afresh
      polling = polling.catch(() => []).then(poll);
      return polling;
    },
  };
}

/** No bot: messages are stored in the outbox (admins read them); Start is simulated by the app. */
export function outboxTelegramProvider(db: Db): TelegramProvider {
  return {
    sandbox: true,
    async botUsername() {
      return SANDBOX_BOT;
    },
    async send(chatId, text) {
      await db
        .insert(mailOutbox)
        .values({ toAddress: `telegram:${chatId}`, subject: 'Telegram', text: clip(text), status: 'stored' });
    },
    async receivedStarts() {
      return [];
    },
  };
}

export function createTelegramProvider(db: Db, config: { telegramBotToken?: string; telegramApiRoot?: string }) {
  return config.telegramBotToken
    ? grammyTelegramProvider(config.telegramBotToken, { apiRoot: config.telegramApiRoot })
    : outboxTelegramProvider(db);
}
