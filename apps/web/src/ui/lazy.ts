import { type ComponentProps, type ComponentType, createElement, lazy as reactLazy, useState } from 'react';
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

/** A lazily loaded component, and the load that a link or the first render can start early. */
// biome-ignore lint/suspicious/noExplicitAny: as React's own lazy(), any component's props
export type Lazy<T extends ComponentType<any>, M = { default: T }> = T & { preload: () => Promise<M> };

/**
 * React's lazy(), with the chunk's load under loadChunk, that draws the component at once when its
 * chunk is already there. React.lazy suspends on its first render even then, and the content that a
 * Suspense boundary reveals is held until 300 ms after the last fallback was shown (React's throttle
 * of fallbacks): the first page, whose chunk the HTML preloads, appeared 300 ms after the header.
 * Whether the chunk is there is decided once per mount, so a page is never mounted twice.
 */
// biome-ignore lint/suspicious/noExplicitAny: as React's own lazy(), any component's props
export function lazy<M extends { default: ComponentType<any> }>(load: () => Promise<M>): Lazy<M['default'], M> {
  type T = M['default'];
  let loaded: T | undefined;
  let loading: Promise<M> | undefined;
  const preload = () => {
    loading ??= loadChunk(load).then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined; // the next attempt fetches again
        throw error;
      },
    );
    return loading;
  };
  const Suspending = reactLazy(preload);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per chunk at module level, as React.lazy's are
  function LazyComponent(props: ComponentProps<T>) {
    const [Loaded] = useState(() => loaded);
    return Loaded ? createElement(Loaded, props) : createElement(Suspending, props);
  }
  return Object.assign(LazyComponent, { preload }) as unknown as Lazy<T, M>;
}
