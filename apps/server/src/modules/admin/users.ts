import { asc, eq, or, type SQL, sql } from 'drizzle-orm';
import {
  MAX_DB_INT,
  ADMIN_CURRENCIES,
  type AdminCurrency,
  emailError,
  fullNameError,
  isDigitsOnly,
  passwordError,
  TEXTS,
} from '@parlance/shared';
import type { Db } from '../../db/client';
import type { Services } from '../../platform/services';
import { aclGroups, countries, referrals, userAclGroups, users } from '../../db/schema';
import { audit } from '../../platform/audit';
import { badRequest, notFound } from '../../platform/errors';
import { getOrCreateAccount, platformAccount, postTransaction } from '../../platform/ledger';
import { hashPassword } from '../../platform/passwords';
import type { UserRow } from '../../platform/session';

// Finding, describing and changing users from the admin tools.

export const SEARCH_LIMIT = 20;

/** A user id from a digits-only string, or null when it cannot be one. */
export function parseId(value: string): number | null {
  if (!isDigitsOnly(value) || value.length > 10) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_DB_INT ? id : null;
}

/** The user named by an id or an e-mail address (case-insensitive), or undefined. */
export async function findUserByRef(db: Db, ref: string): Promise<UserRow | undefined> {
  const value = ref.trim();
  const id = parseId(value);
  let where: SQL | undefined;
  if (id !== null) where = eq(users.id, id);
  else if (value.includes('@')) where = sql`lower(${users.email}) = ${value.toLowerCase()}`;
  if (!where) return undefined;
  const [user] = await db.select().from(users).where(where);
  return user;
}

/** Like findUserByRef, but 404 with the spec's text for nobody. */
export async function requireUserByRef(db: Db, ref: string): Promise<UserRow> {
  const user = await findUserByRef(db, ref);
  if (!user) throw notFound(TEXTS.userNotFound);
  return user;
}

/** Escapes LIKE wildcards so that what the admin types is matched literally. */
function likeLiteral(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Users whose id or e-mail is the query, then whose name or e-mail starts with it, then contains it;
 * at most SEARCH_LIMIT. Exact ids and e-mails use the primary key and the lower(email) index; partial
 * matches scan, which is fine at back-office sizes (pg_trgm would index them if ever needed).
 */
export async function searchUsers(db: Db, query: string) {
  const needle = query.trim().toLowerCase();
  const id = parseId(needle);
  const email = sql`lower(${users.email})`;
  const name = sql`lower(${users.name})`;
  const contains = `%${likeLiteral(needle)}%`;
  const prefix = `${likeLiteral(needle)}%`;
  const exact = or(id === null ? undefined : eq(users.id, id), sql`${email} = ${needle}`);
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(or(exact, sql`${email} like ${contains}`, sql`${name} like ${contains}`))
    .orderBy(
      sql`case when ${exact} then 0 when ${email} like ${prefix} or ${name} like ${prefix} then 1 else 2 end`,
      asc(users.id),
    )
    .limit(SEARCH_LIMIT);
}

/** Names of the access-control groups of a user. */
export async function aclGroupNames(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .select({ name: aclGroups.name })
    .from(userAclGroups)
    .innerJoin(aclGroups, eq(aclGroups.id, userAclGroups.groupId))
    .where(eq(userAclGroups.userId, userId))
    .orderBy(asc(aclGroups.name));
  return rows.map((r) => r.name);
}

export interface AdminAction {
  /** the real admin (also while acting as someone) */
  actorId: number;
  ip: string;
}

/** The admin currency of a path segment (case-insensitive), or a 400 that lists the choices. */
export function parseAdminCurrency(value: string): AdminCurrency {
  const code = value.toUpperCase();
  const known = (ADMIN_CURRENCIES as readonly string[]).includes(code);
  if (!known) {
    throw badRequest(`Unknown currency "${value}". Choose one of ${ADMIN_CURRENCIES.join(', ')}.`, {
      currency: 'is not an admin currency',
    });
  }
  return code as AdminCurrency;
}

export async function setUserCurrency(
  db: Db,
  target: UserRow,
  currency: AdminCurrency,
  by: AdminAction,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ currency }).where(eq(users.id, target.id));
    await audit(tx, {
      actorId: by.actorId,
      action: 'admin.user.currency',
      targetType: 'user',
      targetId: target.id,
      details: { from: target.currency, to: currency },
      ip: by.ip,
    });
  });
}

/** The country code as stored (upper case) when the countries table has it, else null. */
export async function findCountry(db: Db, value: string): Promise<string | null> {
  const code = value.trim().toUpperCase();
  const [row] = await db.select({ code: countries.code }).from(countries).where(eq(countries.code, code));
  return row?.code ?? null;
}

