import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { serverKeys } from '../db/schema';
import { randomToken } from './crypto';

/**
 * A secret generated once per database and shared by every server instance on it
 * (JWT signing, captcha HMAC). Concurrent first starts agree on the first row written.
 */
export async function serverKey(db: Db, name: string): Promise<string> {
  await db.insert(serverKeys).values({ name, value: randomToken() }).onConflictDoNothing();
  const [row] = await db.select().from(serverKeys).where(eq(serverKeys.name, name));
  return row.value;
}
