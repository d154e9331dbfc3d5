// The sanitiser pool (issue 17): HTML is sanitised in worker threads, so the event loop keeps turning
// while a large import is checked; requests take turns; a limit or a runaway batch refuses only its own
// request and the pool carries on.
import { MSG } from '@zan/core';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { threadNices } from './cpu-scheduling.ts';
import { SANITIZE_POOL, SanitizeFailure, sanitizeAll, stopSanitizers } from './sanitize.ts';

const BOUNDS = { elements: 1_000, depth: 100 };
const heavyFace = '<b>x</b><i>y</i>'.repeat(95);
const defaults = { ...SANITIZE_POOL };

afterEach(async () => {
  Object.assign(SANITIZE_POOL, defaults);
  await stopSanitizers();
});

describe('sanitizeAll', () => {
  it('sanitises off the event loop: callbacks run while a large import is checked', async () => {
    let turns = 0;
    let done = false;
    const tick = () => {
      turns++;
      if (!done) setImmediate(tick);
    };
    setImmediate(tick);
    // The old sanitiser ran on the request's thread: nothing else ran until all faces were done.
    const result = await sanitizeAll(
      Array.from({ length: 400 }, () => heavyFace),
      BOUNDS,
    );
    done = true;
    expect(result).toHaveLength(400);
    expect(result.every((o) => o?.ok && o.html === heavyFace && o.elements === 190)).toBe(true);
    expect(turns).toBeGreaterThan(10);
  });

  it('runs its workers below the event loop in the CPU scheduler (nice 10)', async () => {
    expect(threadNices().filter((n) => n === 10)).toHaveLength(0);
    await sanitizeAll([heavyFace], BOUNDS);
    expect(threadNices().filter((n) => n === 10).length).toBeGreaterThanOrEqual(1);
    // The main thread keeps its priority.
    expect(threadNices()[0]).toBe(0);
  });

  it('lets a small request through between the batches of a large one', async () => {
    const finished: string[] = [];
    const large = sanitizeAll(
      Array.from({ length: 500 }, () => heavyFace),
      BOUNDS,
    ).then(() => finished.push('large'));
    const small = sanitizeAll(['<p onclick="x()">page</p>'], BOUNDS).then((r) => {
      finished.push('small');
      return r;
    });
    expect(await small).toEqual([{ ok: true, html: '<p>page</p>', elements: 1, blank: false }]);
    await large;
    expect(finished).toEqual(['small', 'large']);
  });

  it('refuses a request past its bound of requests at once with the busy 429, not an endless wait', async () => {
    SANITIZE_POOL.requests = 1;
    const large = sanitizeAll(
      Array.from({ length: 300 }, () => heavyFace),
      BOUNDS,
    );
    const refused = await sanitizeAll(['<p>page</p>'], BOUNDS).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    const e = refused as AppError;
    expect(e.statusCode).toBe(429);
    expect(e.code).toBe('SERVER_BUSY');
    expect(e.message).toBe(MSG.serverBusy(Number(e.headers['Retry-After'])));
    expect(await large).toHaveLength(300);
    expect(await sanitizeAll(['<p>page</p>'], BOUNDS)).toHaveLength(1);
  });

  it('reports an item over its bounds, and skips the batches after it or after the budget', async () => {
    SANITIZE_POOL.batchItems = 10;
    const items = Array.from({ length: 100 }, (_, i) => (i === 25 ? '<p>a</p>'.repeat(1_001) : '<p>a</p>'));
    const result = await sanitizeAll(items, BOUNDS);
    expect(result[25]).toEqual({ ok: false, reason: 'elements' });
    expect(result.slice(0, 25).every((o) => o?.ok)).toBe(true);
    expect(result.slice(30).every((o) => o === undefined)).toBe(true);

    const budgeted = await sanitizeAll(
      Array.from({ length: 100 }, () => '<p>a</p><p>b</p>'),
      BOUNDS,
      41,
    );
    expect(budgeted.slice(0, 30).every((o) => o?.ok)).toBe(true);
    expect(budgeted.slice(30).every((o) => o === undefined)).toBe(true);
  });

  it('stops a batch that runs too long or out of memory, refusing only that request', async () => {
    SANITIZE_POOL.batchTimeMs = 1;
    await expect(
      sanitizeAll(
        Array.from({ length: 250 }, () => heavyFace),
        BOUNDS,
      ),
    ).rejects.toEqual(new SanitizeFailure('time'));
    SANITIZE_POOL.batchTimeMs = defaults.batchTimeMs;
    await stopSanitizers();
    SANITIZE_POOL.heapMb = 48;
    // Formatting elements reopened for every paragraph: a few bytes build thousands of elements.
    const blowUp = '<p><b class=a><i class=b><u class=c><s class=d>x' + '<p>y'.repeat(200_000);
    await expect(sanitizeAll([blowUp], { elements: 10_000_000, depth: 100 })).rejects.toEqual(
      new SanitizeFailure('memory'),
    );
    SANITIZE_POOL.heapMb = defaults.heapMb;
    expect(await sanitizeAll(['<p>still here</p>'], BOUNDS)).toEqual([
      { ok: true, html: '<p>still here</p>', elements: 1, blank: false },
    ]);
  });
});
