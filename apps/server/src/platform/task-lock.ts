import type pg from 'pg';
import type { TaskLock } from './scheduler';

// Several server instances on one PostgreSQL each run the scheduler (ADR 0029). A task runs on one
// instance at a time: it holds a session advisory lock named after the
// task on a connection of its own while it runs; an instance that finds it held skips the task this
// time. Every task also guards each row it changes (status guards, claims, row locks), so a lock lost
// with its connection may let two runs overlap but never repeat a move.

/** The first key of the two-key advisory locks taken here ("PRLS"), apart from any other lock. */
const LOCK_SPACE = 0x50524c53;

export function pgTaskLock(pool: pg.Pool): TaskLock {
  return async (name, run) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    const asError = (err: unknown) => (err instanceof Error ? err : new Error(String(err)));
    try {
      let ok: boolean | undefined;
      try {
        const got = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1::int, hashtext($2)) AS ok', [
          LOCK_SPACE,
          name,
        ]);
        ok = got.rows[0]?.ok;
      } catch (err) {
        broken = asError(err);
        throw err;
      }
      if (!ok) return null;
      try {
        return await run();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1::int, hashtext($2))', [LOCK_SPACE, name]).catch((err) => {
          // a connection that cannot unlock is thrown away, which releases its locks
          broken = asError(err);
        });
      }
    } finally {
      client.release(broken);
    }
  };
}
