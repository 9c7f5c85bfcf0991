import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// first-paint.ts keeps its state in the module: each test imports a fresh copy
async function fresh() {
  vi.resetModules();
  return import('./first-paint');
}

/** A fresh gate, armed as main.tsx arms it, after the first commit. */
async function committed() {
  const gate = await fresh();
  gate.armFirstPaintGate();
  gate.firstCommitDone();
  return gate;
}

/** A stand-in for the browser's paint timing: `paint()` reports the first contentful paint. */
function paintTiming(supported: boolean) {
  const observers: ((list: { getEntriesByName: (n: string) => unknown[] }) => void)[] = [];
  class Observer {
    static supportedEntryTypes = supported ? ['paint', 'layout-shift'] : ['layout-shift'];
    constructor(private readonly callback: (typeof observers)[number]) {}
    observe() {
      observers.push(this.callback);
    }
    disconnect() {}
  }
  vi.stubGlobal('PerformanceObserver', Observer);
  vi.stubGlobal('requestAnimationFrame', (cb: () => void) => setTimeout(cb, 16));
  return {
    paint: () => {
      for (const cb of observers) cb({ getEntriesByName: (n) => (n === 'first-contentful-paint' ? [{}] : []) });
    },
  };
}

describe('the first-paint gate', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('lets every call through where main.tsx did not arm it (tests, other entry points)', async () => {
    const gate = await fresh();
    expect(gate.firstPaintGate()).toBeNull();
  });

  it('holds calls until the browser reports the first contentful paint, then lets them through', async () => {
    const timing = paintTiming(true);
    const gate = await fresh();
    gate.armFirstPaintGate();
    const held = gate.firstPaintGate();
    expect(held).not.toBeNull();
    let through = false;
    void held?.then(() => {
      through = true;
    });
    gate.firstCommitDone();
    // a frame is not enough: the paint is reported when the frame is on screen
    await vi.advanceTimersByTimeAsync(100);
    expect(through).toBe(false);
    timing.paint();
    await vi.advanceTimersByTimeAsync(0);
    expect(through).toBe(true);
    expect(gate.firstPaintGate()).toBeNull();
  });

  it('opens one frame after the first commit where the browser reports no paint timing', async () => {
    paintTiming(false);
    const gate = await committed();
    await vi.advanceTimersByTimeAsync(15);
    expect(gate.firstPaintGate()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(2);
    expect(gate.firstPaintGate()).toBeNull();
  });

  it('opens 250 ms after the first commit when nothing is painted (a background tab)', async () => {
    paintTiming(true);
    const gate = await committed();
    await vi.advanceTimersByTimeAsync(249);
    expect(gate.firstPaintGate()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(gate.firstPaintGate()).toBeNull();
  });

  it("holds the page's calls, not the early one the address names (request in http.ts)", async () => {
    const timing = paintTiming(true);
    vi.resetModules();
    const gate = await import('./first-paint');
    const { request } = await import('./http');
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      return new Response('{}', { status: 200 });
    });
    gate.armFirstPaintGate();
    const page = request('/api/2/dashboard/statistics');
    const early = request('/api/2/workbench/projects/7', { beforeFirstPaint: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetched).toEqual(['/api/2/workbench/projects/7']);
    gate.firstCommitDone();
    timing.paint();
    await Promise.all([page, early]);
    expect(fetched).toEqual(['/api/2/workbench/projects/7', '/api/2/dashboard/statistics']);
  });
});
