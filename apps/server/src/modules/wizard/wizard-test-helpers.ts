import { randomBytes } from 'node:crypto';
import { type Dirent, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Response } from 'light-my-request';
import type { PurchaseOrder } from '@parlance/shared';
import type { App } from '../../platform/services';
import { GUEST_COOKIE } from './guest';

// Helpers of the wizard's API tests: multipart bodies, guest browsers, what is left in storage.

export interface UploadFile {
  filename: string;
  content: Buffer | string;
  type?: string;
  field?: string;
}

/** A multipart/form-data body: the fields first (in order), then the files. */
export function multipart(fields: Record<string, string>, files: UploadFile[]) {
  const boundary = `----parlance${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The files stored under DATA_DIR/files (partial uploads in .tmp included). */
export function storedFiles(app: App): string[] {
  const root = join(app.deps.config.dataDir, 'files');
  const found: string[] = [];
  const walk = (dir: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else found.push(join(dir, entry.name));
    }
  };
  walk(root);
  return found;
}

/** The guest cookie an answer set, as a Cookie header value. */
export function guestCookieOf(res: Response): string {
  const token = res.cookies.find((c) => c.name === GUEST_COOKIE)?.value;
  if (!token) throw new Error(`no ${GUEST_COOKIE} cookie in the answer: ${res.statusCode} ${res.body}`);
  return `${GUEST_COOKIE}=${token}`;
}

/** A browser without an account: calls with its guest cookie (once it has one). */
export function guestBrowser(app: App) {
  let cookie: string | undefined;
  const headers = () => (cookie ? { cookie } : {});
  return {
    get cookie() {
      return cookie;
    },
    async createOrder(fields: Record<string, unknown> = {}): Promise<PurchaseOrder> {
      const res = await app.inject({ method: 'POST', url: '/api/2/po', payload: fields, headers: headers() });
      if (res.statusCode !== 200) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
      cookie ??= guestCookieOf(res);
      return (res.json() as { results: PurchaseOrder }).results;
    },
    inject(opts: {
      method: 'GET' | 'POST' | 'DELETE';
      url: string;
      payload?: object | Buffer | string;
      headers?: Record<string, string>;
    }) {
      return app.inject({ ...opts, headers: { ...headers(), ...opts.headers } });
    },
    setCookie(value: string) {
      cookie = value;
    },
  };
}
