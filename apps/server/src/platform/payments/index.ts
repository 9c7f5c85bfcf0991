// Card processors: the interface and the default sandbox (ADR 0024).
export * from './provider';
export * from './sandbox';
export * from './stripe';
export * from './select';
