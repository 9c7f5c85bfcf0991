// Card processors: the interface and the default sandbox (docs/decisions.md, "Card payments and wire transfers").
export * from './provider';
export * from './sandbox';
