import { DEFAULT_SCHEDULER_SETTINGS, LOCAL_KEYS, MSG } from '@zan/core';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { closeUserDb, getUserDb } from '../../local/db.ts';
import { saveSchedulerSettings } from '../../local/scheduler-settings.ts';
import { profile as makeProfile } from '../../lib/testing/fakes.ts';
import { StudyPage } from './index.ts';
import { fakeAuth, renderRoutes } from '../../lib/testing/signed-in.tsx';
import { seedContent, seedLecture, seedQuiz } from './testing/fixtures.ts';

const sync = vi.hoisted(() => ({
  ensureSubjectTopics: vi.fn(async (_subjectId: string): Promise<string> => 'saved'),
  refreshStaleTopics: vi.fn(async (_topicIds: string[]): Promise<string> => 'saved'),
}));
vi.mock('../../sync/index.ts', () => ({ useSync: () => sync }));

const routes = [
  {
    path: '/study/subject/:subjectId',
    element: <StudyPage />,
    children: [
      { index: true, element: null },
      { path: 'deck/:deckId', element: null },
    ],
  },
  { path: '/dashboard', element: <p>dashboard</p> },
];

vi.setConfig({ testTimeout: 20_000 });

let uid = '';
async function openDeck(cards = 3) {
  const p = makeProfile();
  uid = p.uid;
  await seedContent(uid, { cards });
  return renderRoutes(routes, '/study/subject/s1/deck/d1', fakeAuth(p));
}

const counts = () => screen.getByLabelText('Card counts').textContent?.replace(/\s+/g, '') ?? '';
const question = () => screen.getByRole('region', { name: 'Question' }).textContent ?? '';
const rateButton = (label: string) => screen.getByRole('button', { name: new RegExp(`^${label}`) });

beforeEach(() => {
  localStorage.clear();
  sync.ensureSubjectTopics.mockClear();
  sync.refreshStaleTopics.mockClear();
});
afterEach(async () => {
  cleanup();
  await new Promise((r) => setTimeout(r, 30));
  closeUserDb();
});

describe('study page', () => {
  it('shows the breadcrumb, topics, details of the deck and prepares the subject when online', async () => {
    await openDeck();
    await screen.findByRole('region', { name: 'Question' });
    const crumb = screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent;
    expect(crumb).toBe('Dashboard/Cardiovascular System/Physiology/Cardiac Cycle');
    expect(screen.getByRole('navigation', { name: 'Topics' }).textContent).toContain('Cardiac Cycle');
    expect(screen.getByRole('button', { name: 'Topics' }).getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(sync.refreshStaleTopics).toHaveBeenCalledWith(['t1']));
    expect(sync.ensureSubjectTopics).toHaveBeenCalledWith('s1');
  });

  it("says 'Failed to prepare study session: {reason}' when the topic content cannot be saved", async () => {
    sync.ensureSubjectTopics.mockResolvedValueOnce('save-failed');
    await openDeck();
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.prepareStudyFailed(MSG.topicSaveFailed));
  });
});

