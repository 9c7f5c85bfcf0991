// The memory matcher's speed: 10,000 segments analysed against a 20,000-unit memory, as a large
// quote or a long job's pre-translation does. Run: npx tsx scripts/bench-workbench-match.ts
import { FuzzyIndex, tokenize } from '../packages/shared/src/workbench-match';

// deterministic pseudo-random sentences from a 3,000-word vocabulary with Zipf-like frequencies
let seed = 42;
const rand = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
const vocab = Array.from({ length: 3000 }, (_, i) => `w${i.toString(36)}x`);
const word = () => vocab[Math.floor(vocab.length * rand() ** 3)];
const sentence = () => {
  const n = 4 + Math.floor(rand() * 20);
  const words = Array.from({ length: n }, word);
  return `${words.join(' ')}${rand() < 0.2 ? '?' : '.'}`;
};
const memory = Array.from({ length: 20_000 }, sentence);
const mutate = (s: string) => {
  const w = s.split(' ');
  const k = Math.floor(rand() * 3);
  for (let i = 0; i < k; i++) w[Math.floor(rand() * w.length)] = word();
  return w.join(' ');
};
const segments = Array.from({ length: 10_000 }, () => {
  const r = rand();
  return r < 0.3
    ? memory[Math.floor(rand() * memory.length)]
    : r < 0.6
      ? mutate(memory[Math.floor(rand() * memory.length)])
      : sentence();
});
let t = performance.now();
for (const s of segments.slice(0, 10000)) tokenize(s);
console.log('tokenize 10k', Math.round(performance.now() - t), 'ms');
t = performance.now();
const index = new FuzzyIndex<number>();
for (const [i, s] of memory.entries()) index.add(i, s, i);
console.log('index 20k', Math.round(performance.now() - t), 'ms');
t = performance.now();
const bands: Record<string, number> = {};
for (const s of segments) {
  const [hit] = index.search(s, { limit: 1 });
  const p = hit ? hit.percent : 0;
  const b = p === 100 ? '100' : p >= 95 ? '95' : p >= 85 ? '85' : p >= 75 ? '75' : 'new';
  bands[b] = (bands[b] ?? 0) + 1;
}
console.log('search 10k', Math.round(performance.now() - t), 'ms', bands);
