import { LIMITS, TEXTS } from '@parlance/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ComponentType, createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { ChunkLoadError, isChunkLoadError, lazy, loadChunk } from './lazy';

describe('loadChunk', () => {
  afterEach(() => vi.useRealTimers());

  it('answers the module when it arrives', async () => {
    await expect(loadChunk(() => Promise.resolve({ default: 1 }))).resolves.toEqual({ default: 1 });
  });

  it("turns the browser's failed fetch into 'Loading chunk failed'", async () => {
    const failed = loadChunk(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js')),
    );
    await expect(failed).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(failed).rejects.toThrow(TEXTS.loadingChunkFailed);
  });

  it('fails a chunk that has not arrived after 120 s, and not a moment before', async () => {
    vi.useFakeTimers();
    const outcome = loadChunk(() => new Promise(() => {})).then(
      () => 'loaded',
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(LIMITS.chunkLoadTimeoutMs - 1);
    let settled = false;
    void outcome.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).message).toBe('Loading chunk failed');
  });

  it('leaves an error the module itself threw as it is', async () => {
    const bug = new ReferenceError('x is not defined');
    await expect(loadChunk(() => Promise.reject(bug))).rejects.toBe(bug);
    expect(isChunkLoadError(bug)).toBe(false);
  });
});

describe('lazy', () => {
  const page = () => createElement('p', null, 'the page');
  const inSuspense = (C: ComponentType) =>
    renderToString(createElement(Suspense, { fallback: 'loading' }, createElement(C)));

  it('suspends while its chunk is loading, and draws the component at once when it is already there', async () => {
    const Page = lazy(() => Promise.resolve({ default: page }));
    const before = inSuspense(Page);
    expect(before).toContain('loading');
    expect(before).not.toContain('the page');
    await Page.preload();
    const after = inSuspense(Page);
    expect(after).toContain('<p>the page</p>');
    expect(after).not.toContain('loading');
  });

  it('loads its chunk once however often it is preloaded, and again after a failure', async () => {
    const load = vi.fn(() => Promise.resolve({ default: page }));
    const Page = lazy(load);
    await Promise.all([Page.preload(), Page.preload()]);
    expect(load).toHaveBeenCalledTimes(1);
    const flaky = vi.fn(
      (): Promise<{ default: ComponentType }> =>
        Promise.reject(new TypeError('Failed to fetch dynamically imported module: x')),
    );
    const Broken = lazy(flaky);
    await expect(Broken.preload()).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(Broken.preload()).rejects.toBeInstanceOf(ChunkLoadError);
    expect(flaky).toHaveBeenCalledTimes(2);
  });
});
