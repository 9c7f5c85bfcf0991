import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

// Answers of the hot lists written by a serializer compiled from their schema. Every
// other answer goes through fastify-type-provider-zod as before: zod encodes (checks and strips) the
// whole value, then JSON.stringify writes it, which was 11% of a list request's Node time. For the
// schemas registered here, fast-json-stringify writes exactly the schema's properties (an allowlist,
// as zod's strip was) in one compiled pass. It does not check types, so under the tests (Vitest)
// every such answer is also written the zod way and the two must read back as the same value (the
// compiled one writes optional properties after the required ones, so not the same bytes): a
// presenter that strays from its schema fails the API tests of its route on both engines.

const COMPILED = new WeakSet<z.ZodType>();

/** Marks an answer schema to be written by a compiled serializer. */
export function compiledAnswer<T extends z.ZodType>(schema: T): T {
  COMPILED.add(schema);
  return schema;
}

/** Both ways under the tests; the compiled one alone otherwise. */
const CHECK_AGAINST_ZOD = process.env.VITEST !== undefined;

export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const byZod = zodSerializerCompiler(route);
  if (!COMPILED.has(route.schema)) return byZod;
  const compiled = fastJson(z.toJSONSchema(route.schema, { io: 'output' }) as Parameters<typeof fastJson>[0]);
  if (!CHECK_AGAINST_ZOD) return compiled;
  return (data: unknown) => {
    const expected = byZod(data);
    const written = compiled(data);
    if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
      throw new Error(
        `${route.method} ${route.url}: the compiled serializer wrote ${written.slice(0, 500)} where zod wrote ${expected.slice(0, 500)}`,
      );
    }
    return written;
  };
};
