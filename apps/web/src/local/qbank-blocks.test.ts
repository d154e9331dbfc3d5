import { buildBlock, choose, endBlock, SRS, type QbankBlock } from '@zan/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeUserDb, getUserDb } from './db.ts';
import { progressId } from './progress.ts';
import { getBlock, listBlocks, saveBlock, saveBlockWithAnswers } from './qbank-blocks.ts';

const uid = () => 'qbank-' + crypto.randomUUID();
const T0 = Date.parse('2026-03-01T10:00:00Z');

function block(startedAt = T0): QbankBlock {
  const b = buildBlock({
    id: crypto.randomUUID(),
    questions: [
      { id: 'q1', subjectId: 's1', topicId: 't1', optionCount: 4 },
      { id: 'q2', subjectId: 's1', topicId: 't1', optionCount: 3 },
    ],
    history: new Map(),
    pools: ['all'],
    count: 2,
    mode: 'timed',
    secondsPerQuestion: 90,
    shuffleOptions: false,
    now: startedAt,
    random: () => 0.5,
  });
  if (!b) throw new Error('no block');
  return b;
}

afterEach(() => {
  vi.restoreAllMocks();
  closeUserDb();
});

const outbox = async (userId: string) => getUserDb(userId).progressOutbox.orderBy('createdAt').toArray();

describe('saveBlock', () => {
  it('stores the block and queues one block op', async () => {
    const userId = uid();
    const b = block();
    await saveBlock(userId, b);
    expect(await getBlock(userId, b.id)).toEqual(b);
    const rows = await outbox(userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.kind).toBe('block');
    expect(rows[0]?.kind === 'block' && rows[0].payload.block).toEqual(b);
  });

  it('keeps at most one unsent op per block: a newer state replaces it, other blocks keep theirs', async () => {
    const userId = uid();
    const a = block();
    const other = block(T0 + 5);
    await saveBlock(userId, a);
    await saveBlock(userId, other);
    const a2 = choose(a, a.questions[0]!.order[0]!, T0 + 1000);
    await saveBlock(userId, a2);
    const rows = await outbox(userId);
    expect(rows).toHaveLength(2);
    const blocks = rows.map((r) => (r.kind === 'block' ? r.payload.block : null));
    expect(blocks).toContainEqual(other);
    expect(blocks).toContainEqual(a2);
    expect(blocks).not.toContainEqual(a);
  });

  it('leaves a rejected (set-aside) op of the block alone', async () => {
    const userId = uid();
    const a = block();
    await saveBlock(userId, a);
    const [first] = await outbox(userId);
    await getUserDb(userId).progressOutbox.update(first!.opId, { rejectedAt: T0, rejectedReason: 'x' });
    await saveBlock(userId, endBlock(a, T0 + 2000));
    const rows = await outbox(userId);
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.rejectedAt === undefined)).toHaveLength(1);
  });

  it('writes nothing when the transaction fails (row and op together)', async () => {
    const userId = uid();
    const a = block();
    await saveBlock(userId, a);
    const db = getUserDb(userId);
    vi.spyOn(db.progressOutbox, 'bulkAdd').mockRejectedValueOnce(new Error('disk full'));
    await expect(saveBlock(userId, endBlock(a, T0 + 1000))).rejects.toThrow('disk full');
    expect(await getBlock(userId, a.id)).toEqual(a);
    const rows = await outbox(userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.kind === 'block' && rows[0].payload.block).toEqual(a);
  });

  it('lists blocks newest first', async () => {
    const userId = uid();
    const old = block(T0);
    const recent = block(T0 + 60_000);
    await saveBlock(userId, old);
    await saveBlock(userId, recent);
    expect((await listBlocks(userId)).map((b) => b.id)).toEqual([recent.id, old.id]);
  });
});

describe('saveBlockWithAnswers', () => {
  it('records the answers in the MCQ progress with the block, in one transaction', async () => {
    const userId = uid();
    const b = endBlock(block(), T0 + 5000);
    await saveBlockWithAnswers(
      userId,
      b,
      [
        { questionId: 'q1', subjectId: 's1', option: 2, correct: false },
        { questionId: 'q2', subjectId: 's1', option: 1, correct: true },
      ],
      new Date(T0 + 5000),
    );
    const db = getUserDb(userId);
    expect((await db.userProgress.get(progressId(userId, 'q1')))?.interval).toBe(SRS.again.interval);
    expect((await db.userProgress.get(progressId(userId, 'q2')))?.interval).toBe(SRS.first.good);
    expect((await outbox(userId)).map((r) => r.kind)).toEqual(['block', 'upsert', 'upsert']);
  });

  it('stores neither block nor answers when an answer fails', async () => {
    const userId = uid();
    const b = endBlock(block(), T0 + 5000);
    await expect(
      saveBlockWithAnswers(
        userId,
        b,
        [{ questionId: 'q1', subjectId: 's1', option: 9, correct: false }],
        new Date(T0 + 5000),
      ),
    ).rejects.toThrow();
    expect(await getBlock(userId, b.id)).toBeUndefined();
    expect(await outbox(userId)).toHaveLength(0);
  });
});
