import { buildBlock, SRS, type QbankBlock } from '@zan/core';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeUserDb, getUserDb } from '../../../local/db.ts';
import { progressId } from '../../../local/progress.ts';
import { getBlock, saveBlock } from '../../../local/qbank-blocks.ts';
import { blockSessionId } from '../block-effects.ts';
import { useBlockPlayer } from './use-block-player.ts';

const uid = () => 'player-' + crypto.randomUUID();
const keyOf = (id: string) => (id === 'q1' ? 1 : 2);

function block(mode: 'tutor' | 'timed', now: number): QbankBlock {
  return buildBlock({
    id: crypto.randomUUID(),
    questions: [
      { id: 'q1', subjectId: 's1', topicId: 't1', optionCount: 3 },
      { id: 'q2', subjectId: 's2', topicId: 't2', optionCount: 3 },
    ],
    history: new Map(),
    pools: ['all'],
    count: 2,
    mode,
    secondsPerQuestion: 60,
    shuffleOptions: false,
    now,
    random: () => 0.999, // no swaps: q1 then q2, options 1, 2, 3
  })!;
}

afterEach(() => {
  vi.useRealTimers();
  // Unmounted before its database closes (a mounted player kept working after the file ended).
  cleanup();
  closeUserDb();
});

describe('useBlockPlayer', () => {
  it('a new onError each render does not open the block again (the player keeps its own state)', async () => {
    const userId = uid();
    const b = block('tutor', Date.now() - 5000);
    await saveBlock(userId, b);
    const errors: unknown[] = [];
    const { result, rerender } = renderHook(() => useBlockPlayer(userId, b.id, keyOf, (e) => errors.push(e)));
    await waitFor(() => expect(result.current.block?.id).toBe(b.id));
    act(() => result.current.goTo(1));
    await act(() => result.current.saved());
    // The stored copy changes under the open player (as a slower save or another tab could leave it).
    await saveBlock(userId, { ...b, current: 0, updatedAt: b.updatedAt + 10_000 });
    rerender();
    await new Promise((r) => setTimeout(r, 50));
    expect(result.current.block?.current).toBe(1);
    expect(errors).toEqual([]);
  });

  it('tutor: each change is stored; Check Answer records the answer in the MCQ progress once', async () => {
    const userId = uid();
    const b = block('tutor', Date.now() - 5000);
    await saveBlock(userId, b);
    const onError = vi.fn();
    const { result } = renderHook(() => useBlockPlayer(userId, b.id, keyOf, onError));
    await waitFor(() => expect(result.current.block?.id).toBe(b.id));
    act(() => result.current.choose(3));
    act(() => result.current.strike(2));
    act(() => result.current.flag());
    act(() => result.current.check());
    act(() => result.current.check());
    await act(() => result.current.saved());
    const stored = await getBlock(userId, b.id);
    expect(stored?.questions[0]).toMatchObject({ answer: 3, checked: true, flagged: true, struck: [2] });
    const row = await getUserDb(userId).userProgress.get(progressId(userId, 'q1'));
    expect(row?.interval).toBe(SRS.again.interval);
    const ops = await getUserDb(userId).progressOutbox.toArray();
    expect(ops.filter((o) => o.kind === 'upsert')).toHaveLength(1);
    expect(ops.filter((o) => o.kind === 'block')).toHaveLength(1);
    // Moving on counts the time on question 1 as study time for its subject.
    await new Promise((r) => setTimeout(r, 1100)); // a second on question 1
    act(() => result.current.goTo(1));
    await act(() => result.current.saved());
    const session = await getUserDb(userId)
      .studySessions.where('uuid')
      .equals(blockSessionId(b.id, 's1'))
      .first();
    expect(session?.durationInSeconds).toBeGreaterThanOrEqual(1);
    expect(onError).not.toHaveBeenCalled();
  });

  it('timed: a block whose time ran out while closed ends at its deadline on opening, answers recorded', async () => {
    const userId = uid();
    const started = Date.now() - 10 * 60_000; // 2 × 60 s long: over
    const b = { ...block('timed', started) };
    const answered: QbankBlock = {
      ...b,
      questions: b.questions.map((q, i) => (i === 1 ? { ...q, answer: 2 } : q)),
    };
    await saveBlock(userId, answered);
    const { result } = renderHook(() => useBlockPlayer(userId, b.id, keyOf, vi.fn()));
    await waitFor(() => expect(result.current.block?.endedAt).toBe(started + 120_000));
    await waitFor(async () => expect((await getBlock(userId, b.id))?.endedAt).toBe(started + 120_000));
    await waitFor(async () =>
      expect((await getUserDb(userId).userProgress.get(progressId(userId, 'q2')))?.interval).toBe(
        SRS.first.good,
      ),
    );
    expect(await getUserDb(userId).userProgress.get(progressId(userId, 'q1'))).toBeUndefined();
  });

  it('opens nothing until the keys are known, and says when the block is not on the device', async () => {
    const userId = uid();
    type Props = { k: typeof keyOf | null };
    const { result, rerender } = renderHook<ReturnType<typeof useBlockPlayer>, Props>(
      ({ k }) => useBlockPlayer(userId, 'nope', k, vi.fn()),
      { initialProps: { k: null } },
    );
    expect(result.current.block).toBeUndefined();
    rerender({ k: keyOf });
    await waitFor(() => expect(result.current.block).toBeNull());
  });
});
