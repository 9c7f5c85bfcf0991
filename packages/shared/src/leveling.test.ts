import { describe, expect, it } from 'vitest';
import { type LevelingInput, levelingParams, levelOf, nextStoredLevel } from './leveling';

const base: LevelingInput = {
  rating: null,
  reviewScore: null,
  onTime: null,
  volume: 0,
  disputesLost: 0,
  completedProjects: 10,
};
const at = (p: Partial<LevelingInput>): LevelingInput => ({ ...base, ...p });

describe('levelOf: the highest level whose five thresholds are all met', () => {
  it.each([
    ['nothing measured', at({}), 1],
    [
      'level 2 exactly at its thresholds',
      at({ rating: 3.5, reviewScore: 700, onTime: 70, volume: 2_000, disputesLost: 3 }),
      2,
    ],
    [
      'just under level 2 on one parameter (rating)',
      at({ rating: 3.49, reviewScore: 700, onTime: 70, volume: 2_000 }),
      1,
    ],
    ['level 3', at({ rating: 4.2, reviewScore: 850, onTime: 85, volume: 9_000, disputesLost: 1 }), 3],
    [
      'level 4 but two lost disputes caps it at 3',
      at({ rating: 4.5, reviewScore: 900, onTime: 92, volume: 40_000, disputesLost: 2 }),
      3,
    ],
    ['level 4', at({ rating: 4.5, reviewScore: 900, onTime: 92, volume: 40_000, disputesLost: 1 }), 4],
    ['level 5', at({ rating: 4.9, reviewScore: 960, onTime: 99, volume: 120_000 }), 5],
    [
      'level 5 values but no reviews: reviews cannot be measured, level 1',
      at({ rating: 4.9, onTime: 99, volume: 120_000 }),
      1,
    ],
    ['high rating, low volume: volume decides', at({ rating: 5, reviewScore: 990, onTime: 100, volume: 5_000 }), 2],
    [
      'four lost disputes: level 1 whatever else',
      at({ rating: 5, reviewScore: 990, onTime: 100, volume: 200_000, disputesLost: 4 }),
      1,
    ],
  ])('%s', (_name, input, level) => {
    expect(levelOf(input)).toBe(level);
  });
});

describe('nextStoredLevel', () => {
  it('keeps the current level without enough evidence (fewer than 3 completed projects)', () => {
    const strong = at({ rating: 4.9, reviewScore: 960, onTime: 99, volume: 120_000 });
    expect(nextStoredLevel(4, { ...strong, completedProjects: 2 })).toBe(4);
    expect(nextStoredLevel(4, { ...strong, completedProjects: 3 })).toBe(5);
    expect(nextStoredLevel(4, at({ completedProjects: 3 }))).toBe(1);
  });
});

describe('levelingParams', () => {
  it('shows each parameter beside the next level threshold', () => {
    const params = levelingParams(at({ rating: 4.2, reviewScore: 850, onTime: 85, volume: 9_000, disputesLost: 1 }), 3);
    expect(params.map((p) => [p.key, p.nextThreshold, p.meetsNext])).toEqual([
      ['rating', 4.4, false],
      ['reviewScore', 880, false],
      ['onTime', 90, false],
      ['volume', 30_000, false],
      ['disputesLost', 1, true],
    ]);
    expect(levelingParams(at({}), 5).every((p) => p.nextThreshold === null && p.meetsNext)).toBe(true);
  });
});
