// The calls a page makes as it first renders start once the page is on screen. Started in the first
// commit's effects, they ran before the first frame was painted and competed with it; on a phone the
// person saw the page later, and a quick answer could arrive before the first frame did (Lighthouse
// then counts the call as something the largest paint waited for). The gate is armed by main.tsx
// only (tests and other entry points call at once) and opens at the first contentful paint after the
// first commit, or at the latest OPEN_AFTER_MS after it (a background tab paints nothing).

const OPEN_AFTER_MS = 250;
let armed = false;
let open = false;
let opened: () => void = () => undefined;
const firstPaint = new Promise<void>((resolve) => {
  opened = resolve;
});

/** Calls wait for the first paint from now on (main.tsx, before the first render). */
export function armFirstPaintGate(): void {
  armed = true;
}

/** The first commit is done: open the gate once the browser has painted it. */
export function firstCommitDone(): void {
  if (!armed || open) return;
  const openGate = () => {
    if (open) return;
    open = true;
    opened();
  };
  // The browser reports its first contentful paint once the frame is on screen, which comes a
  // frame or more after the main thread painted it; where it cannot say, one frame is waited for
  // (a frame callback runs before the frame is painted, a task queued from it after).
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      openGate();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else requestAnimationFrame(() => setTimeout(openGate));
  setTimeout(openGate, OPEN_AFTER_MS);
}

/** What a call waits for before it starts: the first paint, or nothing once it has happened. */
export function firstPaintGate(): Promise<void> | null {
  return armed && !open ? firstPaint : null;
}
