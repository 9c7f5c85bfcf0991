// An invoice is shown to its owner and to admins; anyone else is told it does not exist (404).

export function canSeeInvoice(asker: { userId: number; isAdmin: boolean }, invoice: { userId: number }): boolean {
  return asker.isAdmin || asker.userId === invoice.userId;
}
