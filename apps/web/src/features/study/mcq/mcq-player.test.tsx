import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeUserDb, getUserDb } from '../../../local/db.ts';
import { progressId } from '../../../local/progress.ts';
import { profile as makeProfile } from '../../../lib/testing/fakes.ts';
import { fakeAuth, renderRoutes } from '../../../lib/testing/signed-in.tsx';
import { StudyPage } from '../index.ts';
import { seedContent, seedQuiz, type SeedQuestion } from '../testing/fixtures.ts';

const sync = vi.hoisted(() => ({
  ensureSubjectTopics: vi.fn(async (): Promise<string> => 'saved'),
  refreshStaleTopics: vi.fn(async (): Promise<string> => 'saved'),
}));
vi.mock('../../../sync/index.ts', () => ({ useSync: () => sync }));
vi.setConfig({ testTimeout: 20_000 });

const routes = [
  {
    path: '/study/subject/:subjectId',
    element: <StudyPage />,
    children: [
      { index: true, element: null },
      { path: 'deck/:deckId', element: null },
    ],
  },
];

const LONG =
  'Which phase of the cardiac cycle follows closure of the mitral valve and precedes aortic valve opening?';
const QUESTIONS: SeedQuestion[] = [
  {
    id: 'q1',
    question: 'First heart sound?',
    options: ['Aortic', 'Pulmonary', 'Mitral and tricuspid', 'None', 'All'],
    correct: 3,
    explanation: 'S1 is AV valve closure.',
  },
  {
    id: 'q2',
    question: LONG,
    options: ['Isovolumetric contraction', 'Rapid filling', null, null, null],
    correct: 1,
    explanation: 'Both valves closed.',
  },
  {
    id: 'q3',
    question: 'Normal ejection fraction?',
    options: ['20%', '40%', '60%', '90%', null],
    correct: 3,
    explanation: null,
  },
];
const byText = new Map(QUESTIONS.map((q) => [q.question, q]));

let uid = '';
async function openQuiz(questions = QUESTIONS, before?: (uid: string) => Promise<void>) {
  const p = makeProfile();
  uid = p.uid;
  await seedContent(uid, { cards: 1 });
  await seedQuiz(uid, questions);
  await before?.(uid);
  const r = renderRoutes(routes, '/study/subject/s1?quiz=qz1', fakeAuth(p));
  await screen.findByRole('radiogroup', { name: 'Answer options' });
  return r;
}

const region = () => screen.getByRole('article', { name: 'Question' });
const current = (): SeedQuestion => {
  const text = region().querySelector('p')?.textContent ?? '';
  const q = byText.get(text);
  if (!q) throw new Error(`unknown question ${text}`);
  return q;
};
const radios = () => within(screen.getByRole('radiogroup', { name: 'Answer options' })).getAllByRole('radio');
const wrongOf = (q: SeedQuestion) => q.options.findIndex((o, i) => o !== null && i + 1 !== q.correct);

beforeEach(() => localStorage.clear());
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await new Promise((r) => setTimeout(r, 30));
  closeUserDb();
});

