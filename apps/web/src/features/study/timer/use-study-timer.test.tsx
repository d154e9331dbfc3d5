import { LOCAL_KEYS, MSG } from '@zan/core';
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeUserDb, getUserDb } from '../../../local/db.ts';
import { outboxCount } from '../../../local/outbox.ts';
import { studySessionWritesSettled } from '../../../local/study-sessions.ts';
import { mod, subj } from '../../../sync/testing/fake-server.ts';
import { formatClock, readTimer } from './timer-storage.ts';
import { saveLeftoverTimer, setTimerRunningHere } from './leftover-timer.ts';
import { StudyTimer } from './study-timer.tsx';
import { useStudyTimer } from './use-study-timer.ts';

const T0 = new Date('2026-03-01T09:00:00Z').getTime();
let userId = '';

async function seedSubjects() {
  const db = getUserDb(userId);
  await db.modules.put(mod('m1', { name: 'Cardiovascular System' }));
  await db.subjects.bulkPut([
    { ...subj('s1', 'm1'), name: 'Physiology' },
    { ...subj('s2', 'm1'), name: 'Anatomy' },
  ]);
}

const sessions = () => getUserDb(userId).studySessions.toArray();
const tick = (ms = 10) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls with the real setTimeout (setInterval is faked here, which waitFor relies on). */
async function eventually(check: () => Promise<void>, tries = 100) {
  for (let i = 0; ; i++) {
    try {
      return await check();
    } catch (e) {
      if (i >= tries) throw e;
      await tick();
    }
  }
}

beforeEach(async () => {
  userId = 'timer-' + crypto.randomUUID();
  localStorage.clear();
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(T0);
  await seedSubjects();
});
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  await tick(50); // let a leave-save finish before the database closes
  closeUserDb();
});