describe('flashcard player', () => {
  it('Show Answer → rate → next card, with counts and intervals, then Complete! → Free Study', async () => {
    await openDeck(2);
    await screen.findByRole('region', { name: 'Question' });
    expect(counts()).toBe('NEW2DUE0SUSPENDED0');
    const first = question();

    fireEvent.click(screen.getByRole('button', { name: 'Show Answer' }));
    expect(screen.getByRole('region', { name: 'Answer' }).textContent).toMatch(/Answer \d/);
    expect(rateButton('Again').textContent).toContain('1m');
    expect(rateButton('Hard').textContent).toContain('10m');
    expect(rateButton('Good').textContent).toContain('20m');
    expect(rateButton('Easy').textContent).toContain('4d');

    fireEvent.click(rateButton('Good'));
    expect(question()).not.toBe(first);
    expect(screen.queryByRole('region', { name: 'Answer' })).toBeNull();
    expect(counts()).toBe('NEW1DUE0SUSPENDED0');

    fireEvent.click(screen.getByRole('button', { name: 'Show Answer' }));
    fireEvent.click(rateButton('Easy'));
    expect((await screen.findByText('Complete!')).tagName).toBe('H2');
    expect(screen.queryByRole('region', { name: 'Question' })).toBeNull();
    await waitFor(async () => expect(await getUserDb(uid).userProgress.count()).toBe(2));
    expect(await getUserDb(uid).progressOutbox.count()).toBe(2);

    fireEvent.click(screen.getByRole('button', { name: 'Free Study' }));
    expect(screen.getByLabelText('Progress').textContent).toContain('1 / 2');
    expect(localStorage.getItem(LOCAL_KEYS.studyMode)).toBe('free');
    fireEvent.click(screen.getByRole('button', { name: 'Show Answer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next Card' }));
    expect(screen.getByLabelText('Progress').textContent).toContain('2 / 2');
  });

  it("with FSRS the buttons show its intervals and 'This card' its memory", async () => {
    const p = makeProfile();
    uid = p.uid;
    await seedContent(uid, { cards: 1 });
    await saveSchedulerSettings(
      getUserDb(uid),
      uid,
      { ...DEFAULT_SCHEDULER_SETTINGS, scheduler: 'fsrs', updatedAt: 1 },
      new Date(),
    );
    renderRoutes(routes, '/study/subject/s1/deck/d1', fakeAuth(p));
    await screen.findByRole('region', { name: 'Question' });
    within(screen.getByRole('region', { name: 'This card' })).getByText('New card');
    fireEvent.click(screen.getByRole('button', { name: 'Show Answer' }));
    // FSRS learning steps 1m 10m: Good on a new card is the second step (SM-2 would say 20m).
    expect(rateButton('Again').textContent).toContain('1m');
    expect(rateButton('Good').textContent).toContain('10m');
    fireEvent.click(rateButton('Again'));
    // The card comes back in this session, now with its memory.
    await screen.findByRole('region', { name: 'Question' });
    const details = within(screen.getByRole('region', { name: 'This card' }));
    expect(details.getByText('Reviews').nextSibling?.textContent).toBe('1');
    expect(details.getByText('Stability').nextSibling?.textContent).toMatch(/^\d+\.\d days$/);
    expect(details.getByText('Difficulty').nextSibling?.textContent).toMatch(/^\d+\.\d \/ 10$/);
    expect(details.getByText('Retrievability').nextSibling?.textContent).toMatch(/^\d+ %$/);
  });

  it('Free mode says so above the card and on Complete!, with Back to SRS; Complete! says when the next card is due', async () => {
    await openDeck(1);
    await screen.findByRole('region', { name: 'Question' });
    expect(screen.queryByText(MSG.freeModeBanner)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show Answer' }));
    fireEvent.click(rateButton('Easy'));
    await screen.findByText('Complete!');
    // Easy on a new card: due in 4 days.
    expect(screen.getByTestId('next-due').textContent).toMatch(/^The next card is due on \d+ \w+/);
    expect(screen.queryByRole('button', { name: MSG.backToSrs })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Free Study' }));
    expect(screen.getByRole('note').textContent).toContain(MSG.freeModeBanner);
    fireEvent.click(screen.getByRole('button', { name: 'Show Answer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next Card' }));
    await screen.findByText('Complete!');
    fireEvent.click(screen.getAllByRole('button', { name: MSG.backToSrs }).at(-1) as HTMLElement);
    expect(localStorage.getItem(LOCAL_KEYS.studyMode)).toBe('srs');
    expect(screen.queryByText(MSG.freeModeBanner)).toBeNull();
    expect(counts()).toBe('NEW0DUE0SUSPENDED0');
  });

  it('Again brings the card back later in the session', async () => {
    await openDeck(1);
    await screen.findByRole('region', { name: 'Question' });
    fireEvent.click(screen.getByRole('button', { name: 'Show Answer' }));
    fireEvent.click(rateButton('Again'));
    expect(question()).toContain('Question 1');
    expect(counts()).toBe('NEW0DUE0SUSPENDED0');
  });

  it('Space flips and digits 1–4 rate when flipped in SRS mode; keys in a field are ignored', async () => {
    await openDeck(3);
    await screen.findByRole('region', { name: 'Question' });
    fireEvent.keyDown(document.body, { key: '3' });
    expect(counts()).toBe('NEW3DUE0SUSPENDED0');

    const input = document.createElement('input');
    document.body.append(input);
    fireEvent.keyDown(input, { key: ' ' });
    expect(screen.queryByRole('region', { name: 'Answer' })).toBeNull();
    input.remove();

    fireEvent.keyDown(document.body, { key: ' ' });
    expect(screen.getAllByRole('region', { name: 'Answer' })).toHaveLength(1);
    fireEvent.keyDown(document.body, { key: '3' });
    expect(counts()).toBe('NEW2DUE0SUSPENDED0');
    expect(screen.queryByRole('region', { name: 'Answer' })).toBeNull();

    fireEvent.keyDown(document.body, { key: ' ' });
    fireEvent.keyDown(document.body, { key: '1' });
    // Again: reviewed (no longer new), due again in a minute.
    expect(counts()).toBe('NEW1DUE0SUSPENDED0');
  });

  it('Undo (button or Ctrl/Cmd+Z) takes back the last answer: the card again, new again, with its undo op', async () => {
    await openDeck(2);
    await screen.findByRole('region', { name: 'Question' });
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    const first = question();
    fireEvent.click(screen.getByRole('button', { name: 'Show Answer' }));
    fireEvent.click(rateButton('Good'));
    expect(counts()).toBe('NEW1DUE0SUSPENDED0');
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(question()).toBe(first);
    expect(counts()).toBe('NEW2DUE0SUSPENDED0');
    expect(screen.getByRole('status').textContent).toBe(MSG.answerUndone);
    await waitFor(async () => expect(await getUserDb(uid).progressOutbox.count()).toBe(2));
    expect(await getUserDb(uid).userProgress.count()).toBe(0);
    const kinds = (await getUserDb(uid).progressOutbox.orderBy('createdAt').toArray()).map((r) => r.kind);
    expect(kinds).toEqual(['upsert', 'undo']);

    // Both answers, then Ctrl+Z from the Complete screen brings the last card back.
    fireEvent.click(screen.getByRole('button', { name: 'Show Answer' }));
    fireEvent.click(rateButton('Good'));
    fireEvent.click(screen.getByRole('button', { name: 'Show Answer' }));
    fireEvent.click(rateButton('Easy'));
    await screen.findByText('Complete!');
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    screen.getByRole('region', { name: 'Question' });
    expect(counts()).toBe('NEW1DUE0SUSPENDED0');
    fireEvent.keyDown(document.body, { key: 'z', metaKey: true });
    fireEvent.keyDown(document.body, { key: 'z', metaKey: true });
    expect(counts()).toBe('NEW2DUE0SUSPENDED0');
    expect(screen.getByRole('status').textContent).toBe(MSG.nothingToUndo);
    await waitFor(async () => expect(await getUserDb(uid).userProgress.count()).toBe(0));
  });

  it('Suspend removes the card from the queue and lists it; Unsuspend brings it back', async () => {
    await openDeck(2);
    await screen.findByRole('region', { name: 'Question' });
    const suspended = question();
    fireEvent.click(screen.getByRole('button', { name: 'Suspend' }));
    expect(counts()).toBe('NEW1DUE0SUSPENDED1');
    expect(question()).not.toBe(suspended);
    const list = screen.getByRole('list', { name: 'Suspended cards' });
    expect(list.textContent).toContain(suspended);

    fireEvent.click(screen.getByRole('button', { name: 'Show Answer' }));
    fireEvent.click(rateButton('Good'));
    expect((await screen.findByText('Complete!')).tagName).toBe('H2');
    expect(screen.queryByRole('region', { name: 'Question' })).toBeNull();

    await act(async () => fireEvent.click(within(list).getByRole('button', { name: 'Unsuspend' })));
    expect(counts()).toBe('NEW1DUE0SUSPENDED0');
    expect(question()).toBe(suspended);
    // Never reviewed: unsuspending makes it new again (its record is deleted).
    const cardId = 'c' + (suspended.match(/\d+/)?.[0] ?? '');
    await waitFor(async () =>
      expect(await getUserDb(uid).userProgress.get(`${uid}_${cardId}`)).toBeUndefined(),
    );
    expect((await getUserDb(uid).progressOutbox.toArray()).map((o) => o.kind).sort()).toEqual([
      'delete',
      'upsert',
      'upsert',
    ]);
  });

  it('persists the mode toggle (default srs)', async () => {
    await openDeck(2);
    await screen.findByRole('region', { name: 'Question' });
    expect(screen.getByRole('button', { name: 'SRS' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Free' }));
    expect(localStorage.getItem(LOCAL_KEYS.studyMode)).toBe('free');
    expect(screen.getByLabelText('Progress').textContent).toContain('1 / 2');
  });
});

describe('study page opened from a search hit (issue 22)', () => {
  it('?card= shows that card first, then the rest of the deck', async () => {
    const p = makeProfile();
    uid = p.uid;
    await seedContent(uid, { cards: 30 }); // shuffled: 1 chance in 30 to lead by luck
    renderRoutes(routes, '/study/subject/s1/deck/d1?card=c17', fakeAuth(p));
    await screen.findByRole('region', { name: 'Question' });
    expect(question()).toContain('Question 17');
  });

  it('?quiz=&question= asks that question first, then the rest of the quiz', async () => {
    const p = makeProfile();
    uid = p.uid;
    await seedContent(uid, { cards: 1 });
    // Shuffled: 1 chance in 30 to lead by luck.
    await seedQuiz(
      uid,
      Array.from({ length: 30 }, (_, i) => ({
        id: `q${i + 1}`,
        question: `Quiz question ${i + 1}?`,
        options: ['Yes', 'No', null, null, null],
        correct: 1,
      })),
    );
    renderRoutes(routes, '/study/subject/s1?quiz=qz1&question=q17', fakeAuth(p));
    await screen.findByRole('radiogroup', { name: 'Answer options' });
    expect(screen.getByRole('article', { name: 'Question' }).textContent).toContain('Quiz question 17?');
    expect(screen.getByRole('article', { name: 'Question' }).textContent).not.toContain('Quiz question 1?');
  });

  it('?lecture=&heading= opens the lecture at that heading (scrolled to, focused, highlighted)', async () => {
    const p = makeProfile();
    uid = p.uid;
    await seedContent(uid, { cards: 1 });
    await seedLecture(
      uid,
      '<h2>Phases</h2><p>Intro.</p><h3>Systole</h3><p>Ejection.</p><h3>Diastole</h3><p>Filling.</p>',
    );
    const scroll = vi.fn();
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = scroll;
    onTestFinished(() => {
      Element.prototype.scrollIntoView = original;
    });
    renderRoutes(routes, '/study/subject/s1?lecture=p1&heading=lecture-h-2', fakeAuth(p));
    const heading = await screen.findByRole('heading', { name: 'Systole' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(scroll.mock.contexts[0]).toBe(heading);
    expect(heading.getAttribute('data-highlight')).toBe('true');
  });
});
