import { describe, expect, it, vi } from 'vitest';
import { preloadRoute, registerRoutePreloads } from './route-preload';

describe('preloadRoute', () => {
  it('starts the matching page once, by pattern, ignoring the query; nothing for other addresses', async () => {
    const project = vi.fn(() => Promise.resolve({}));
    const auth = vi.fn(() => Promise.resolve({}));
    registerRoutePreloads([
      ['/auth', auth],
      ['/project/:id', project],
    ]);
    preloadRoute('/project/12?tab=files');
    preloadRoute('/project/13');
    preloadRoute('/nowhere');
    expect(project).toHaveBeenCalledTimes(1);
    expect(auth).not.toHaveBeenCalled();
  });

  it('tries again after a failed load', async () => {
    const flaky = vi.fn(() => Promise.reject(new Error('offline')));
    registerRoutePreloads([['/cpanel', flaky]]);
    preloadRoute('/cpanel');
    await Promise.resolve();
    await Promise.resolve();
    preloadRoute('/cpanel');
    expect(flaky).toHaveBeenCalledTimes(2);
  });

  it('answers when the page is there, and after a failure too', async () => {
    let arrive = () => {};
    registerRoutePreloads([['/dashboard', () => new Promise<void>((resolve) => (arrive = resolve))]]);
    let done = false;
    const ready = preloadRoute('/dashboard').then(() => {
      done = true;
    });
    await Promise.resolve();
    expect(done).toBe(false);
    arrive();
    await ready;
    expect(done).toBe(true);
    registerRoutePreloads([['/offline', () => Promise.reject(new Error('offline'))]]);
    await expect(preloadRoute('/offline')).resolves.toBeUndefined();
  });
});
