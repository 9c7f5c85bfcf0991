import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the Telegram Bot API (POST /bot<token>/<method>), so the grammY client is
 * tested over real HTTP without contacting telegram.org. Tests queue the messages users "send"
 * to the bot and read what the bot sent.
 */
export class FakeTelegram {
  readonly sent: { chat_id: string; text: string }[] = [];
  readonly calls: { token: string; method: string; body: Record<string, unknown> }[] = [];
  private updates: { update_id: number; message: unknown }[] = [];
  private nextUpdateId = 100;
  private server: Server | null = null;
  /** answer every call with this error (e.g. 401 for a revoked token) */
  failWith: { status: number; description: string } | null = null;

  constructor(readonly username = 'ParlanceTestBot') {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => {
        raw += c;
      });
      req.on('end', () => {
        const m = /^\/bot([^/]+)\/(\w+)/.exec(req.url ?? '');
        const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
        const reply = (status: number, payload: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(payload));
        };
        if (!m) return reply(404, { ok: false, error_code: 404, description: 'Not Found' });
        this.calls.push({ token: m[1], method: m[2], body });
        if (this.failWith)
          return reply(this.failWith.status, {
            ok: false,
            error_code: this.failWith.status,
            description: this.failWith.description,
          });
        reply(200, { ok: true, result: this.answer(m[2], body) });
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** A user writes to the bot (e.g. `/start CODE` after opening the t.me link). */
  userWrites(chatId: number, text: string, username = 'someone') {
    this.updates.push({
      update_id: this.nextUpdateId++,
      message: {
        message_id: this.nextUpdateId,
        date: Math.floor(Date.now() / 1000),
        chat: { id: chatId, type: 'private', username },
        from: { id: chatId, is_bot: false, first_name: 'Test', username },
        text,
      },
    });
  }

  private answer(method: string, body: Record<string, unknown>): unknown {
    switch (method) {
      case 'getMe':
        return { id: 42, is_bot: true, first_name: 'Parlance', username: this.username };
      case 'getUpdates': {
        const offset = Number(body.offset ?? 0);
        // Telegram forgets the updates below the offset once asked with it
        this.updates = this.updates.filter((u) => u.update_id >= offset);
        return this.updates;
      }
      case 'sendMessage':
        this.sent.push({ chat_id: String(body.chat_id), text: String(body.text) });
        return {
          message_id: this.sent.length,
          date: Math.floor(Date.now() / 1000),
          chat: { id: Number(body.chat_id), type: 'private' },
          text: body.text,
        };
      default:
        return true;
    }
  }
}