describe('MCQ player', () => {
  it('choose → Check Answer locks and marks → explanation → Next Question → Quiz Complete → Restart', async () => {
    await openQuiz();
    expect(screen.getByText(/^Question \d+ of \d+$/).textContent).toBe('Question 1 of 3');
    expect(screen.getByRole('button', { name: 'Check Answer' }).hasAttribute('disabled')).toBe(true);
    const results: boolean[] = [];
    for (let n = 1; n <= 3; n++) {
      expect(screen.getByText(/^Question \d+ of \d+$/).textContent).toBe(`Question ${n} of 3`);
      const q = current();
      const pick = n === 2 ? wrongOf(q) : q.correct - 1;
      fireEvent.click(radios()[pick]!);
      expect(radios()[pick]!.getAttribute('aria-checked')).toBe('true');
      fireEvent.click(screen.getByRole('button', { name: 'Check Answer' }));
      results.push(pick === q.correct - 1);
      // Locked: another click changes nothing; the correct one is marked by text, not colour alone.
      const other = (pick + 1) % radios().length;
      fireEvent.click(radios()[other]!);
      expect(radios()[pick]!.getAttribute('aria-checked')).toBe('true');
      expect(radios().every((r) => r.getAttribute('aria-disabled') === 'true')).toBe(true);
      expect(radios()[q.correct - 1]!.textContent).toContain(
        n === 2 ? 'Correct answer' : 'Your answer · Correct',
      );
      if (n === 2) {
        expect(radios()[pick]!.textContent).toContain('Your answer · Incorrect');
        expect(screen.getByRole('status').textContent).toContain(
          `The correct answer is ${'ABCDE'[q.correct - 1]}`,
        );
      } else expect(screen.getByRole('status').textContent).toBe('Correct!');
      if (q.explanation)
        expect(screen.getByRole('region', { name: 'Explanation' }).textContent).toContain(q.explanation);
      else expect(screen.queryByRole('region', { name: 'Explanation' })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Next Question' }));
    }
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toContain('Quiz Complete');
    expect(screen.queryByText(/^Question \d+ of \d+$/)).toBeNull();
    expect(screen.getByLabelText('Score').textContent).toBe('2 / 367%');

    await waitFor(async () => expect(await getUserDb(uid).progressOutbox.count()).toBe(3));
    const rows = await getUserDb(uid).userProgress.where('type').equals('mcq').toArray();
    expect(rows.map((r) => r.questionId).sort()).toEqual(['q1', 'q2', 'q3']);
    const ops = (await getUserDb(uid).progressOutbox.toArray()).map((r) => r.payload);
    expect(
      ops.every((o) => o.kind === 'upsert' && o.record.type === 'mcq' && typeof o.rating === 'number'),
    ).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Restart Quiz' }));
    expect(screen.getByText(/^Question \d+ of \d+$/).textContent).toBe('Question 1 of 3');
    expect(radios().every((r) => r.getAttribute('aria-checked') === 'false')).toBe(true);
  });

  it('Restart reshuffles the questions', async () => {
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.999);
    await openQuiz();
    const order = () => {
      const seen: string[] = [];
      for (let i = 0; i < 3; i++) {
        seen.push(current().id);
        fireEvent.click(radios()[0]!);
        fireEvent.click(screen.getByRole('button', { name: 'Check Answer' }));
        fireEvent.click(screen.getByRole('button', { name: 'Next Question' }));
      }
      return seen;
    };
    expect(order()).toEqual(['q1', 'q2', 'q3']);
    random.mockReturnValue(0);
    fireEvent.click(screen.getByRole('button', { name: 'Restart Quiz' }));
    expect(order()).toEqual(['q2', 'q3', 'q1']);
  });

  it('only the options present are lettered (A, B for a two-option question)', async () => {
    await openQuiz([QUESTIONS[1]!]);
    expect(radios().map((r) => r.textContent?.slice(0, 1))).toEqual(['A', 'B']);
    expect(radios()[1]!.textContent).toContain('Rapid filling');
  });

  it('leaves suspended questions out, lists them (50 characters) and Suspend / Unsuspend move them', async () => {
    await openQuiz(QUESTIONS, async (u) => {
      await getUserDb(u).userProgress.put({
        id: progressId(u, 'q2'),
        userId: u,
        itemId: 'q2',
        questionId: 'q2',
        subjectId: 's1',
        type: 'mcq',
        easeFactor: 2.5,
        interval: 0,
        dueDate: null,
        isSuspended: true,
      });
    });
    expect(screen.getByText(/^Question \d+ of \d+$/).textContent).toBe('Question 1 of 2');
    const list = await screen.findByRole('list', { name: 'Suspended questions' });
    expect(list.textContent).toContain(LONG.slice(0, 50).trimEnd() + '…');

    const first = current();
    fireEvent.click(screen.getByRole('button', { name: 'Suspend' }));
    expect(screen.getByText(/^Question \d+ of \d+$/).textContent).toBe('Question 1 of 1');
    expect(current().id).not.toBe(first.id);
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await waitFor(async () =>
      expect((await getUserDb(uid).userProgress.get(progressId(uid, first.id)))?.isSuspended).toBe(true),
    );

    const item = within(list)
      .getAllByRole('listitem')
      .find((li) => li.textContent?.includes(first.question))!;
    await act(async () => fireEvent.click(within(item).getByRole('button', { name: 'Unsuspend' })));
    expect(screen.getByText(/^Question \d+ of \d+$/).textContent).toBe('Question 1 of 2');
    await waitFor(async () =>
      expect(await getUserDb(uid).userProgress.get(progressId(uid, first.id))).toBeUndefined(),
    );
  });

  it('keyboard: A–E or 1–5 choose (present options only), Enter checks then goes on; typing in a field is ignored', async () => {
    await openQuiz([QUESTIONS[1]!, QUESTIONS[0]!]);
    const first = current();
    const checkedIndex = () => radios().findIndex((r) => r.getAttribute('aria-checked') === 'true');
    fireEvent.keyDown(document.body, { key: 'b' });
    expect(checkedIndex()).toBe(1);
    fireEvent.keyDown(document.body, { key: '1' });
    expect(checkedIndex()).toBe(0);
    fireEvent.keyDown(document.body, { key: first.options.length === 5 ? '9' : 'e' });
    expect(checkedIndex()).toBe(0);

    const input = document.createElement('input');
    document.body.append(input);
    fireEvent.keyDown(input, { key: 'B' });
    fireEvent.keyDown(input, { key: 'Enter' });
    input.remove();
    expect(checkedIndex()).toBe(0);
    expect(screen.getByRole('button', { name: 'Check Answer' }).hasAttribute('disabled')).toBe(false);

    fireEvent.keyDown(document.body, { key: 'Enter' });
    expect(screen.getByRole('button', { name: 'Next Question' }).hasAttribute('disabled')).toBe(false);
    expect(screen.queryByRole('button', { name: 'Check Answer' })).toBeNull();
    fireEvent.keyDown(document.body, { key: 'B' }); // locked
    expect(checkedIndex()).toBe(0);
    fireEvent.keyDown(document.body, { key: 'Enter' });
    expect(screen.getByText(/^Question \d+ of \d+$/).textContent).toBe('Question 2 of 2');
    // Questions are shuffled: the digit of the second question's last present option picks it.
    const last = current().options.filter((o) => o !== null).length;
    fireEvent.keyDown(document.body, { key: String(last) });
    expect(checkedIndex()).toBe(last - 1);
    fireEvent.keyDown(document.body, { key: 'Enter' });
    fireEvent.keyDown(document.body, { key: 'Enter' });
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toContain('Quiz Complete');
    expect(screen.queryByText(/^Question \d+ of \d+$/)).toBeNull();
  });

  it('0 of 3 shows no success tick; the score is said in words', async () => {
    await openQuiz();
    for (let n = 1; n <= 3; n++) {
      fireEvent.click(radios()[wrongOf(current())]!);
      fireEvent.click(screen.getByRole('button', { name: 'Check Answer' }));
      fireEvent.click(screen.getByRole('button', { name: 'Next Question' }));
    }
    const done = screen.getByRole('heading', { name: 'Quiz Complete' }).parentElement!;
    expect(screen.getByLabelText('Score').textContent).toBe('0 / 30%');
    expect(done.querySelector('[data-mark="success"]')).toBeNull();
    expect(done.querySelector('.text-success')).toBeNull();
    within(done).getByText('You scored 0 out of 3 (0%).');
  });

  it('Review answers beside Restart Quiz lists each answer, the correct one and the explanation', async () => {
    await openQuiz();
    const asked: SeedQuestion[] = [];
    for (let n = 1; n <= 3; n++) {
      const q = current();
      asked.push(q);
      // The first question wrong, the others right.
      fireEvent.click(radios()[n === 1 ? wrongOf(q) : q.correct - 1]!);
      fireEvent.click(screen.getByRole('button', { name: 'Check Answer' }));
      fireEvent.click(screen.getByRole('button', { name: 'Next Question' }));
    }
    screen.getByRole('button', { name: 'Restart Quiz' });
    fireEvent.click(screen.getByRole('button', { name: 'Review answers' }));
    const review = screen.getByRole('region', { name: 'Review answers' });
    const items = within(review).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('aria-label'))).toEqual([
      'Question 1: incorrect',
      'Question 2: correct',
      'Question 3: correct',
    ]);
    const first = asked[0]!;
    const wrong = wrongOf(first);
    expect(items[0]!.textContent).toContain(first.question);
    expect(items[0]!.textContent).toContain(`Your answer:${'ABCDE'[wrong]}.${first.options[wrong]}`);
    expect(items[0]!.textContent).toContain(
      `Correct answer:${'ABCDE'[first.correct - 1]}.${first.options[first.correct - 1]}`,
    );
    // Each question's explanation under its own answer; the one without shows none (the order is shuffled,
    // so which is asked first is not known).
    const explanations = asked.flatMap((q) => q.explanation ?? []);
    expect(items.map((li) => explanations.find((e) => li.textContent?.includes(e)) ?? null)).toEqual(
      asked.map((q) => q.explanation),
    );
    expect(items[1]!.textContent).not.toContain('Correct answer:');
    expect(document.activeElement?.textContent).toBe('Review answers');
  });

  it('Check Answer brings the feedback up without taking Question n of m and the stem out of view', async () => {
    await openQuiz();
    // A phone-sized page: the counter 120 px down, the action bar from 760 px, the explanation ending at
    // 1,400 px; scrolling moves every box up by `scrolled`.
    let scrolled = 0;
    const feedbackOf = (el: Element) =>
      !!el.querySelector('[role="status"]') && !el.querySelector('[role="radiogroup"]');
    const rect = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      const at = (top: number, bottom: number) => new DOMRect(0, top - scrolled, 390, bottom - top);
      if (/^Question \d+ of \d+$/.test(this.textContent ?? '')) return at(120, 140);
      if (this.querySelector(':scope > button[aria-keyshortcuts]')) return at(760, 844);
      if (feedbackOf(this)) return at(900, 1400);
      return at(0, 0);
    });
    const move = (top: number) => (scrolled += top);
    const scroller = document.scrollingElement ?? document.documentElement;
    Object.assign(scroller, { scrollBy: (o: ScrollToOptions) => move(o.top ?? 0) });
    const intoView = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      // block 'nearest': the element's bottom to the bottom of the window.
      if (feedbackOf(this)) move(1400 - scrolled - 844);
    };
    fireEvent.click(radios()[0]!);
    fireEvent.click(screen.getByRole('button', { name: 'Check Answer' }));
    expect(scrolled).toBeGreaterThan(0);
    // The counter (and the stem just under it) is still below the top of the page.
    expect(120 - scrolled).toBeGreaterThanOrEqual(0);
    rect.mockRestore();
    Element.prototype.scrollIntoView = intoView;
  });

  it('lists the quiz in the topic resources', async () => {
    const p = makeProfile();
    uid = p.uid;
    await seedContent(uid, { cards: 1 });
    await seedQuiz(uid, QUESTIONS);
    renderRoutes(routes, '/study/subject/s1', fakeAuth(p));
    const link = await screen.findByRole('link', { name: /Cardiac Cycle Quiz/ });
    expect(link.getAttribute('href')).toBe('/study/subject/s1?quiz=qz1');
    expect(link.textContent).toContain('3 questions');
  });
});
