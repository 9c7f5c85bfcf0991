export * from './ledger';
export * from './ordering';
export * from './platform';
export * from './projects';
export * from './reference';
export * from './users';
export * from './messages';
export * from './payouts';
