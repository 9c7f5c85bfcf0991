import { lazy as reactLazy } from 'react';
import { LIMITS, TEXTS } from '@parlance/shared';

// Every lazily loaded piece of the app loads through here, so that a chunk that cannot be fetched
// (offline, or removed by a new deployment) or that hangs fails the same way everywhere: with the
// spec's 'Loading chunk failed', which the error page recognises and answers with a reload.

/** A script chunk that could not be fetched, or did not arrive within the timeout. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(readonly reason: unknown) {
    super(TEXTS.loadingChunkFailed);
  }
}

/** True for a failed chunk load, ours or the browser's own wording of it. */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  if (!(error instanceof Error)) return false;
  // Chromium, Firefox and Safari word a failed dynamic import differently
  return /dynamically imported module|Importing a module script failed|Unable to preload/i.test(error.message);
}

/** Runs a chunk's import, failing with ChunkLoadError when it rejects or takes longer than the timeout. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs: number = LIMITS.chunkLoadTimeoutMs): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(new Error(`No answer in ${timeoutMs} ms`))), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        // an error the module itself threw while running is a bug to show as it is, not a failed fetch
        reject(isChunkLoadError(error) && !(error instanceof ChunkLoadError) ? new ChunkLoadError(error) : error);
      },
    );
  });
}

/** React's lazy(), with the chunk's load under loadChunk. */
export const lazy: typeof reactLazy = (load) => reactLazy(() => loadChunk(load));
