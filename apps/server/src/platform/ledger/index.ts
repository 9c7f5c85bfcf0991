// The credits ledger: integer credits, double-entry, immutable journal (docs/decisions.md).
export * from './accounts';
export * from './errors';
export * from './idempotency';
export * from './ledger';
export * from './verify';
