// Journey (issue 19, "how everyone answered" from real answers, and a block on a second device): an
// admin's quiz of two questions is answered by 20 students of the college through the sync API (their
// first answers: 40 % and 70 % correct, question 1's wrong option B drawing more students than its key);
// a 21st student's tutor block shows those figures after Check Answer; the admin's quiz editor shows the
// item statistics from the same answers, with the mis-keyed warning; the student leaves a second block
// half done, syncs, signs in on another device, resumes it there as left, and a timed block run to zero
// ends by itself with its question omitted. axe-core on each new screen state; desktop and phone.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { baseUrl, createUser, type TestUser } from '../support/accounts.ts';
import { expectNoSeriousA11y } from '../support/a11y.ts';
import { adminWithTopic, signedInApi } from '../support/content.ts';
import { SYNC_SUCCESS, syncButton, syncMessage } from '../support/study.ts';
import { isPhone, signIn } from '../support/ui.ts';

const Q1 = {
  question: 'Which valve closes first in systole?',
  options: ['Mitral', 'Aortic', 'Pulmonary'],
  key: 1,
};
const Q2 = {
  question: 'Which chamber has the thickest wall?',
  options: ['Right atrium', 'Left ventricle', 'Right ventricle'],
  key: 2,
};
const STUDENTS = 20;

/** Student i's answers (option numbers): Q1 right for 8 (40 %), else B; Q2 right for those 8 and 6 more (70 %). */
const answersOf = (i: number) => ({ q1: i < 8 ? 1 : 2, q2: i < 14 ? 2 : 3 });

