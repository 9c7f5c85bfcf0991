import { ORDER_TEXTS } from '@parlance/shared';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { FileTooLargeError, type LocalDiskStorage, localDiskStorage } from './storage';

let dataDir: string;
let storage: LocalDiskStorage;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'parlance-storage-'));
  storage = localDiskStorage(dataDir);
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** Every file under the storage root, temp files included. */
async function filesOnDisk(): Promise<string[]> {
  const entries = await readdir(storage.root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

/** A stream of `count` chunks of `size` bytes that records how many chunks were pulled. */
function countedChunks(count: number, size: number) {
  const pulled = { chunks: 0 };
  async function* generate() {
    for (let i = 0; i < count; i++) {
      pulled.chunks++;
      yield Buffer.alloc(size, i % 256);
    }
  }
  return { stream: generate(), pulled };
}

describe('LocalDiskStorage', () => {
  it('stores a file under DATA_DIR/files with a random id, and reads it back with its sha-256', async () => {
    const content = 'Hello, storage! '.repeat(10_000);
    const stored = await storage.put(Readable.from([Buffer.from(content)]), { maxBytes: 1024 * 1024 });
    expect(storage.root).toBe(join(dataDir, 'files'));
    expect(stored.id).toMatch(/^[0-9a-f]{32}$/);
    expect(stored.size).toBe(Buffer.byteLength(content));
    expect(stored.sha256).toBe(createHash('sha256').update(content).digest('hex'));
    expect(await text(await storage.get(stored.id))).toBe(content);
    expect(await storage.stat(stored.id)).toMatchObject({ id: stored.id, size: stored.size });
    expect(await filesOnDisk()).toEqual([stored.id]);
  });

  it('accepts a file of exactly the limit', async () => {
    const stored = await storage.put(Readable.from([Buffer.alloc(1000, 1)]), { maxBytes: 1000 });
    expect(stored.size).toBe(1000);
  });

  it('refuses a file over the limit mid-stream, with the spec message, and leaves no file behind', async () => {
    const { stream, pulled } = countedChunks(100, 64 * 1024);
    const error = await storage.put(stream, { maxBytes: 200 * 1024 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileTooLargeError);
    expect(error).toBeInstanceOf(AppError);
    expect((error as FileTooLargeError).message).toBe(ORDER_TEXTS.fileTooBig);
    expect((error as FileTooLargeError).statusCode).toBe(413);
    // it stopped soon after the limit instead of reading all 6.4 MB
    expect(pulled.chunks).toBeLessThan(10);
    expect(await filesOnDisk()).toEqual([]);
  });

  it('leaves no file behind when the upload itself fails part-way', async () => {
    async function* broken() {
      yield Buffer.from('some bytes');
      throw new Error('connection reset');
    }
    await expect(storage.put(broken(), { maxBytes: 1000 })).rejects.toThrow('connection reset');
    expect(await filesOnDisk()).toEqual([]);
  });

  it('gives every upload its own id, even for the same content', async () => {
    const a = await storage.put(Readable.from([Buffer.from('same')]), { maxBytes: 100 });
    const b = await storage.put(Readable.from([Buffer.from('same')]), { maxBytes: 100 });
    expect(a.id).not.toBe(b.id);
    expect(a.sha256).toBe(b.sha256);
  });

  it('deletes a file, and answers 404 and null for unknown or malformed ids', async () => {
    const stored = await storage.put(Readable.from([Buffer.from('bye')]), { maxBytes: 100 });
    expect(await storage.delete(stored.id)).toBe(true);
    expect(await storage.delete(stored.id)).toBe(false);
    expect(await storage.stat(stored.id)).toBeNull();
    await expect(storage.get(stored.id)).rejects.toMatchObject({ statusCode: 404 });
    for (const id of ['../../etc/passwd', '', 'ABC', `${stored.id}/..`]) {
      expect(await storage.stat(id)).toBeNull();
      expect(await storage.delete(id)).toBe(false);
    }
  });

  it('sweeps partial files left by a crash, and only old ones', async () => {
    await storage.put(Readable.from([Buffer.from('x')]), { maxBytes: 10 });
    const temp = join(storage.root, '.tmp');
    await writeFile(join(temp, 'old.part'), 'half');
    await writeFile(join(temp, 'new.part'), 'half');
    const anHourAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(join(temp, 'old.part'), anHourAgo, anHourAgo);
    expect(await storage.sweepTemp()).toBe(1);
    expect(await readdir(temp)).toEqual(['new.part']);
  });
});
