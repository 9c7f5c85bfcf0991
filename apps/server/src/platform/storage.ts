import { ORDER_TEXTS } from '@parlance/shared';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { constants as fsConstants } from 'node:fs';
import { access, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError, notFound } from './errors';

// Where uploaded files live. Files are streamed in, never held whole in memory; the size limit is
// enforced while the bytes arrive; a file is stored under a random id (never the name a user gave
// it) and appears only once it is complete, so a failed upload leaves nothing behind.

export interface StoredFile {
  id: string;
  size: number;
  /** hex SHA-256 of the content, computed while it was written */
  sha256: string;
}

export interface FileStat {
  id: string;
  size: number;
  createdAt: Date;
}

export interface PutOptions {
  /** the upload is refused with FileTooLargeError as soon as it passes this many bytes */
  maxBytes: number;
}

export interface Storage {
  put(source: AsyncIterable<Uint8Array>, options: PutOptions): Promise<StoredFile>;
  /** a stream of the file's bytes; 404 when there is no such file */
  get(id: string): Promise<Readable>;
  stat(id: string): Promise<FileStat | null>;
  /** true when a file was deleted */
  delete(id: string): Promise<boolean>;
  /** removes partial uploads older than maxAgeMs (left by a crash); answers how many */
  sweepTemp(maxAgeMs?: number, now?: number): Promise<number>;
  /** throws when files cannot be stored now (readiness, platform/health.ts) */
  probe(): Promise<void>;
  /**
   * A short-lived link that serves the file straight from the store, for stores that have such
   * links (S3's presigned URLs); the caller checks the asker's rights first.
   */
  downloadLink?(id: string, options: DownloadLinkOptions): Promise<string>;
}

export interface DownloadLinkOptions {
  /** the Content-Disposition the store answers with (the file's name) */
  contentDisposition: string;
  contentType: string;
}

/** An upload over the limit. Its message is the wizard's 'File too big...' text. */
export class FileTooLargeError extends AppError {
  constructor(readonly maxBytes: number) {
    super(413, ORDER_TEXTS.fileTooBig);
    this.name = 'FileTooLargeError';
  }
}

const ID = /^[0-9a-f]{32}$/;
const TEMP_DIR = '.tmp';

export function isFileId(id: string): boolean {
  return ID.test(id);
}

/** Counts and hashes the bytes going through; fails with FileTooLargeError past maxBytes. */
export function sizeLimit(maxBytes: number, hash: ReturnType<typeof createHash>, counted: { size: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counted.size += chunk.length;
      if (counted.size > maxBytes) {
        callback(new FileTooLargeError(maxBytes));
        return;
      }
      hash.update(chunk);
      callback(null, chunk);
    },
  });
}

/** Files on the local disk, under DATA_DIR/files, sharded by the first two characters of the id. */
export class LocalDiskStorage implements Storage {
  constructor(readonly root: string) {}

  /** the files directory exists (made when missing, as the first upload would) and is writable */
  async probe(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, fsConstants.W_OK);
  }

  private pathOf(id: string): string {
    return join(this.root, id.slice(0, 2), id);
  }

  async put(source: AsyncIterable<Uint8Array>, options: PutOptions): Promise<StoredFile> {
    const id = randomBytes(16).toString('hex');
    const temp = join(this.root, TEMP_DIR, `${id}.part`);
    const final = this.pathOf(id);
    await mkdir(join(this.root, TEMP_DIR), { recursive: true });
    const hash = createHash('sha256');
    const counted = { size: 0 };
    try {
      await pipeline(source, sizeLimit(options.maxBytes, hash, counted), createWriteStream(temp, { flags: 'wx' }));
      await mkdir(join(this.root, id.slice(0, 2)), { recursive: true });
      await rename(temp, final);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return { id, size: counted.size, sha256: hash.digest('hex') };
  }

  async get(id: string): Promise<Readable> {
    if (!(await this.stat(id))) throw notFound();
    return createReadStream(this.pathOf(id));
  }

  async stat(id: string): Promise<FileStat | null> {
    if (!isFileId(id)) return null;
    try {
      const info = await stat(this.pathOf(id));
      return { id, size: info.size, createdAt: info.mtime };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(id: string): Promise<boolean> {
    if (!(await this.stat(id))) return false;
    await rm(this.pathOf(id), { force: true });
    return true;
  }

  /** Removes partial files a crash left behind (older than maxAgeMs); answers how many. */
  async sweepTemp(maxAgeMs = 60 * 60 * 1000, now = Date.now()): Promise<number> {
    const dir = join(this.root, TEMP_DIR);
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      // no temporary folder yet: nothing was ever cut off
      return 0;
    }
    let removed = 0;
    for (const name of names) {
      const path = join(dir, name);
      // gone already (another instance swept it): nothing to do
      const info = await stat(path).catch(() => null);
      if (info && now - info.mtimeMs > maxAgeMs) {
        await rm(path, { force: true });
        removed++;
      }
    }
    return removed;
  }
}

/** The local store: DATA_DIR/files (the default; platform/storage-from-config.ts chooses). */
export function localDiskStorage(dataDir: string): LocalDiskStorage {
  return new LocalDiskStorage(join(dataDir, 'files'));
}
