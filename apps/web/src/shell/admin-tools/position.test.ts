import { describe, expect, it } from 'vitest';
import { BUTTON_SIZE, clampToScreen, defaultPosition, isOnScreen } from './position';

const view = { width: 1366, height: 768 };

describe('floating admin button position', () => {
  it('defaults to the bottom right corner, inside the window', () => {
    const p = defaultPosition(view);
    expect(p.x).toBeGreaterThan(view.width / 2);
    expect(p.y).toBeGreaterThan(view.height / 2);
    expect(isOnScreen(p, view)).toBe(true);
  });

  it('treats a position the window no longer shows as off-screen', () => {
    expect(isOnScreen({ x: 1300, y: 100 }, { width: 390, height: 844 })).toBe(false);
    expect(isOnScreen({ x: -1, y: 100 }, view)).toBe(false);
    expect(isOnScreen({ x: 0, y: 0 }, view)).toBe(true);
  });

  it('keeps a dragged button fully inside the window', () => {
    expect(clampToScreen({ x: 5000, y: -40 }, view)).toEqual({ x: view.width - BUTTON_SIZE, y: 0 });
  });
});
