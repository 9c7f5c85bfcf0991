import { describe, expect, it } from 'vitest';
import { cardPlacement } from './tour-placement';

const phone = { width: 375, height: 740 };
const desktop = { width: 1280, height: 800 };

describe('the tour card beside its frame', () => {
  it('goes in the middle for a step without a frame, as wide as a phone allows', () => {
    expect(cardPlacement(null, phone)).toEqual({
      top: '50%',
      left: '50%',
      transform: 'translate(-50%, -50%)',
      width: 343,
    });
    expect(cardPlacement(null, desktop)).toMatchObject({ width: 360 });
  });

  it('goes below a frame near the top, centred on it and kept 16 px inside the screen', () => {
    // the first chat row on a phone, edge to edge
    const place = cardPlacement({ top: 190, left: -8, width: 391, height: 72 }, phone);
    expect(place).toEqual({ top: 274, left: 16, width: 343, maxHeight: 450 });
  });

  it('goes above a frame near the bottom, by its lower edge', () => {
    const place = cardPlacement({ top: 640, left: 20, width: 335, height: 60 }, phone);
    expect(place).toEqual({ bottom: 112, left: 16, width: 343, maxHeight: 612 });
  });

  it('goes beside a frame as tall as the screen, on the side with room', () => {
    // the chat list column on a desktop
    const place = cardPlacement({ top: 56, left: 272, width: 356, height: 744 }, desktop);
    expect(place).toEqual({ top: 56, left: 640, width: 360 });
    const right = cardPlacement({ top: 56, left: 900, width: 372, height: 744 }, desktop);
    expect(right).toEqual({ top: 56, right: 392, width: 360 });
  });

  it('goes in the middle when no side has room', () => {
    expect(cardPlacement({ top: 60, left: 0, width: 375, height: 640 }, phone)).toMatchObject({ top: '50%' });
  });
});
