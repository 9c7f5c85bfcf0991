import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { compiledAnswer, serializerCompiler } from './serializer';

const answer = compiledAnswer(
  z.object({ id: z.number(), name: z.string().nullable(), tags: z.array(z.string()), price: z.number().optional() }),
);
const write = serializerCompiler({ schema: answer, method: 'GET', url: '/t', httpStatus: '200' } as Parameters<
  typeof serializerCompiler
>[0]) as (data: unknown) => string;

describe('the compiled serializer', () => {
  it('writes the schema’s properties only, as zod did (an allowlist)', () => {
    const out = JSON.parse(write({ id: 1, name: null, tags: ['a'], passwordHash: 'x' }));
    expect(out).toEqual({ id: 1, name: null, tags: ['a'] });
    expect(JSON.parse(write({ id: 2, name: 'n', tags: [], price: 5 }))).toEqual({
      id: 2,
      name: 'n',
      tags: [],
      price: 5,
    });
  });

  it('fails under the tests when an answer strays from its schema, where the compiled writer alone would not', () => {
    expect(() => write({ id: '7', name: 'n', tags: [] })).toThrow(/match the schema/);
    expect(() => write({ id: 1, tags: [] })).toThrow();
  });

  it('leaves other schemas to zod', () => {
    const plain = z.object({ a: z.string() });
    const byZod = serializerCompiler({ schema: plain, method: 'GET', url: '/p', httpStatus: '200' } as Parameters<
      typeof serializerCompiler
    >[0]) as (data: unknown) => string;
    expect(byZod({ a: 'x', b: 1 })).toBe('{"a":"x"}');
    expect(() => byZod({ a: 1 })).toThrow();
  });
});
