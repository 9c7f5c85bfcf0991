import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { type App, buildApp } from '../app';
import { testConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { sessions, users } from '../db/schema';
import { authed, signUp, type TestSession } from '../test/auth-helpers';
import { createTestApp, freshDatabase, type TestApp } from '../test/harness';
import { sha256 } from './crypto';

// The session cache: the session-to-user lookup kept in memory, and forgotten at once
// when the database says a session or a user changed, on this instance and on the others.

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function userName(app: App, session: TestSession): Promise<string | null> {
  const res = await authed(app, session).get('/registry/get?data=User');
  if (res.statusCode !== 200) return null;
  const body = res.json() as { results: { name?: string; type?: string } | null };
  return body.results?.name ?? null;
}

function sidHash(session: TestSession): string {
  return sha256(session.cookie.split('=')[1]);
}

describe('session cache on one instance', () => {
  let t: TestApp;
  beforeAll(async () => {
    // long enough that the steps between reading and re-reading (a DDL and a delete) stay inside it on a loaded machine
    t = await createTestApp({ sessionCacheMs: 2000 });
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(async () => {
    await t.app.deps.db.execute(sql`ALTER TABLE sessions ENABLE TRIGGER sessions_auth_cache`);
    await t.app.deps.db.execute(sql`ALTER TABLE users ENABLE TRIGGER users_auth_cache`);
  });

  it('answers from memory for its time to live, then asks the database again', async () => {
    // the cache reads performance.now(): only that clock is faked, so the database runs as usual
    vi.useFakeTimers({ toFake: ['performance'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    // the triggers off from the start: no notification of the sign-up itself can arrive late (over
    // PostgreSQL's LISTEN connection) and drop the entry; the session's removal then goes
    // unnoticed, and only the cache can still answer
    await t.app.deps.db.execute(sql`ALTER TABLE sessions DISABLE TRIGGER sessions_auth_cache`);
    await t.app.deps.db.execute(sql`ALTER TABLE users DISABLE TRIGGER users_auth_cache`);
    const s = await signUp(t.app, { full_name: 'Cora Cache' });
    expect(await userName(t.app, s)).toBe('Cora Cache');
    await t.app.deps.db.delete(sessions).where(eq(sessions.idHash, sidHash(s)));
    expect(await userName(t.app, s)).toBe('Cora Cache');
    vi.advanceTimersByTime(2100);
    expect(await userName(t.app, s)).toBeNull();
  });

  it('a user changed in the database by any code is read again after the NOTIFY', async () => {
    const s = await signUp(t.app, { full_name: 'Old Name' });
    expect(await userName(t.app, s)).toBe('Old Name');
    await t.app.deps.db.update(users).set({ name: 'New Name' }).where(eq(users.id, s.user.id));
    // PGlite delivers the NOTIFY at commit, PostgreSQL over the LISTENing connection a moment later
    let name = await userName(t.app, s);
    for (let i = 0; i < 50 && name !== 'New Name'; i++) {
      await wait(20);
      name = await userName(t.app, s);
    }
    expect(name).toBe('New Name');
  });

  it("the user's own change through the API is read back at once", async () => {
    const s = await signUp(t.app, { full_name: 'Own Name' });
    expect(await userName(t.app, s)).toBe('Own Name');
    const res = await authed(t.app, s).post('/userService/updateRegisterInfo', { full_name: 'Own New Name' });
    expect(res.statusCode).toBe(200);
    expect(await userName(t.app, s)).toBe('Own New Name');
  });

  it("keeps a bearer token's user too, and reads it again after a change or a removal", async () => {
    // the users' trigger off from the start: no late notification of the sign-up can drop the entry
    await t.app.deps.db.execute(sql`ALTER TABLE users DISABLE TRIGGER users_auth_cache`);
    const s = await signUp(t.app, { full_name: 'Bea Bearer' });
    const token = (await authed(t.app, s).get('/api/2/auth/token')).json().results.jwt.access_token as string;
    const nameByToken = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/registry/get?data=User',
        headers: { authorization: `Bearer ${token}` },
      });
      return res.statusCode === 200 ? ((res.json() as { results: { name?: string } }).results?.name ?? null) : null;
    };
    const eventually = async (want: string | null) => {
      let got = await nameByToken();
      for (let i = 0; i < 50 && got !== want; i++) {
        await wait(20);
        got = await nameByToken();
      }
      return got;
    };
    // the cache reads performance.now(): only that clock is faked, from before the first read
    vi.useFakeTimers({ toFake: ['performance'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    expect(await nameByToken()).toBe('Bea Bearer');
    // the trigger off, a rename goes unnoticed: the token's user comes from memory
    await t.app.deps.db.update(users).set({ name: 'Bea Quietly' }).where(eq(users.id, s.user.id));
    await t.app.deps.db.execute(sql`ALTER TABLE users ENABLE TRIGGER users_auth_cache`);
    expect(await nameByToken()).toBe('Bea Bearer');
    vi.advanceTimersByTime(2100);
    expect(await nameByToken()).toBe('Bea Quietly');
    vi.useRealTimers();
    // with the trigger on, a change is read after its NOTIFY
    await t.app.deps.db.update(users).set({ name: 'Bea Renamed' }).where(eq(users.id, s.user.id));
    expect(await eventually('Bea Renamed')).toBe('Bea Renamed');
    await t.app.deps.db.delete(sessions).where(eq(sessions.userId, s.user.id));
    await t.app.deps.db.delete(users).where(eq(users.id, s.user.id));
    expect(await eventually(null)).toBeNull();
  });

  it('a signed-out cookie is refused at once', async () => {
    const s = await signUp(t.app);
    expect(await userName(t.app, s)).not.toBeNull();
    const out = await authed(t.app, s).get('/api/logout');
    expect(out.statusCode).toBe(200);
    expect(await userName(t.app, s)).toBeNull();
  });

  it('an expired session is refused even while cached', async () => {
    const s = await signUp(t.app);
    expect(await userName(t.app, s)).not.toBeNull();
    t.clock.advance(400 * 24 * 3600 * 1000);
    try {
      expect(await userName(t.app, s)).toBeNull();
    } finally {
      t.clock.advance(-400 * 24 * 3600 * 1000);
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('session cache across two instances on PostgreSQL', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let second: Database;
  let appA: App;
  let appB: App;
  let dataDir: string;

  beforeAll(async () => {
    fresh = await freshDatabase();
    const url = (fresh.database.pool as pg.Pool).options.connectionString as string;
    second = await openDatabase({ url, dataDir: null });
    dataDir = mkdtempSync(join(tmpdir(), 'parlance-auth-cache-'));
    appA = await buildApp({ config: testConfig({ dataDir, sessionCacheMs: 60_000 }), database: fresh.database });
    appB = await buildApp({ config: testConfig({ dataDir, sessionCacheMs: 60_000 }), database: second });
  });
  afterAll(async () => {
    await appA.close();
    await appB.close();
    await second.close();
    await fresh.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a cookie signed out on one instance is refused on the other within the bus delay', async () => {
    const s = await signUp(appA, { full_name: 'Twin Instance' });
    expect(await userName(appB, s)).toBe('Twin Instance'); // now cached on B for a minute
    expect((await authed(appA, s).get('/api/logout')).statusCode).toBe(200);
    let name: string | null = 'Twin Instance';
    for (let i = 0; i < 50 && name !== null; i++) {
      await wait(20);
      name = await userName(appB, s);
    }
    expect(name).toBeNull();
  });

  it('a user changed through one instance is read fresh on the other', async () => {
    const s = await signUp(appA, { full_name: 'Before Rename' });
    expect(await userName(appB, s)).toBe('Before Rename');
    await appA.deps.db.update(users).set({ name: 'After Rename' }).where(eq(users.id, s.user.id));
    let name = await userName(appB, s);
    for (let i = 0; i < 50 && name !== 'After Rename'; i++) {
      await wait(20);
      name = await userName(appB, s);
    }
    expect(name).toBe('After Rename');
  });
});

describe('AuthCache', () => {
  const entry = (userId: number) =>
    ({ session: { userId }, user: { id: userId }, admin: null }) as unknown as import('./auth-cache').CachedAuth;

  it('does not store a read that raced a drop (a sign-out during a lookup)', async () => {
    const { AuthCache } = await import('./auth-cache');
    const cache = new AuthCache(60_000);
    const before = cache.version;
    cache.drop('s:abc'); // the session ended while the lookup was reading it
    cache.set('abc', entry(1), before);
    expect(cache.get('abc')).toBeUndefined();
    cache.set('abc', entry(1), cache.version);
    expect(cache.get('abc')?.user?.id).toBe(1);
    cache.drop('u:1');
    expect(cache.get('abc')).toBeUndefined();
  });
});