describe('study timer', () => {
  it('ticks every second and stores the running seconds continuously', () => {
    const { result } = renderHook(() => useStudyTimer({ userId, subjectId: 's1' }));
    expect(result.current.running).toBe(true);
    act(() => vi.advanceTimersByTime(3_000));
    expect(result.current.seconds).toBe(3);
    expect(readTimer()).toEqual({
      subjectId: 's1',
      seconds: 3,
      startedAt: T0,
      sessionId: expect.any(String),
      saved: 0,
    });
  });

  it('restores the stored timer when the same subject reopens', () => {
    localStorage.setItem(
      LOCAL_KEYS.activeTimer,
      JSON.stringify({ subjectId: 's1', seconds: 42, startedAt: T0 - 60_000 }),
    );
    const { result } = renderHook(() => useStudyTimer({ userId, subjectId: 's1' }));
    expect(result.current.seconds).toBe(42);
    act(() => vi.advanceTimersByTime(2_000));
    expect(result.current.seconds).toBe(44);
    expect(readTimer()).toMatchObject({ subjectId: 's1', seconds: 44, startedAt: T0 - 60_000, saved: 0 });
  });

  it("saves a dead page's timer of another subject as a session, then starts from zero", async () => {
    localStorage.setItem(
      LOCAL_KEYS.activeTimer,
      JSON.stringify({ subjectId: 's2', seconds: 90, startedAt: T0 - 100_000 }),
    );
    const { result } = renderHook(() => useStudyTimer({ userId, subjectId: 's1' }));
    expect(result.current.seconds).toBe(0);
    await eventually(async () => expect(await sessions()).toHaveLength(1));
    expect((await sessions())[0]).toMatchObject({
      subjectId: 's2',
      subjectName: 'Anatomy',
      durationInSeconds: 90,
    });
  });

  it("'Stop & Save' saves a session with its outbox op only when seconds > 0", async () => {
    const { result } = renderHook(() => useStudyTimer({ userId, subjectId: 's1' }));
    await act(() => result.current.stop());
    expect(await sessions()).toHaveLength(0);
    expect(localStorage.getItem(LOCAL_KEYS.activeTimer)).toBeNull();

    act(() => result.current.start());
    act(() => vi.advanceTimersByTime(5_000));
    await act(() => result.current.stop());
    const saved = await sessions();
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      subjectId: 's1',
      subjectName: 'Physiology',
      moduleId: 'm1',
      moduleName: 'Cardiovascular System',
      durationInSeconds: 5,
    });
    const ops = await getUserDb(userId).progressOutbox.toArray();
    expect(ops.map((o) => o.payload.kind)).toEqual(['session']);
    expect(result.current.running).toBe(false);
    expect(localStorage.getItem(LOCAL_KEYS.activeTimer)).toBeNull();
  });

  it('saves the time when the study page is left, and a reopen continues without counting twice', async () => {
    const first = renderHook(() => useStudyTimer({ userId, subjectId: 's1' }));
    act(() => vi.advanceTimersByTime(7_000));
    expect(first.result.current.seconds).toBe(7);
    first.unmount();
    await eventually(async () => expect(await sessions()).toHaveLength(1));
    expect((await sessions())[0]?.durationInSeconds).toBe(7);
    const sessionId = readTimer()?.sessionId;
    expect(readTimer()).toMatchObject({ subjectId: 's1', seconds: 7, saved: 0 });

    // Reopening the same subject restores the timer and continues its session: stopping saves that
    // one session with all 11 seconds (one record, one waiting op), never 7 twice.
    const second = renderHook(() => useStudyTimer({ userId, subjectId: 's1' }));
    expect(second.result.current.seconds).toBe(7);
    act(() => vi.advanceTimersByTime(4_000));
    expect(second.result.current.seconds).toBe(11);
    await act(() => second.result.current.stop());
    expect((await sessions()).map((x) => [x.uuid, x.durationInSeconds])).toEqual([[sessionId, 11]]);
    const ops = (await getUserDb(userId).progressOutbox.toArray()).map((o) => o.payload);
    expect(ops.map((op) => (op.kind === 'session' ? op.session.durationInSeconds : op.kind))).toEqual([11]);
    expect(localStorage.getItem(LOCAL_KEYS.activeTimer)).toBeNull();
  });

  it('opening another subject after leaving saves nothing twice', async () => {
    const first = renderHook(() => useStudyTimer({ userId, subjectId: 's1' }));
    act(() => vi.advanceTimersByTime(5_000));
    first.unmount();
    await eventually(async () => expect(await sessions()).toHaveLength(1));
    const second = renderHook(() => useStudyTimer({ userId, subjectId: 's2' }));
    expect(second.result.current.seconds).toBe(0);
    await tick(30);
    expect((await sessions()).map((x) => x.durationInSeconds)).toEqual([5]);
  });

  it('issue 18: pauses after 5 minutes without input and says so; input resumes it', () => {
    const { result } = renderHook(() => useStudyTimer({ userId, subjectId: 's1' }));
    act(() => vi.advanceTimersByTime(4 * 60_000));
    act(() => void window.dispatchEvent(new Event('keydown')));
    act(() => vi.advanceTimersByTime(4 * 60_000 + 59_000));
    expect(result.current.paused).toBeNull();
    expect(result.current.seconds).toBe(8 * 60 + 59);
    act(() => vi.advanceTimersByTime(2_000));
    expect(result.current.paused).toBe('idle');
    const at = result.current.seconds;
    expect(at).toBe(9 * 60);
    act(() => vi.advanceTimersByTime(10 * 60_000));
    expect(result.current.seconds).toBe(at);
    expect(readTimer()?.seconds).toBe(at);
    act(() => void window.dispatchEvent(new Event('pointerdown')));
    expect(result.current.paused).toBeNull();
    act(() => vi.advanceTimersByTime(3_000));
    expect(result.current.seconds).toBe(at + 3);
  });

  it('issue 18: the timer says why it stands still', () => {
    const view = render(
      <StudyTimer seconds={5} running paused="idle" onStop={() => undefined} onStart={() => undefined} />,
    );
    expect(screen.getByTestId('timer-pause').textContent).toContain(MSG.timerPausedIdle);
    view.rerender(
      <StudyTimer seconds={5} running paused="hidden" onStop={() => undefined} onStart={() => undefined} />,
    );
    expect(screen.getByTestId('timer-pause').textContent).toContain(MSG.timerPausedHidden);
    view.rerender(<StudyTimer seconds={5} running onStop={() => undefined} onStart={() => undefined} />);
    expect(screen.getByTestId('timer-pause').textContent).toBe('');
  });

  it('issue 18: pauses while the page is hidden and says so', () => {
    const { result } = renderHook(() => useStudyTimer({ userId, subjectId: 's1' }));
    act(() => vi.advanceTimersByTime(10_000));
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(result.current.paused).toBe('hidden');
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current.seconds).toBe(10);
    visibility.mockRestore();
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(result.current.paused).toBeNull();
    act(() => vi.advanceTimersByTime(2_000));
    expect(result.current.seconds).toBe(12);
  });

  it('writes the timer synchronously on page unload', () => {
    renderHook(() => useStudyTimer({ userId, subjectId: 's1' }));
    vi.setSystemTime(T0 + 12_500);
    window.dispatchEvent(new Event('pagehide'));
    expect(readTimer()?.seconds).toBe(12);
  });

  it('issue 9 case 13: page unload saves the seconds as a session, and a reopen does not count them twice', async () => {
    const first = renderHook(() => useStudyTimer({ userId, subjectId: 's1' }));
    vi.setSystemTime(T0 + 30_000);
    window.dispatchEvent(new Event('pagehide'));
    await eventually(async () => expect((await sessions()).map((x) => x.durationInSeconds)).toEqual([30]));
    first.unmount();
    await tick(20);
    expect((await sessions()).map((x) => x.durationInSeconds)).toEqual([30]);
  });

  it('issue 9 case 13: a hidden page saves too; time after it joins the same session, never twice', async () => {
    const hook = renderHook(() => useStudyTimer({ userId, subjectId: 's1' }));
    vi.setSystemTime(T0 + 20_000);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    visibility.mockRestore();
    await eventually(async () => expect((await sessions()).map((x) => x.durationInSeconds)).toEqual([20]));
    // Hidden for 3 s (issue 18: not counted), then 5 s more once shown again.
    vi.setSystemTime(T0 + 23_000);
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    vi.setSystemTime(T0 + 28_000);
    await act(async () => hook.result.current.stop());
    expect((await sessions()).map((x) => x.durationInSeconds)).toEqual([25]);
    expect(await outboxCount(getUserDb(userId))).toBe(1);
  });

  it('issue 9 case 13: at start-up a leftover stored timer becomes a session, once', async () => {
    localStorage.setItem(
      LOCAL_KEYS.activeTimer,
      JSON.stringify({ subjectId: 's2', seconds: 40, startedAt: T0 - 60_000, saved: 0 }),
    );
    await saveLeftoverTimer(userId);
    await saveLeftoverTimer(userId);
    const rows = await sessions();
    expect(rows.map((x) => [x.subjectId, x.durationInSeconds])).toEqual([['s2', 40]]);
    // The timer stays stored (a reopen of s2 continues the same session); a later start-up adds nothing.
    expect(readTimer()).toMatchObject({ subjectId: 's2', seconds: 40, saved: 0 });
    await saveLeftoverTimer(userId);
    expect(await outboxCount(getUserDb(userId))).toBe(1);
  });

  it('leaving by a page load (beforeunload, a tick, pagehide, the next start) is ONE session, queued once', async () => {
    renderHook(() => useStudyTimer({ userId, subjectId: 's1' }));
    act(() => vi.advanceTimersByTime(1_500));
    window.dispatchEvent(new Event('beforeunload'));
    act(() => vi.advanceTimersByTime(1_100)); // the page lives on a moment: a tick writes the timer
    window.dispatchEvent(new Event('pagehide'));
    // The page is gone (no unmount); the next page's start-up looks at the stored timer.
    setTimerRunningHere(false);
    await saveLeftoverTimer(userId);
    await studySessionWritesSettled();
    const db = getUserDb(userId);
    expect((await sessions()).map((x) => [x.subjectId, x.durationInSeconds])).toEqual([['s1', 2]]);
    const ops = (await db.progressOutbox.toArray()).map((o) => o.payload);
    expect(ops.map((op) => (op.kind === 'session' ? op.session.durationInSeconds : op.kind))).toEqual([2]);
    expect(await outboxCount(db)).toBe(1);
  });

  it('a timer stored by an older version (part already saved, no session id) saves only the rest', async () => {
    localStorage.setItem(
      LOCAL_KEYS.activeTimer,
      JSON.stringify({ subjectId: 's1', seconds: 30, startedAt: T0 - 60_000, saved: 20 }),
    );
    const hook = renderHook(() => useStudyTimer({ userId, subjectId: 's1' }));
    expect(hook.result.current.seconds).toBe(30);
    act(() => vi.advanceTimersByTime(5_000));
    await act(async () => hook.result.current.stop());
    expect((await sessions()).map((x) => x.durationInSeconds)).toEqual([15]);
  });

  it('formats mm:ss, and h:mm:ss past an hour', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(75)).toBe('01:15');
    expect(formatClock(3_661)).toBe('1:01:01');
  });
});
