// Journey (issue 19, pictures in questions and the quiz player's fixes): an admin adds an ECG picture to
// a question's stem in the quiz editor (rich editor, upload), writes the options and an explanation, and
// sees the question's item statistics (the figures come from a mocked answer here: the route is built
// apart); a student of the year syncs, goes offline and answers it in the quiz player with the picture
// shown, 'Question 1 of 1' and the stem still in view after checking (phone too), then 'Quiz Complete'
// with the score and 'Review answers'. axe on every screen, desktop and phone.
import { deflateSync, crc32 } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11y } from '../support/a11y.ts';
import { createUser } from '../support/accounts.ts';
import { adminWithTopic } from '../support/content.ts';
import { shot } from '../support/shots.ts';
import {
  expectAllTopicsDownloaded,
  expectPageOffline,
  openSubject,
  resourcesNav,
  waitForServiceWorker,
} from '../support/study.ts';
import { isPhone, signIn } from '../support/ui.ts';

/** A w × h PNG of grey stripes (a stand-in for an ECG strip), made here: no fixture file. */
function stripesPng(w: number, h: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body) >>> 0, 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.alloc((w + 1) * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) rows[y * (w + 1) + 1 + x] = (x >> 4) % 2 ? 90 : 220;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const STEM = 'A 67-year-old has palpitations. Which rhythm does this ECG show?';
const EXPLANATION =
  'Irregularly irregular narrow complexes without P waves: atrial fibrillation. Rate control and anticoagulation by the CHA2DS2-VASc score come next. '.repeat(
    3,
  );

const box = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

