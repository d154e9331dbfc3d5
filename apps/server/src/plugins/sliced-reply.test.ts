// A long reply is checked and written a slice at a time (issue 38): the same JSON the zod serializer
// writes (unknown keys dropped), the same error when the data does not fit, and the event loop turns
// between slices, so other requests are served while a 10,000-item reply is written.
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { safeEncode } from 'zod/v4/core';
import { encodeInSlices, REPLY_SLICE } from './sliced-reply.ts';

const item = z.object({ id: z.string(), n: z.number().int(), note: z.string().nullable() });
const schema = z.object({ quizId: z.string(), items: z.array(item), other: z.array(item) });
const route = { method: 'GET', url: '/api/x' };
const items = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: `q${i}`, n: i, note: i % 2 ? null : 'a"b', secret: 'x' }));

describe('encodeInSlices', () => {
  it('writes the JSON the serializer would, unknown keys dropped', async () => {
    const data = { quizId: 'z', items: items(3 * REPLY_SLICE + 7), other: items(2), extra: 1 };
    const out = await encodeInSlices(schema, data, route);
    const whole = safeEncode(schema, data as never);
    expect(out).not.toBeNull();
    expect(JSON.parse(out!)).toEqual(whole.data);
    expect(out).not.toContain('secret');
  });

  it('leaves short replies to the serializer', async () => {
    expect(await encodeInSlices(schema, { quizId: 'z', items: items(10), other: [] }, route)).toBeNull();
    expect(await encodeInSlices(z.array(item), items(2000), route)).toBeNull();
  });

  it('answers a reply whose only field is long', async () => {
    const only = z.object({ items: z.array(item) });
    const out = await encodeInSlices(only, { items: items(REPLY_SLICE + 1) }, route);
    expect(JSON.parse(out!)).toEqual(safeEncode(only, { items: items(REPLY_SLICE + 1) } as never).data);
  });

  it('checks a strict schema’s other fields without the long ones', async () => {
    const strict = z.strictObject({ quizId: z.string(), items: z.array(item) });
    const data = { quizId: 'z', items: items(REPLY_SLICE + 1) };
    expect(JSON.parse((await encodeInSlices(strict, data, route))!)).toEqual(
      safeEncode(strict, data as never).data,
    );
  });

  it('fails as the serializer does when an item does not fit', async () => {
    const bad = items(2 * REPLY_SLICE);
    (bad[REPLY_SLICE + 3] as { n: unknown }).n = 'not a number';
    await expect(
      encodeInSlices(schema, { quizId: 'z', items: bad, other: [] }, route),
    ).rejects.toBeInstanceOf(ResponseSerializationError);
  });

  it('lets the event loop turn between slices', async () => {
    let turns = 0;
    let on = true;
    const spin = () => {
      turns++;
      if (on) setImmediate(spin);
    };
    setImmediate(spin);
    await encodeInSlices(schema, { quizId: 'z', items: items(20 * REPLY_SLICE), other: [] }, route);
    on = false;
    expect(turns).toBeGreaterThanOrEqual(20);
  });
});
