import { describe, expect, it } from 'vitest';
import { newProjectIds, type PageSnapshot } from './new-project-ids';

function snapshot(ids: number[], full: boolean): PageSnapshot {
  return { key: 'available:1:10', ids: new Set(ids), full };
}

describe('newProjectIds', () => {
  it('finds a project that opened above the previous rows', () => {
    expect(newProjectIds(snapshot([9, 7, 5], false), [12, 9, 7, 5])).toEqual([12]);
  });

  it('counts every id on a page that was not full: nothing can have moved up into it', () => {
    expect(newProjectIds(snapshot([9, 7], false), [9, 7, 3])).toEqual([3]);
    expect(newProjectIds(snapshot([], false), [4])).toEqual([4]);
  });

  it('ignores a row that moved up from the next page after a row above was taken', () => {
    expect(newProjectIds(snapshot([9, 7, 5], true), [9, 5, 4])).toEqual([]);
  });

  it('still counts an editing job of an older project that appears inside a full page', () => {
    expect(newProjectIds(snapshot([9, 7, 5], true), [9, 8, 7])).toEqual([8]);
  });

  it('finds nothing when the rows only went away', () => {
    expect(newProjectIds(snapshot([9, 7, 5], false), [9, 5])).toEqual([]);
  });
});
