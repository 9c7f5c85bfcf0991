import { createHash } from 'node:crypto';
import { is, type Placeholder, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { type Db, statementHandle, type Tx } from '../db/client';

// Prepared statements of the hot paths: Drizzle builds a query's SQL text once, and on
// PostgreSQL the named statement is parsed and planned once per pooled connection instead of on
// every request. Queries whose WHERE depends on which filters are set are prepared per *shape* (the
// filters present, the sort column and direction), with the values as placeholders, and kept in a
// bounded map per database handle: the shapes a client can ask for are many (filters x sorts), the
// ones used are few.

/** How many shapes of one query family each database handle keeps prepared. */
export const MAX_SHAPES = 64;

/**
 * A statement name for PostgreSQL: the family and a hash of the shape. The same shape always gets
 * the same name and the same SQL text, so a connection that prepared it before (a shape dropped from
 * the map and built again) reuses it; two shapes never share a name.
 */
export function statementName(family: string, shape: string): string {
  return `${family}_${createHash('sha1').update(shape).digest('hex').slice(0, 16)}`;
}

/**
 * The statements of one family by shape, least recently used dropped beyond `max`. Prepared
 * statements belong to the handle they were made from (a transaction cannot run them: they would
 * go to another pooled connection), so there is one map per `Db`.
 */
export class ShapeCache<V> {
  private readonly byDb = new WeakMap<Db, Map<string, V>>();

  constructor(private readonly max: number = MAX_SHAPES) {}

  /** `make` prepares on the handle it is given (`statementHandle(db)`), not on `db`. */
  get(db: Db, shape: string, make: (handle: Db) => V): V {
    let entries = this.byDb.get(db);
    if (!entries) {
      entries = new Map();
      this.byDb.set(db, entries);
    }
    const found = entries.get(shape);
    if (found !== undefined) {
      // most recently used last
      entries.delete(shape);
      entries.set(shape, found);
      return found;
    }
    const made = make(statementHandle(db));
    entries.set(shape, made);
    if (entries.size > this.max) entries.delete(entries.keys().next().value as string);
    return made;
  }

  /** How many shapes `db` has prepared (tests). */
  size(db: Db): number {
    return this.byDb.get(db)?.size ?? 0;
  }
}

/** One statement per database handle (queries of a single shape). */
export function preparedOnce<V>(make: (db: Db) => V): (db: Db) => V {
  const byDb = new WeakMap<Db, V>();
  return (db) => {
    let found = byDb.get(db);
    if (found === undefined) {
      found = make(statementHandle(db));
      byDb.set(db, found);
    }
    return found;
  };
}

/**
 * The database handle when it is not a transaction: a function that may run inside one (pricing an
 * order at finalize) uses its prepared statements only outside, because they run on the pool.
 */
export function outsideTransaction(db: Db | Tx): Db | null {
  return is(db, PgTransaction) ? null : (db as Db);
}

/** The values of a read, or (when it is prepared) a placeholder of the same name for each. */
export type Params<V> = { [K in keyof V]: V[K] | Placeholder };

/** A Drizzle query that can be awaited as it is or prepared under a name. */
interface Preparable<R> extends PromiseLike<R> {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R> };
}

const PLACEHOLDERS: Params<Record<string, unknown>> = new Proxy(
  {},
  { get: (_target, key) => (typeof key === 'string' ? sql.placeholder(key) : undefined) },
);

/**
 * A read of one shape whose values are all placeholders: prepared once per database handle (named
 * `name`) and executed with `values` outside a transaction; inside one, `build` is given the values
 * and the query runs on the transaction as an ordinary one. One definition serves both, so the two
 * cannot drift apart.
 */
export function preparedRead<V extends Record<string, unknown>, R>(
  name: string,
  build: (db: Db | Tx, v: Params<V>) => Preparable<R>,
): (db: Db | Tx, values: V) => Promise<R> {
  const statement = preparedOnce((handle) => build(handle, PLACEHOLDERS as Params<V>).prepare(name));
  return async (db, values) => {
    const root = outsideTransaction(db);
    return root ? statement(root).execute(values) : build(db, values);
  };
}
