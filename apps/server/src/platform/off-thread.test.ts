// The off-thread pool (issue 38): a bounded queue — past it a task is refused at once with 429, a
// Retry-After and core's 'busy, try again' message instead of waiting without end — and no one kind of
// task (the optimizer's minute-long fits) holds every slot, so an admin's import still runs beside them.
import { MSG } from '@zan/core';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { OFF_THREAD } from './off-thread.ts';
import { echo, holdSlot, type HeldTask } from './off-thread-hold.ts';

const defaults = { ...OFF_THREAD };
const held: HeldTask[] = [];
afterEach(async () => {
  await Promise.all(held.splice(0).map((h) => h.release().catch(() => undefined)));
  Object.assign(OFF_THREAD, defaults);
});
const hold = (other = false) => {
  const h = holdSlot(other);
  held.push(h);
  return h;
};

/** The task's outcome, or 'waiting' while it has neither started nor been refused. */
const settled = <T>(p: Promise<T>, ms = 10_000) =>
  Promise.race([
    p.then(
      (v) => ({ value: v }),
      (err: unknown) => ({ err }),
    ),
    new Promise<'waiting'>((r) => setTimeout(() => r('waiting'), ms).unref()),
  ]);

describe('runOffThread, when the pool is full', () => {
  it('refuses a task past the queue with 429, Retry-After and the busy message; a freed slot serves again', async () => {
    Object.assign(OFF_THREAD, { concurrent: 1, queue: 1 });
    const running = hold();
    const queued = echo('queued');
    const refused = await settled(echo('one too many'));
    expect(refused).toHaveProperty('err');
    const err = (refused as { err: unknown }).err;
    expect(err).toBeInstanceOf(AppError);
    const e = err as AppError;
    expect(e.statusCode).toBe(429);
    expect(e.code).toBe('SERVER_BUSY');
    const seconds = Number(e.headers['Retry-After']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(e.message).toBe(MSG.serverBusy(seconds));
    expect(await running.release()).toBe('released');
    expect(await queued).toBe('queued');
    expect(await echo('again')).toBe('again');
  }, 60_000);

  it('keeps a slot for other kinds of task: one kind never holds them all', async () => {
    Object.assign(OFF_THREAD, { concurrent: 2, queue: 4 });
    const first = hold();
    const second = hold();
    // The second of the same kind waits; another kind runs beside the first.
    expect(await settled(echo('import', true))).toEqual({ value: 'import' });
    expect(await settled(second.done, 500)).toBe('waiting');
    await first.release();
    expect(await second.release()).toBe('released');
  }, 60_000);
});
