import { and, asc, eq } from 'drizzle-orm';
import { ORDER_TEXTS } from '@parlance/shared';
import type { Db, Tx } from '../../db/client';
import { savedCards } from '../../db/schema';
import { notFound } from '../../platform/errors';
import type { CardSummary } from '../../platform/payments';

// Cards the processor saved for one-click payments: we keep its token, the brand, the last four
// digits and the expiry; never the number.

export type SavedCardRow = typeof savedCards.$inferSelect;

export function listSavedCards(db: Db | Tx, userId: number): Promise<SavedCardRow[]> {
  return db.select().from(savedCards).where(eq(savedCards.userId, userId)).orderBy(asc(savedCards.id));
}

/** The user's saved card; another user's or an unknown one is 404. */
export async function requireOwnSavedCard(db: Db | Tx, userId: number, id: number): Promise<SavedCardRow> {
  const [card] = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.id, id), eq(savedCards.userId, userId)));
  if (!card) throw notFound(ORDER_TEXTS.savedCardNotFound);
  return card;
}

export async function saveCard(
  db: Db | Tx,
  userId: number,
  providerToken: string,
  card: CardSummary,
): Promise<SavedCardRow> {
  const [row] = await db
    .insert(savedCards)
    .values({
      userId,
      providerToken,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
    })
    .returning();
  return row;
}

export async function deleteSavedCard(db: Db | Tx, userId: number, id: number): Promise<void> {
  const removed = await db
    .delete(savedCards)
    .where(and(eq(savedCards.id, id), eq(savedCards.userId, userId)))
    .returning({ id: savedCards.id });
  if (removed.length === 0) throw notFound(ORDER_TEXTS.savedCardNotFound);
}
