import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { ShapeCache, statementName } from './prepared';

const dbA = {} as Db;
const dbB = {} as Db;

describe('ShapeCache', () => {
  it('keeps one statement per shape and database handle, dropping the least recently used beyond its size', () => {
    const cache = new ShapeCache<string>(2);
    let made = 0;
    const make = (v: string) => () => {
      made++;
      return v;
    };
    expect(cache.get(dbA, 'x', make('x1'))).toBe('x1');
    expect(cache.get(dbA, 'x', make('x2'))).toBe('x1');
    expect(cache.get(dbB, 'x', make('xb'))).toBe('xb');
    expect(made).toBe(2);
    cache.get(dbA, 'y', make('y1'));
    cache.get(dbA, 'x', make('x3')); // x used last: y is now the oldest
    cache.get(dbA, 'z', make('z1'));
    expect(cache.size(dbA)).toBe(2);
    expect(cache.get(dbA, 'x', make('x4'))).toBe('x1');
    expect(cache.get(dbA, 'y', make('y2'))).toBe('y2');
    expect(made).toBe(5);
  });
});

describe('statementName', () => {
  it('names a shape the same every time, different shapes differently, within PostgreSQL’s 63 characters', () => {
    const a = statementName('parlance_customer_list', 'ALL|id|desc|customerId');
    expect(statementName('parlance_customer_list', 'ALL|id|desc|customerId')).toBe(a);
    expect(statementName('parlance_customer_list', 'ALL|id|asc|customerId')).not.toBe(a);
    expect(statementName('parlance_customer_list', 'ALL|id|desc|customerId,tag')).not.toBe(a);
    expect(a.length).toBeLessThanOrEqual(63);
  });
});