/** Like findCountry, but a 400 that says what to send for an unknown code. */
export async function requireCountry(db: Db, value: string): Promise<string> {
  const code = await findCountry(db, value);
  if (code === null) {
    throw badRequest(`${TEXTS.unknownCountry} "${value}". Use an ISO 3166 code such as US or DE.`, {
      admin_locale: TEXTS.unknownCountry,
    });
  }
  return code;
}

export async function setUserCountry(
  db: Db,
  target: UserRow,
  country: string | null,
  by: AdminAction & { reset: boolean },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ country }).where(eq(users.id, target.id));
    await audit(tx, {
      actorId: by.actorId,
      action: by.reset ? 'admin.user.country-reset' : 'admin.user.country',
      targetType: 'user',
      targetId: target.id,
      details: { from: target.country, to: country },
      ip: by.ip,
    });
  });
}

export interface NewCustomer {
  fullName: string;
  email: string;
  userName?: string;
  password?: string;
  partnerId?: string;
  credits?: string;
}

/** The per-field problems of a new customer account (the shared validation rules), or null. */
function newCustomerErrors(input: NewCustomer): Record<string, string> | null {
  const errors: Record<string, string> = {};
  const name = fullNameError(input.fullName);
  if (name) errors.fullName = name;
  const email = emailError(input.email.trim());
  if (email) errors.email = email;
  if (input.password) {
    const password = passwordError(input.password);
    if (password) errors.password = password;
  }
  if (input.partnerId && parseId(input.partnerId) === null) errors.partnerId = 'must be a user ID';
  if (input.credits && !isDigitsOnly(input.credits)) errors.credits = 'must be a whole number of credits';
  else if (input.credits && Number(input.credits) > MAX_GRANT_CREDITS) {
    errors.credits = `at most ${MAX_GRANT_CREDITS} credits can be granted at once`;
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

function isUniqueViolation(err: unknown): boolean {
  const codeOf = (e: unknown) => (e && typeof e === 'object' && 'code' in e ? e.code : undefined);
  return codeOf(err) === '23505' || (err instanceof Error && codeOf(err.cause) === '23505');
}

/** The most credits an account can be created with (1,000,000 credits = 10,000 USD). */
const MAX_GRANT_CREDITS = 1_000_000;

/**
 * An account made by an admin (or on behalf of a partner): a customer, signed in by e-mail. Without a
 * password the customer sets one through the password banner's link. Credits are a 'grant' from the
 * platform's promotions account, in the same transaction as the account.
 */
export async function createCustomer(deps: Services, input: NewCustomer, by: AdminAction): Promise<UserRow> {
  const { db } = deps;
  const errors = newCustomerErrors(input);
  if (errors) throw badRequest(Object.values(errors)[0], errors);
  const credits = input.credits ? Number(input.credits) : 0;
  const email = input.email.trim();
  const partner = input.partnerId ? await findUserByRef(db, input.partnerId) : null;
  if (input.partnerId && !partner) throw badRequest('There is no partner with this ID', { partnerId: 'unknown' });
  if (await findUserByRef(db, email)) throw badRequest(TEXTS.emailTaken, { email: TEXTS.emailTaken });
  const passwordHash = input.password ? await hashPassword(input.password, deps.config.passwordHashing) : null;
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ type: 'customer', isAdmin: false, name: input.fullName.trim(), email, passwordHash })
        .returning();
      const [group] = await tx.select().from(aclGroups).where(eq(aclGroups.name, 'role.customer'));
      if (group) await tx.insert(userAclGroups).values({ userId: user.id, groupId: group.id });
      await audit(tx, {
        actorId: by.actorId,
        action: 'admin.customer.create',
        targetType: 'user',
        targetId: user.id,
        // there is no column for a login name: the audit keeps what was sent
        details: {
          email,
          userName: input.userName ?? null,
          partnerId: partner?.id ?? null,
          hasPassword: !!passwordHash,
          credits,
        },
        ip: by.ip,
      });
      // the partner's referral: the customer counts in their report and earns them commission (ADR 0096)
      if (partner) {
        await tx
          .insert(referrals)
          .values({ referredId: user.id, referrerId: partner.id, createdAt: deps.clock.now() })
          .onConflictDoNothing();
      }
      if (credits > 0) {
        await postTransaction(tx, {
          kind: 'grant',
          description: `Credits granted with the new account ${email}`,
          idempotencyKey: `customer:${user.id}:grant`,
          createdBy: by.actorId,
          metadata: { userId: user.id, partnerId: partner?.id ?? null },
          entries: [
            { account: await platformAccount(tx, 'platform_promotions'), amount: -credits },
            { account: await getOrCreateAccount(tx, user.id, 'customer_credits'), amount: credits },
          ],
        });
      }
      return user;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(TEXTS.emailTaken, { email: TEXTS.emailTaken });
    throw err;
  }
}
