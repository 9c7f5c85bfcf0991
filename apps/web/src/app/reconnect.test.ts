import { describe, expect, it } from 'vitest';
import { reconnectDelayMs } from './reconnect';

describe('reconnect delay', () => {
  it('spreads a going-away reconnect over the first second, whatever failed before', () => {
    expect(reconnectDelayMs(1001, 6, () => 0)).toBe(0);
    expect(reconnectDelayMs(1001, 6, () => 0.999)).toBeLessThanOrEqual(1000);
  });

  it('backs off other drops from 0.5-1 s up to 15-30 s', () => {
    expect(reconnectDelayMs(1006, 0, () => 0)).toBe(500);
    expect(reconnectDelayMs(1006, 0, () => 1)).toBe(1000);
    expect(reconnectDelayMs(1006, 3, () => 0)).toBe(4000);
    expect(reconnectDelayMs(null, 20, () => 1)).toBe(30_000);
  });
});
