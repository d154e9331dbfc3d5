// Issue 19 on the device: pulled blocks merge by their later updatedAt and never overwrite an unsent
// local change; uploads stay under the body limit however large the blocks; the peer figures are
// fetched for the topics on the device at most hourly (and after new content), replaced in one
// transaction, and kept as they are offline.
import type { ProgressPullResponse, QbankBlockDto, QuestionStatsDto, QuestionStatsResponse } from '@zan/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeUserDb } from '../local/db.ts';
import type { ZanDb } from '../local/db.ts';
import { outboxRow } from '../local/outbox.ts';
import { mergePulledProgress } from '../local/progress-merge.ts';
import { questionStatsFor } from '../local/question-stats.ts';
import { ApiError } from '../lib/api.ts';
import type { SyncContext } from './engine-context.ts';
import { uploadOutbox, UPLOAD_MAX_BYTES, withinBytes } from './progress-sync.ts';
import { pullQuestionStats, QUESTION_STATS_INTERVAL_MS } from './question-stats-sync.ts';
import { httpSyncApi, type SyncApi } from './sync-api.ts';
import { freshDb, ok, stubFetch, student, topic } from './testing/fake-server.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  closeUserDb();
});

const T0 = Date.UTC(2026, 0, 10, 9);

function block(id: string, updatedAt: number, questions = 1): QbankBlockDto {
  return {
    id,
    mode: 'timed',
    secondsPerQuestion: 90,
    startedAt: T0,
    endedAt: null,
    current: 0,
    shownAt: T0,
    questions: Array.from({ length: questions }, (_, i) => ({
      questionId: `${id}-q${i}-${'x'.repeat(30)}`,
      subjectId: 's'.repeat(36),
      topicId: 't'.repeat(36),
      order: [1, 2, 3, 4, 5],
      answer: 2,
      checked: false,
      flagged: true,
      struck: [1, 3],
      timeMs: 12_345,
    })),
    updatedAt,
  };
}

const pulled = (blocks: QbankBlockDto[], version = 5): ProgressPullResponse => ({
  records: [],
  deletedItemIds: [],
  sessions: [],
  blocks,
  version,
  hasMore: false,
});

async function queueBlock(db: ZanDb, b: QbankBlockDto, createdAt = 1) {
  await db.progressOutbox.add(
    outboxRow({ opId: `op-${crypto.randomUUID()}`, kind: 'block', block: b }, createdAt),
  );
}

describe('pulled blocks', () => {
  it('the later updatedAt wins; an unsent local change is never overwritten by a copy not later than it', async () => {
    const db = freshDb();
    const [a, b, c, d] = ['a', 'b', 'c', 'd'];
    await db.qbankBlocks.bulkPut([block(a, T0), block(b, T0 + 10), block(c, T0 + 10)]);
    // c changed here and waits for upload (its op carries the same state as the row).
    await queueBlock(db, block(c, T0 + 10));
    await mergePulledProgress(
      db,
      'u1',
      pulled([block(a, T0 + 5, 2), block(b, T0 + 5, 2), block(c, T0 + 10, 2), block(d, T0, 2)]),
    );
    const stored = new Map((await db.qbankBlocks.toArray()).map((x) => [x.id, x]));
    expect(stored.get(a)).toEqual(block(a, T0 + 5, 2)); // server later: taken
    expect(stored.get(b)).toEqual(block(b, T0 + 10)); // local later: kept
    expect(stored.get(c)).toEqual(block(c, T0 + 10)); // unsent, not older: kept
    expect(stored.get(d)).toEqual(block(d, T0, 2)); // new here
    // A later server copy beats the unsent change too (the server keeps the later one as well).
    await mergePulledProgress(db, 'u1', pulled([block(c, T0 + 20, 3)], 6));
    expect((await db.qbankBlocks.get(c))?.questions).toHaveLength(3);
  });
});

