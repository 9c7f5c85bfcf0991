// The credits ledger: integer credits, double-entry, immutable journal (ADR 0014).
export * from './accounts';
export * from './errors';
export * from './idempotency';
export * from './ledger';
export * from './verify';