type Ids = { quizId: string; q1: string; q2: string; subjectId: string };

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  expect(res.status(), `${what}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/** One student's first answers to both questions, uploaded as the app uploads MCQ progress. */
async function answerAsStudent(student: TestUser, ids: Ids, i: number): Promise<void> {
  const api = await signedInApi(student.email, student.password);
  try {
    const now = Date.now();
    const a = answersOf(i);
    const op = (questionId: string, option: number, k: number) => ({
      opId: `op-peers-${student.uid}-${k}`,
      kind: 'upsert',
      rating: option,
      record: {
        itemId: questionId,
        type: 'mcq',
        cardId: null,
        questionId,
        subjectId: ids.subjectId,
        deckId: null,
        easeFactor: 2.5,
        interval: 600,
        dueDate: now + 600_000,
        isSuspended: false,
        reviewedAt: now - 60_000 + k,
      },
    });
    const push = await ok<{ accepted: unknown[] }>(
      await api.post('/api/sync/progress', {
        headers: { origin: baseUrl() },
        data: { deviceId: `e2e-peers-${i}`, ops: [op(ids.q1, a.q1, 1), op(ids.q2, a.q2, 2)] },
      }),
      'progress push',
    );
    expect(push.accepted).toHaveLength(2);
    await api.post('/api/session/sign-out', { headers: { origin: baseUrl() } });
  } finally {
    await api.dispose();
  }
}

const article = (page: Page) => page.getByRole('article', { name: 'Question' });
const options = (page: Page) =>
  article(page).getByRole('radiogroup', { name: 'Answer options' }).getByRole('radio');
const box = (page: Page, name: string) => page.getByRole('checkbox', { name, exact: true });

async function openQbank(page: Page): Promise<void> {
  if (isPhone(page)) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Question Bank' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Question Bank' })).toBeVisible();
}

/** Chooses the option whose text is `text`, whatever the shuffle. */
async function choose(page: Page, text: string): Promise<void> {
  await options(page).filter({ hasText: text }).click();
}

const stemOf = async (page: Page) => (await article(page).locator('p').first().innerText()).trim();

test('question bank: peer figures and item statistics from 20 students, a block resumed on a second device, a timed block run to zero', async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const { admin, built } = await adminWithTopic(testInfo);
  const ids = { subjectId: built.subjectId } as Ids;

  await test.step('the admin writes a quiz of two questions; 20 students answer it', async () => {
    const api = await signedInApi(admin.email, admin.password);
    try {
      const row = (q: typeof Q1) => ({
        question: q.question,
        option1: q.options[0]!,
        option2: q.options[1]!,
        option3: q.options[2]!,
        option4: null,
        option5: null,
        correctOption: q.key,
        explanation: null,
      });
      const res = await ok<{ id: string }>(
        await api.post(`/api/admin/topics/${built.topicId}/bulk/questions`, {
          headers: { origin: baseUrl() },
          data: { name: 'Heart basics', add: [row(Q1), row(Q2)], update: [] },
        }),
        'bulk questions',
      );
      ids.quizId = res.id;
      const quiz = await ok<{ questions: { id: string; question: string }[] }>(
        await api.get(`/api/admin/quizzes/${res.id}`),
        'quiz editor',
      );
      ids.q1 = quiz.questions.find((q) => q.question === Q1.question)!.id;
      ids.q2 = quiz.questions.find((q) => q.question === Q2.question)!.id;
      await api.post('/api/session/sign-out', { headers: { origin: baseUrl() } });
    } finally {
      await api.dispose();
    }
    // Five at a time: sign-up, the mail link, sign-in and one upload each.
    for (let i = 0; i < STUDENTS; i += 5)
      await Promise.all(
        Array.from({ length: 5 }, async (_, k) => {
          const s = await createUser({ prefix: `peer${i + k}` });
          await answerAsStudent(s, ids, i + k);
        }),
      );
  });

  const student = await createUser({ prefix: 'qbankpeer' });
  const device1 = await browser.newContext();
  const page = await device1.newPage();
  await signIn(page, student.email, student.password);

  await test.step('a tutor block: after Check Answer, how the 20 answered', async () => {
    await openQbank(page);
    await expect(box(page, built.subject)).toBeVisible({ timeout: 60_000 });
    await box(page, built.subject).check();
    await expect(page.getByRole('status').filter({ hasText: 'in the chosen pool' })).toContainText(
      /^2 questions/,
    );
    await page.getByRole('spinbutton', { name: 'Number of questions' }).fill('2');
    await page.getByRole('button', { name: 'Start Test' }).click();
    for (const n of [1, 2]) {
      await expect(page.getByRole('heading', { name: `Question ${n} of 2` })).toBeVisible();
      const q = (await stemOf(page)) === Q1.question ? Q1 : Q2;
      await choose(page, q.options[q.key - 1]!);
      await page.getByRole('button', { name: 'Check Answer' }).click();
      const peers = page.getByRole('region', { name: 'How everyone answered' });
      await expect(peers).toContainText(`${q === Q1 ? 40 : 70}% correct`);
      await expect(peers).toContainText(`${STUDENTS} students`);
      if (n === 1) {
        await expectNoSeriousA11y(page, 'qbank: peer figures');
        await page.getByRole('button', { name: 'Next' }).click();
      }
    }
    await page.getByRole('button', { name: 'End Block' }).first().click();
    await page
      .getByRole('dialog', { name: 'End this block?' })
      .getByRole('button', { name: 'End Block' })
      .click();
    await expect(page.getByRole('heading', { name: 'Test review' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'How everyone answered' }).first()).toContainText(
      `${STUDENTS} students`,
    );
  });

  let resumeUrl = '';
  let firstStem = '';
  await test.step('a second block, left after one answer, synced', async () => {
    await openQbank(page);
    await box(page, built.subject).check();
    await box(page, 'All').check();
    await page.getByRole('spinbutton', { name: 'Number of questions' }).fill('2');
    await page.getByRole('button', { name: 'Start Test' }).click();
    await expect(page.getByRole('heading', { name: 'Question 1 of 2' })).toBeVisible();
    resumeUrl = new URL(page.url()).pathname;
    firstStem = await stemOf(page);
    const q = firstStem === Q1.question ? Q1 : Q2;
    await choose(page, q.options[q.key - 1]!);
    await page.getByRole('button', { name: 'Check Answer' }).click();
    await expect(article(page).getByRole('status')).toHaveText('Correct!');
    await page.getByRole('button', { name: 'Flag', exact: true }).click();
    await syncButton(page).click();
    await expect(syncMessage(page, SYNC_SUCCESS)).toBeVisible({ timeout: 30_000 });
  });
  await device1.close();

  await test.step('the admin sees the item statistics from the same answers, with the mis-keyed warning', async () => {
    const ctx = await browser.newContext();
    const a = await ctx.newPage();
    try {
      await signIn(a, admin.email, admin.password, `/admin/mcq-quiz/${ids.quizId}/edit`);
      await a
        .getByRole('navigation', { name: 'Questions' })
        .getByRole('button', { name: /^1\. Which valve/ })
        .click();
      const panel = a.getByRole('region', { name: 'Item statistics' });
      // 20 students, and the 21st's first answers (right on both) once its device synced.
      await expect(panel.getByRole('note')).toHaveText(
        'Possibly mis-keyed: option B drew more students than the key (A).',
      );
      await expect(panel.getByRole('definition').first()).toHaveText(/^2[01]$/);
      await expectNoSeriousA11y(a, 'quiz editor: item statistics from answers');
    } finally {
      await ctx.close();
    }
  });

  const device2 = await browser.newContext();
  const other = await device2.newPage();
  try {
    await test.step('on another device, Previous Tests lists both blocks; the second resumes as left', async () => {
      await signIn(other, student.email, student.password);
      await openQbank(other);
      await other.getByRole('tab', { name: 'Previous Tests' }).click();
      const list = other.getByRole('list', { name: 'Previous tests' });
      await expect(list.getByRole('listitem')).toHaveCount(2, { timeout: 60_000 });
      await expect(list.getByRole('listitem').filter({ hasText: '100%' })).toHaveCount(1);
      await expectNoSeriousA11y(other, 'qbank: previous tests on a second device');
      await list.getByRole('link', { name: 'Resume' }).click();
      await expect(other).toHaveURL(new RegExp(`${resumeUrl}$`));
      await expect(other.getByRole('heading', { name: 'Question 1 of 2' })).toBeVisible({ timeout: 30_000 });
      expect(await stemOf(other)).toBe(firstStem);
      await expect(article(other).getByRole('status')).toHaveText('Correct!');
      await expect(other.getByRole('button', { name: 'Flagged', exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
    });

    await test.step('a timed block of one question at 10 s ends by itself at zero, the question omitted', async () => {
      await openQbank(other);
      await box(other, built.subject).check();
      await box(other, 'All').check();
      await other.getByRole('spinbutton', { name: 'Number of questions' }).fill('1');
      await other.getByRole('radio', { name: /^Timed/ }).check();
      await other.getByRole('spinbutton', { name: 'Seconds per question' }).fill('10');
      await other.getByRole('button', { name: 'Start Test' }).click();
      await expect(other.getByRole('heading', { name: 'Question 1 of 1' })).toBeVisible();
      await expect(other.getByRole('timer', { name: 'Time left' })).toHaveText(/^0:(0\d|10)$/);
      await expect(other.getByRole('heading', { name: 'Test review' })).toBeVisible({ timeout: 30_000 });
      await expect(
        other
          .getByRole('term')
          .filter({ hasText: /^Omitted$/ })
          .locator('xpath=..'),
      ).toContainText('1');
      await expectNoSeriousA11y(other, 'qbank: timed block ended at zero');
    });
  } finally {
    await device2.close();
  }
});