test('an admin puts a picture in a question; a student answers it offline and reviews it', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(240_000);
  const { admin, t, built } = await adminWithTopic(testInfo);
  const quizName = `ECG MCQs ${t}`;
  const picture = `ecg-${t}.png`;
  await signIn(page, admin.email, admin.password, `/admin/topic/${built.topicId}`);
  await page.getByRole('tab', { name: /MCQs/ }).click();
  await page.getByRole('button', { name: 'New Quiz' }).click();
  const d = page.getByRole('dialog', { name: 'New quiz' });
  await d.getByLabel('Quiz name').fill(quizName);
  await d.getByRole('button', { name: 'Create Quiz' }).click();
  await expect(page).toHaveURL(/\/admin\/mcq-quiz\/[^/]+\/edit$/);

  let questionId = '';
  await test.step('the stem gets an uploaded picture in the rich editor; options and explanation', async () => {
    await box(page, 'Question').click();
    await page.keyboard.type(STEM);
    await page
      .getByRole('toolbar', { name: 'Question formatting' })
      .getByRole('button', { name: 'Image' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Insert image' });
    await expectNoSeriousA11y(page, 'quiz editor: image dialog');
    await dialog
      .getByLabel(/Upload a PNG or JPEG/)
      .setInputFiles({ name: picture, mimeType: 'image/png', buffer: stripesPng(480, 640) });
    await expect(dialog).toBeHidden();
    await box(page, 'Option A').click();
    await page.keyboard.type('Atrial fibrillation');
    await box(page, 'Option B').click();
    await page.keyboard.type('Sinus rhythm');
    await box(page, 'Option C (optional)').click();
    await page.keyboard.type('Atrial flutter with 2:1 block & <variable> conduction');
    await box(page, 'Explanation (optional)').click();
    await page.keyboard.type(EXPLANATION.trim());
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview.getByRole('img', { name: picture })).toBeVisible();
    await expect(preview.getByRole('radio', { name: /2:1 block & <variable> conduction/ })).toBeVisible();
    await expectNoSeriousA11y(page, 'quiz editor: a question with a picture');
    await shot(page, testInfo, 'quiz-editor-picture');
    const added = page.waitForResponse(
      (r) => /\/api\/admin\/quizzes\/[^/]+\/questions$/.test(r.url()) && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Add Question' }).click();
    const res = await added;
    expect(res.status()).toBe(201);
    const body = (await res.json()) as { question: { id: string; question: string } };
    questionId = body.question.id;
    expect(body.question.question).toMatch(/^<p>A 67-year-old .*<img src="\/files\/[^"]+"/);
    await expect(page.getByText('1 question', { exact: true })).toBeVisible();
  });

  await test.step('item statistics for the question, with the mis-keyed warning', async () => {
    await page.route('**/api/admin/quizzes/*/item-stats', (route) =>
      route.fulfill({
        json: {
          quizId: new URL(page.url()).pathname.split('/')[3],
          computedAt: Date.now(),
          items: [
            {
              questionId,
              answers: 42,
              percentCorrect: 31,
              optionCounts: [13, 4, 25, 0, 0],
              discrimination: 0.12,
              possiblyMiskeyed: true,
            },
          ],
        },
      }),
    );
    await page.reload();
    await page
      .getByRole('navigation', { name: 'Questions' })
      .getByRole('button', { name: /^1\. A 67/ })
      .click();
    const panel = page.getByRole('region', { name: 'Item statistics' });
    await expect(panel.getByRole('note')).toHaveText(
      'Possibly mis-keyed: option C drew more students than the key (A).',
    );
    await expect(panel.getByText('0.12')).toBeVisible();
    await panel.scrollIntoViewIfNeeded();
    await expectNoSeriousA11y(page, 'quiz editor: item statistics');
    await shot(page, testInfo, 'quiz-item-stats');
    await page.unroute('**/api/admin/quizzes/*/item-stats');
  });

  await page.context().clearCookies();
  const student = await createUser({ prefix: 'qpic' });
  await page.goto('/');
  await signIn(page, student.email, student.password);
  await expect(page.getByRole('main').getByRole('link', { name: new RegExp(built.module) })).toBeVisible({
    timeout: 30_000,
  });
  await openSubject(page, built.module, built.subject);
  if (isPhone(page)) {
    // On a phone the Topics panel is a dialog: opened to see the topic downloaded, then closed.
    await page
      .getByRole('main')
      .getByRole('button', { name: /Topics/ })
      .first()
      .click();
    await expectAllTopicsDownloaded(page, [built.topic]);
    await page.getByRole('dialog').last().getByRole('button', { name: 'Close panel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  } else await expectAllTopicsDownloaded(page, [built.topic]);
  await waitForServiceWorker(page);

  await test.step('offline: the picture in the quiz player; checking keeps the question in view', async () => {
    await context.setOffline(true);
    await expectPageOffline(page);
    await resourcesNav(page)
      .getByRole('link', { name: new RegExp(`^${quizName}`) })
      .click();
    const quiz = page.getByRole('region', { name: `Quiz: ${quizName}` });
    const question = quiz.getByRole('article', { name: 'Question' });
    const img = question.getByRole('img', { name: picture });
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
      .toBeGreaterThan(100);
    await expect(question.getByRole('radio', { name: /2:1 block & <variable> conduction/ })).toBeVisible();
    await expectNoSeriousA11y(page, 'quiz player: a question with a picture');
    await question.getByRole('radio', { name: /Sinus rhythm/ }).click();
    await quiz.getByRole('button', { name: 'Check Answer' }).click();
    await expect(quiz.getByRole('status')).toHaveText('Incorrect. The correct answer is A.');
    await page.waitForTimeout(800); // the smooth scroll settles
    await expect(quiz.getByText('Question 1 of 1')).toBeInViewport();
    await expect(question.getByText(/^A 67-year-old has palpitations/)).toBeInViewport();
    await expectNoSeriousA11y(page, 'quiz player: checked, with a picture');
    await shot(page, testInfo, 'quiz-player-picture-checked');
  });

  await test.step('offline: Quiz Complete says the score, no success tick; Review answers', async () => {
    const quiz = page.getByRole('region', { name: `Quiz: ${quizName}` });
    await quiz.getByRole('button', { name: 'Next Question' }).click();
    await expect(quiz.getByRole('heading', { name: 'Quiz Complete' })).toBeVisible();
    await expect(quiz.getByText('You scored 0 out of 1 (0%).')).toBeVisible();
    await expect(quiz.locator('[data-mark="success"]')).toHaveCount(0);
    await expect(quiz.getByRole('button', { name: 'Restart Quiz' })).toBeVisible();
    await quiz.getByRole('button', { name: 'Review answers' }).click();
    const review = quiz.getByRole('region', { name: 'Review answers' });
    const item = review.getByRole('listitem', { name: 'Question 1: incorrect' });
    await expect(item.getByRole('img', { name: picture })).toBeVisible();
    await expect(item).toContainText('Your answer:B.Sinus rhythm');
    await expect(item).toContainText('Correct answer:A.Atrial fibrillation');
    await expect(item).toContainText('Irregularly irregular narrow complexes');
    await expectNoSeriousA11y(page, 'quiz player: review answers');
    await shot(page, testInfo, 'quiz-review-answers');
    await context.setOffline(false);
  });
});
