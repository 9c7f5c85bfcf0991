import type { Permission } from '@parlance/shared';
import type { sessions, users } from '../db/schema';

type UserRow = typeof users.$inferSelect;
type SessionRow = typeof sessions.$inferSelect;

/** What the session lookup found for one cookie: the session, its user and, while acting, the admin. */
export interface CachedAuth {
  session: SessionRow;
  user: UserRow | null;
  admin: UserRow | null;
  /** the real person's staff permissions (session.ts) */
  permissions: ReadonlySet<Permission>;
}

/** What the lookup found for a bearer token's user: the user and their staff permissions. */
export interface CachedBearer {
  user: UserRow;
  permissions: ReadonlySet<Permission>;
}

/** The channel the triggers of migration 0009 notify on: 's:<session id hash>' or 'u:<user id>'. */
export const AUTH_CHANNEL = 'parlance_auth';
const MAX_ENTRIES = 10_000;

/**
 * Entries that are fresh for `ttlMs` after they are set, at most MAX_ENTRIES of them (the oldest
 * goes first: a Map iterates in insertion order).
 */
class FreshMap<K, V> {
  private readonly entries = new Map<K, { value: V; freshUntil: number }>();

  constructor(private readonly ttlMs: number) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.freshUntil < performance.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: K, value: V): void {
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, freshUntil: performance.now() + this.ttlMs });
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  /** Forgets the entries whose value `gone` picks. */
  deleteWhere(gone: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (gone(entry.value)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * The session-to-user lookup of every signed-in request (a cookie's session, or a bearer token's
 * user), kept in memory for `ttlMs` (it was most of a signed-in read's cost). Staleness is bounded
 * twice: an entry lives at most ttlMs, and database triggers (migration 0009) NOTIFY every instance after commit when a session is
 * updated or deleted (sign-out, rotation at sign-in and acting) or a user row changes (name, role,
 * password, removal), whatever code made the change; `drop()` forgets the entries at once.
 * ttlMs 0 turns the cache off.
 */
export class AuthCache {
  private readonly entries: FreshMap<string, CachedAuth>;
  /** Bearer tokens' users by id: a token names its user, and the user row is what may change. */
  private readonly bearers: FreshMap<number, CachedBearer>;
  /**
   * Counts the drops. A lookup notes it before reading the database and stores its answer only if
   * no drop happened meanwhile: a read that raced a sign-out must not put the session back.
   */
  private drops = 0;

  /** To pass to `set` after the database read. */
  get version(): number {
    return this.drops;
  }

  constructor(private readonly ttlMs: number) {
    this.entries = new FreshMap(ttlMs);
    this.bearers = new FreshMap(ttlMs);
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(idHash: string): CachedAuth | undefined {
    return this.entries.get(idHash);
  }

  set(idHash: string, value: CachedAuth, versionBeforeRead: number): void {
    if (this.enabled && versionBeforeRead === this.drops) this.entries.set(idHash, value);
  }

  getBearer(userId: number): CachedBearer | undefined {
    return this.bearers.get(userId);
  }

  setBearer(userId: number, value: CachedBearer, versionBeforeRead: number): void {
    if (this.enabled && versionBeforeRead === this.drops) this.bearers.set(userId, value);
  }

  /** Handles one notification of AUTH_CHANNEL. */
  drop(payload: string): void {
    this.drops++;
    if (payload.startsWith('s:')) {
      this.entries.delete(payload.slice(2));
      return;
    }
    if (payload.startsWith('u:')) {
      this.dropUser(Number(payload.slice(2)));
      return;
    }
    this.clear();
  }

  /** Forgets every session of the user (as the user, or as the admin acting). */
  dropUser(id: number): void {
    this.drops++;
    this.bearers.delete(id);
    this.entries.deleteWhere(
      ({ user, admin, session }) => user?.id === id || admin?.id === id || session.userId === id,
    );
  }

  /** Forgets everything (after the LISTEN connection was lost: notifications may be missing). */
  clear(): void {
    this.drops++;
    this.entries.clear();
    this.bearers.clear();
  }
}
