import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_TYPE_SLUGS } from '@parlance/shared';
import { freshDatabase } from '../test/harness';
import type { Database } from './client';

// The migrations run on a fresh database (PGlite, or PostgreSQL with TEST_DATABASE_URL) and leave
// the reference data every area relies on.
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
});
afterAll(() => drop());

const count = async (query: ReturnType<typeof sql>) => {
  // both drivers answer { rows }
  const result = (await database.db.execute(query)) as unknown as { rows: { n: number | string }[] };
  return Number(result.rows[0].n);
};

describe('migrations', () => {
  it('seed at least 100 languages with slug, ISO code, flag and price tier', async () => {
    expect(await count(sql`select count(*) as n from languages`)).toBeGreaterThanOrEqual(100);
    expect(await count(sql`select count(*) as n from languages where price_tier = 3`)).toBeGreaterThan(10);
  });

  it('seed the seven admin currencies, the countries and the expertise list', async () => {
    expect(await count(sql`select count(*) as n from currencies where is_admin_currency`)).toBe(7);
    expect(await count(sql`select count(*) as n from countries`)).toBeGreaterThan(240);
    expect(await count(sql`select count(*) as n from expertises where price_tier = 2`)).toBeGreaterThan(5);
  });

  it('give every project type offered a price for every expertise and pair tier', async () => {
    for (const slug of PROJECT_TYPE_SLUGS) {
      expect(await count(sql`select count(*) as n from prices where project_type = ${slug}`), slug).toBe(6);
    }
  });

  it('seed VAT rates and the order options', async () => {
    expect(await count(sql`select basis_points as n from vat_rates where country = 'DE'`)).toBe(1900);
    expect(await count(sql`select count(*) as n from order_options`)).toBe(3);
  });
});
