// 'Review all due' (issue 18): due cards first (longest overdue first), then new ones within what
// today's limits leave; answers are recorded with their deck and subject and counted for the day, their
// time is the subject's study time, and 'Undo' takes the last one back.
import { DEFAULT_SCHEDULER_SETTINGS, LOCAL_KEYS, MSG } from '@zan/core';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeUserDb, getUserDb } from '../../../local/db.ts';
import { saveSchedulerSettings } from '../../../local/scheduler-settings.ts';
import { profile as makeProfile } from '../../../lib/testing/fakes.ts';
import { fakeAuth, renderRoutes } from '../../../lib/testing/signed-in.tsx';
import { ReviewPage } from '../index.ts';
import { nextDueText } from '../flashcards/next-due-text.ts';
import { seedContent } from '../testing/fixtures.ts';

vi.setConfig({ testTimeout: 20_000 });

const routes = [
  { path: '/review', element: <ReviewPage /> },
  { path: '/dashboard', element: <p>dashboard</p> },
];
const H = 3_600_000;
const question = () => screen.getByRole('region', { name: 'Question' }).textContent ?? '';
const left = () => screen.getByLabelText('Cards left').textContent?.replace(/\s+/g, '') ?? '';

let uid = '';
let seededAt = 0;
const c3Due = () => new Date(seededAt + 30 * H);
async function seed(cards: number) {
  const p = makeProfile();
  uid = p.uid;
  await seedContent(uid, { cards });
  const row = (itemId: string, dueDate: Date, isSuspended = false) => ({
    id: `${uid}_${itemId}`,
    userId: uid,
    itemId,
    cardId: itemId,
    subjectId: 's1',
    deckId: 'd1',
    type: 'flashcard' as const,
    easeFactor: 2.5,
    interval: 86_400,
    dueDate,
    isSuspended,
  });
  const now = Date.now();
  seededAt = now;
  await getUserDb(uid).userProgress.bulkPut([
    row('c1', new Date(now - H)),
    row('c2', new Date(now - 5 * H)),
    row('c3', new Date(now + 30 * H)),
    row('c4', new Date(now - 9 * H), true),
  ]);
  return p;
}

beforeEach(() => localStorage.clear());
afterEach(async () => {
  cleanup();
  await new Promise((r) => setTimeout(r, 30));
  closeUserDb();
});