describe('upload by bytes', () => {
  it('cuts batches of large block ops under the body limit, each op sent once', async () => {
    const db = freshDb();
    // 100-question blocks: ~25 KB of JSON each, 60 of them ≈ 1.5 MB.
    for (let i = 0; i < 60; i++) await queueBlock(db, block(`b${i}`, T0, 100), i + 1);
    const sizes: number[] = [];
    const seen: string[] = [];
    stubFetch((req) => {
      sizes.push(JSON.stringify(req.body).length);
      const ops = (req.body as { ops: { opId: string }[] }).ops;
      seen.push(...ops.map((o) => o.opId));
      return ok({ accepted: ops.map((o) => o.opId), serverTime: 1 });
    });
    const ctx = { db, user: () => student('u1'), api: httpSyncApi, now: Date.now, webLocks: null };
    expect(await uploadOutbox(ctx, 'device-1')).toEqual({ uploaded: 60, remaining: false });
    expect(sizes.length).toBeGreaterThan(1);
    for (const s of sizes) expect(s).toBeLessThan(UPLOAD_MAX_BYTES + 1024);
    expect(new Set(seen).size).toBe(60);
    expect(withinBytes([{ op: 'x'.repeat(2000) }], 10)).toHaveLength(1); // one op always goes
  });
});

describe('question-stats pull', () => {
  const stat = (questionId: string, topicId: string, at: number): QuestionStatsDto => ({
    questionId,
    topicId,
    students: 25,
    correct: 20,
    options: [20, 5, 0, 0, 0],
    computedAt: at,
  });

  async function setup() {
    const db = freshDb();
    let now = T0;
    await db.topics.bulkPut([
      { ...topic('t1', 's1', 'm1'), lastSynced: T0 - 5000 },
      { ...topic('t2', 's1', 'm1'), lastSynced: T0 - 5000 },
      topic('t3', 's1', 'm1'), // listed, content not on the device
    ]);
    const calls: string[][] = [];
    let answer: (ids: string[]) => QuestionStatsResponse | Promise<QuestionStatsResponse> = (ids) => ({
      stats: ids.map((t) => stat(`q-${t}-${now}`, t, now)),
      computedAt: now,
    });
    const api = {
      questionStats: async (ids: string[]) => {
        calls.push(ids);
        return answer(ids);
      },
    } satisfies Partial<SyncApi>;
    const ctx = {
      db,
      user: () => student('u1'),
      api: api as unknown as SyncApi,
      now: () => now,
      webLocks: null,
    } satisfies SyncContext;
    return {
      db,
      ctx,
      calls,
      setNow: (t: number) => (now = t),
      setAnswer: (f: typeof answer) => (answer = f),
    };
  }

  it('fetches for the topics on the device, at most hourly, and at once after new topic content', async () => {
    const { db, ctx, calls, setNow } = await setup();
    expect(await pullQuestionStats(ctx)).toBe('pulled');
    expect(calls).toEqual([['t1', 't2']]);
    // What the block player reads (local/question-stats.ts), by question id.
    const read = await questionStatsFor(db.name, [`q-t1-${T0}`, 'q-unknown']);
    expect([...read.keys()]).toEqual([`q-t1-${T0}`]);
    expect((await db.questionStats.toArray()).map((s) => s.questionId).sort()).toEqual([
      `q-t1-${T0}`,
      `q-t2-${T0}`,
    ]);

    setNow(T0 + QUESTION_STATS_INTERVAL_MS - 1);
    expect(await pullQuestionStats(ctx)).toBe('not-due');
    // New content arrived for t2: due at once; t1's and t2's rows are replaced.
    await db.topics.update('t2', { lastSynced: T0 + 1000 });
    const later = T0 + QUESTION_STATS_INTERVAL_MS - 1;
    expect(await pullQuestionStats(ctx)).toBe('pulled');
    expect((await db.questionStats.toArray()).map((s) => s.questionId).sort()).toEqual([
      `q-t1-${later}`,
      `q-t2-${later}`,
    ]);
    setNow(later + QUESTION_STATS_INTERVAL_MS);
    expect(await pullQuestionStats(ctx)).toBe('pulled');
    expect(calls).toHaveLength(3);
  });

  it('offline or on a failure nothing changes and the stored figures stay', async () => {
    const { db, ctx, setNow, setAnswer } = await setup();
    await pullQuestionStats(ctx);
    const before = await db.questionStats.toArray();
    setNow(T0 + 2 * QUESTION_STATS_INTERVAL_MS);
    setAnswer(() => {
      throw new ApiError(0, 'NETWORK', 'offline');
    });
    expect(await pullQuestionStats(ctx)).toBe('offline');
    vi.stubGlobal('navigator', { onLine: false });
    expect(await pullQuestionStats(ctx)).toBe('offline');
    expect(await db.questionStats.toArray()).toEqual(before);
  });
});
