import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oauthCodes } from '../../db/schema';

// Authorization codes live ten minutes. A used one is kept a day past its expiry so that a replayed
// code is still recognised (its grant is revoked, RFC 6749 section 4.1.2) while the client might
// still retry; after that neither a used nor an unused code can do anything, and it goes.

/** How long a code is kept after it expired. */
export const SPENT_CODE_KEEP_MS = 24 * 3600_000;

/** Deletes the codes that expired more than a day ago; answers how many went. */
export async function sweepOauthCodes(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(oauthCodes)
    .where(lt(oauthCodes.expiresAt, new Date(now.getTime() - SPENT_CODE_KEEP_MS)))
    .returning({ codeHash: oauthCodes.codeHash });
  return gone.length;
}
