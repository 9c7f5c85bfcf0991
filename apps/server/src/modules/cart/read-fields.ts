import type { FastifyRequest } from 'fastify';

/**
 * The fields of a multipart, form-encoded or JSON body as lists of strings (files are drained and
 * ignored). `couponIds[0]`, `couponIds[]` and `couponIds` all collect under `couponIds`.
 */
export async function readFields(request: FastifyRequest): Promise<Map<string, string[]>> {
  const fields = new Map<string, string[]>();
  const add = (name: string, value: unknown) => {
    const key = name.replace(/\[\d*\]$/, '');
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (v === undefined || v === null || typeof v === 'object') continue;
      fields.set(key, [...(fields.get(key) ?? []), String(v)]);
    }
  };
  if (request.isMultipart()) {
    for await (const part of request.parts()) {
      if (part.type === 'file') part.file.resume();
      else add(part.fieldname, part.value);
    }
    return fields;
  }
  const body = request.body;
  if (body && typeof body === 'object') for (const [k, v] of Object.entries(body)) add(k, v);
  return fields;
}
