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
});
