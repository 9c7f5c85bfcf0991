import { describe, expect, it } from 'vitest';
import { BUTTON_SIZE, clampToScreen, clearOf, defaultPosition, isOnScreen } from './position';

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

  it('rises above what the page keeps clear, and stays put when it covers nothing', () => {
    const phone = { width: 375, height: 700 };
    const corner = defaultPosition(phone);
    // a chat composer across the foot of the screen, 80 px high
    const composer = { top: 620, bottom: 700, left: 0, right: 375 };
    const risen = clearOf(corner, [composer]);
    expect(risen.x).toBe(corner.x);
    expect(risen.y + BUTTON_SIZE).toBeLessThanOrEqual(composer.top);
    // a second area right above the composer: above both
    const replyBar = { top: 560, bottom: 620, left: 0, right: 375 };
    expect(clearOf(corner, [composer, replyBar]).y + BUTTON_SIZE).toBeLessThanOrEqual(replyBar.top);
    // an area elsewhere on the page changes nothing
    expect(clearOf(corner, [{ top: 0, bottom: 100, left: 0, right: 375 }])).toEqual(corner);
    // never above the window
    expect(clearOf(corner, [{ top: 10, bottom: 700, left: 0, right: 375 }]).y).toBe(0);
  });
});
