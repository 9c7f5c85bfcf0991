import { STORAGE_KEYS } from '@parlance/shared';
import { BUTTON_SIZE, KEEP_CLEAR_ATTRIBUTE, MARGIN } from './size';

// Where the floating admin button sits: left/top in CSS pixels of the viewport, stored locally so it
// stays where the admin dragged it; a position outside the window falls back to the default.

export interface Point {
  x: number;
  y: number;
}

export { BUTTON_SIZE } from './size';

interface Viewport {
  width: number;
  height: number;
}

export function viewport(): Viewport {
  return { width: window.innerWidth, height: window.innerHeight };
}

/** Bottom right, clear of the edges. */
export function defaultPosition(view: Viewport = viewport()): Point {
  return {
    x: Math.max(0, view.width - BUTTON_SIZE - MARGIN),
    y: Math.max(0, view.height - BUTTON_SIZE - MARGIN),
  };
}

interface Area {
  top: number;
  left: number;
  right: number;
  bottom: number;
}

/** The gap between the risen button and what it keeps clear of. */
const CLEAR_GAP = 8;

/**
 * The point moved up until the button covers none of the areas (the composer at a page's foot); the
 * same point when it covers none. Never above the top of the window.
 */
export function clearOf(p: Point, areas: readonly Area[]): Point {
  let y = p.y;
  for (let pass = 0; pass < areas.length; pass++) {
    const hit = areas.find(
      (a) => p.x < a.right && p.x + BUTTON_SIZE > a.left && y < a.bottom && y + BUTTON_SIZE > a.top,
    );
    if (!hit) break;
    y = hit.top - BUTTON_SIZE - CLEAR_GAP;
  }
  return { x: p.x, y: Math.max(0, y) };
}

export function isOnScreen(p: Point, view: Viewport = viewport()): boolean {
  return p.x >= 0 && p.y >= 0 && p.x + BUTTON_SIZE <= view.width && p.y + BUTTON_SIZE <= view.height;
}

/** Keep a point being dragged inside the window. */
export function clampToScreen(p: Point, view: Viewport = viewport()): Point {
  return {
    x: Math.min(Math.max(0, p.x), Math.max(0, view.width - BUTTON_SIZE)),
    y: Math.min(Math.max(0, p.y), Math.max(0, view.height - BUTTON_SIZE)),
  };
}

function isPoint(value: unknown): value is Point {
  return (
    !!value &&
    typeof value === 'object' &&
    'x' in value &&
    'y' in value &&
    Number.isFinite(value.x) &&
    Number.isFinite(value.y)
  );
}

export function loadStoredPosition(): Point | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.adminToolsPosition);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return isPoint(parsed) ? { x: parsed.x, y: parsed.y } : null;
  } catch {
    return null;
  }
}

export function storePosition(p: Point | null): void {
  try {
    if (p) window.localStorage.setItem(STORAGE_KEYS.adminToolsPosition, JSON.stringify(p));
    else window.localStorage.removeItem(STORAGE_KEYS.adminToolsPosition);
  } catch {
    // storage full or blocked: the position just is not remembered
  }
}

/** The default place, risen above whatever the page keeps clear ([KEEP_CLEAR_ATTRIBUTE]). */
export function defaultPlace(): Point {
  const areas = [...document.querySelectorAll(`[${KEEP_CLEAR_ATTRIBUTE}]`)].map((e) => e.getBoundingClientRect());
  return clearOf(defaultPosition(), areas);
}

/** The stored position when it is on screen, else the default (and the stored one is dropped). */
export function initialPosition(): Point {
  const stored = loadStoredPosition();
  if (stored && isOnScreen(stored)) return stored;
  if (stored) storePosition(null);
  return defaultPosition();
}
