// A reply of thousands of items (a 10,000-question quiz's item statistics or editor) is checked against
// its response schema and written as JSON a slice at a time, yielding to the event loop between slices:
// in one piece, zod's check of 10,000 items held every other request ~100–200 ms (issue 38). The check
// is the one the zod serializer makes (safeEncode, unknown keys dropped), and a failure the same 500.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeEncode } from 'zod/v4/core';

/** Items checked and written between two turns of the event loop (~5 ms of work). */
export const REPLY_SLICE = 500;

/**
 * The JSON of `data` as `schema` encodes it, its long arrays (an object's array fields of more than
 * REPLY_SLICE items, with no checks of their own such as a maximum length) a slice at a time; null when
 * nothing is long — the reply then goes through the serializer as usual.
 */
export async function encodeInSlices(
  schema: z.ZodType,
  data: unknown,
  route: { method: string; url: string },
): Promise<string | null> {
  if (!(schema instanceof z.ZodObject) || data === null || typeof data !== 'object') return null;
  const record = data as Record<string, unknown>;
  const shape = schema.shape as Record<string, z.ZodType>;
  const long = Object.keys(shape).filter((k) => {
    const field = shape[k];
    const value = record[k];
    return (
      field instanceof z.ZodArray &&
      !field._zod.def.checks?.length &&
      Array.isArray(value) &&
      value.length > REPLY_SLICE
    );
  });
  if (!long.length) return null;
  const fail = (cause: unknown) =>
    new ResponseSerializationError(route.method, route.url, { cause: cause as never });
  // The other fields as their own object: a strict schema would refuse the long ones it no longer names.
  const others = schema.omit(Object.fromEntries(long.map((k) => [k, true])) as never);
  const rest = safeEncode(
    others,
    Object.fromEntries(Object.entries(record).filter(([k]) => !long.includes(k))) as never,
  );
  if (rest.error) throw fail(rest.error);
  const head = JSON.stringify(rest.data);
  const parts: string[] = [head.length > 2 ? head.slice(0, -1) : '{'];
  for (const [n, key] of long.entries()) {
    const slice = z.array((shape[key] as z.ZodArray<z.ZodType>).element);
    const items = record[key] as unknown[];
    const slices: string[] = [];
    for (let i = 0; i < items.length; i += REPLY_SLICE) {
      await nextTurn();
      const encoded = safeEncode(slice, items.slice(i, i + REPLY_SLICE));
      if (encoded.error) throw fail(encoded.error);
      slices.push(JSON.stringify(encoded.data).slice(1, -1));
    }
    parts.push(
      `${head.length > 2 || n > 0 ? ',' : ''}${JSON.stringify(key)}:[${slices.filter(Boolean).join(',')}]`,
    );
  }
  return `${parts.join('')}}`;
}