describe('Review all due', () => {
  it('shows due cards first, then new ones up to what the day leaves, and records each answer', async () => {
    const p = await seed(25); // c5–c25: 21 new cards
    // Three new cards were already studied today (in a deck on its own): 17 of the 20 are left.
    const today = Date.now();
    localStorage.setItem(
      `${LOCAL_KEYS.dailyTally}.${uid}`,
      JSON.stringify(['x1', 'x2', 'x3'].map((id) => ({ id, at: today - 1000, isNew: true }))),
    );
    renderRoutes(routes, '/review?module=m1', fakeAuth(p));
    await screen.findByRole('region', { name: 'Question' });
    screen.getByText('Cardiovascular System');
    expect(left()).toBe('DUE2NEW17');
    expect(question()).toContain('Question 2');

    fireEvent.click(screen.getByRole('button', { name: 'Show Answer' }));
    fireEvent.click(screen.getByRole('button', { name: /^Good/ }));
    await waitFor(() => expect(question()).toContain('Question 1'));
    expect(left()).toBe('DUE1NEW17');
    await waitFor(async () => {
      const row = await getUserDb(uid).userProgress.get(`${uid}_c2`);
      expect(row?.dueDate?.getTime()).toBeGreaterThan(Date.now());
      expect(row?.deckId).toBe('d1');
      expect(row?.subjectId).toBe('s1');
    });
    const tally: unknown = JSON.parse(localStorage.getItem(`${LOCAL_KEYS.dailyTally}.${uid}`) ?? '[]');
    expect(tally).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'c2', isNew: false })]));
  });

  it('says when nothing is left for today and when the next card is due', async () => {
    const p = await seed(4); // no new card; c1 and c2 due
    renderRoutes(routes, '/review', fakeAuth(p));
    await screen.findByRole('region', { name: 'Question' });
    for (let i = 0; i < 2; i++) {
      fireEvent.keyDown(window, { key: ' ' });
      fireEvent.keyDown(window, { key: '3' });
    }
    await screen.findByText(MSG.reviewDone);
    // c3, due in 30 hours, is the next (the two just answered come after it).
    expect(screen.getByTestId('next-due').textContent).toBe(nextDueText(c3Due(), new Date()));
  });

  it('Undo (button or Ctrl/Cmd+Z) takes back the last answer: the card again, its state, the tally, an undo op', async () => {
    const p = await seed(5); // c1, c2 due; c5 new
    renderRoutes(routes, '/review', fakeAuth(p));
    await screen.findByRole('region', { name: 'Question' });
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    const tally = () =>
      (
        JSON.parse(localStorage.getItem(`${LOCAL_KEYS.dailyTally}.${uid}`) ?? '[]') as Array<{ id: string }>
      ).map((e) => e.id);
    const before = await getUserDb(uid).userProgress.get(`${uid}_c2`);
    expect(question()).toContain('Question 2');
    fireEvent.click(screen.getByRole('button', { name: 'Show Answer' }));
    fireEvent.click(screen.getByRole('button', { name: /^Good/ }));
    expect(left()).toBe('DUE1NEW1');
    expect(tally()).toEqual(['c2']);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(question()).toContain('Question 2');
    expect(left()).toBe('DUE2NEW1');
    expect(screen.getByRole('status').textContent).toBe(MSG.answerUndone);
    expect(tally()).toEqual([]);
    await waitFor(async () => {
      const kinds = (await getUserDb(uid).progressOutbox.orderBy('createdAt').toArray()).map((r) => r.kind);
      expect(kinds).toEqual(['upsert', 'undo']);
    });
    const back = await getUserDb(uid).userProgress.get(`${uid}_c2`);
    expect(back?.dueDate?.getTime()).toBe(before?.dueDate?.getTime());

    // Every card answered, then Ctrl/Cmd+Z from the Complete screen: the new card is back, new again.
    for (let i = 0; i < 3; i++) {
      fireEvent.keyDown(window, { key: ' ' });
      fireEvent.keyDown(window, { key: '3' });
    }
    await screen.findByText(MSG.reviewDone);
    await waitFor(async () => expect(await getUserDb(uid).userProgress.get(`${uid}_c5`)).toBeTruthy());
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    expect(question()).toContain('Question 5');
    expect(left()).toBe('DUE0NEW1');
    expect(tally()).toEqual(['c2', 'c1']);
    await waitFor(async () => expect(await getUserDb(uid).userProgress.get(`${uid}_c5`)).toBeUndefined());
    fireEvent.keyDown(document.body, { key: 'z', metaKey: true });
    fireEvent.keyDown(document.body, { key: 'z', metaKey: true });
    fireEvent.keyDown(document.body, { key: 'z', metaKey: true });
    expect(screen.getByRole('status').textContent).toBe(MSG.nothingToUndo);
    expect(left()).toBe('DUE2NEW1');
    expect(tally()).toEqual([]);
  });

  it("records each answer's time as study time of its card's subject", async () => {
    const p = await seed(4);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      renderRoutes(routes, '/review', fakeAuth(p));
      await screen.findByRole('region', { name: 'Question' });
      for (const seconds of [40, 25]) {
        vi.setSystemTime(Date.now() + seconds * 1000);
        fireEvent.keyDown(window, { key: ' ' });
        fireEvent.keyDown(window, { key: '3' });
      }
      await waitFor(async () => {
        const sessions = await getUserDb(uid).studySessions.toArray();
        expect(sessions.map((s) => [s.subjectId, s.durationInSeconds])).toEqual([['s1', 65]]);
      });
      const ops = await getUserDb(uid).progressOutbox.toArray();
      expect(ops.filter((o) => o.kind === 'session')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps counting a card shown when the session is built again while it is on screen', async () => {
    const p = await seed(4);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      renderRoutes(routes, '/review', fakeAuth(p));
      await screen.findByRole('region', { name: 'Question' });
      const shown = question();
      vi.setSystemTime(Date.now() + 40_000);
      // Settings synced from another device while the card is on screen: the queue is built again, and
      // the same card is first.
      await saveSchedulerSettings(
        getUserDb(uid),
        uid,
        { ...DEFAULT_SCHEDULER_SETTINGS, newPerDay: 5, updatedAt: 0 },
        new Date(),
      );
      await new Promise((r) => setTimeout(r, 200));
      expect(question()).toBe(shown);
      fireEvent.keyDown(window, { key: ' ' });
      fireEvent.keyDown(window, { key: '3' });
      await waitFor(async () => {
        const sessions = await getUserDb(uid).studySessions.toArray();
        expect(sessions.map((s) => [s.subjectId, s.durationInSeconds])).toEqual([['s1', 40]]);
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('says the module is not here when it is not on this device', async () => {
    const p = await seed(2);
    renderRoutes(routes, '/review?module=nope', fakeAuth(p));
    await screen.findByText(/this module or subject is not on this device/);
  });
});
