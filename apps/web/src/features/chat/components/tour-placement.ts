import type { CSSProperties } from 'react';

// Where the chat tour's card goes beside the lit frame of its step (OnboardingTour.tsx).

/** The gap between the frame and the card, and the card's distance from the screen's edges. */
const GAP = 12;
const MARGIN = 16;
const CARD_WIDTH = 360;
/** About a step card's height: a side with less room than this does not take the card. */
const CARD_HEIGHT = 220;

/** The lit frame around a step's element, in viewport pixels. */
export interface Frame {
  top: number;
  left: number;
  width: number;
  height: number;
}

/**
 * Where the card goes: below or above the frame when one of them has room for it, else beside it,
 * else in the middle. Placed by the edge next to the frame, so its own height need not be known.
 */
export function cardPlacement(frame: Frame | null, viewport: { width: number; height: number }): CSSProperties {
  const width = Math.min(CARD_WIDTH, viewport.width - 2 * MARGIN);
  const centered: CSSProperties = { top: '50%', left: '50%', transform: 'translate(-50%, -50%)', width };
  if (!frame) return centered;
  const clamp = (v: number, min: number, max: number) => Math.min(Math.max(v, min), Math.max(min, max));
  const below = viewport.height - (frame.top + frame.height) - GAP - MARGIN;
  const above = frame.top - GAP - MARGIN;
  const centerX = clamp(frame.left + frame.width / 2 - width / 2, MARGIN, viewport.width - width - MARGIN);
  if (Math.max(below, above) >= CARD_HEIGHT) {
    return below >= above
      ? { top: frame.top + frame.height + GAP, left: centerX, width, maxHeight: below }
      : { bottom: viewport.height - frame.top + GAP, left: centerX, width, maxHeight: above };
  }
  const right = viewport.width - (frame.left + frame.width) - GAP - MARGIN;
  const left = frame.left - GAP - MARGIN;
  if (Math.max(right, left) >= width) {
    const top = clamp(frame.top, MARGIN, viewport.height - CARD_HEIGHT - MARGIN);
    return right >= left
      ? { top, left: frame.left + frame.width + GAP, width }
      : { top, right: viewport.width - frame.left + GAP, width };
  }
  return centered;
}
