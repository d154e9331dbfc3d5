// Journey (issue 4, MCQ player and lecture viewer): a new student syncs once, opens the study page, and
// with the network off answers a quiz to 'Quiz Complete' and restarts it, then reads a lecture: font
// size, a recall passage revealed, and a jump by 'On This Page'.
import { expect, test } from '@playwright/test';
import { createUser } from '../support/accounts.ts';
import {
  expectAllTopicsDownloaded,
  expectPageOffline,
  moduleGroup,
  openSubject,
  pressOnPlayer,
  resourcesNav,
  STUDY,
  waitForServiceWorker,
} from '../support/study.ts';
import { signIn } from '../support/ui.ts';
import { expectNoSeriousA11y } from '../support/a11y.ts';

const F = STUDY.foundations;
const QUIZ = 'Organelles Quiz';
const LECTURE = 'The Eukaryotic Cell and Its Organelles';

test('offline: a quiz to Quiz Complete and restart; a lecture with font size, recall and On This Page', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const user = await createUser({ prefix: 'quizlecture' });
  await test.step('sign in, sync once, download the subject, then go offline', async () => {
    await signIn(page, user.email, user.password);
    await expect(moduleGroup(page, 'UG-1').getByRole('link', { name: new RegExp(F.module) })).toBeVisible({
      timeout: 20_000,
    });
    await openSubject(page, F.module, F.subject);
    await expectAllTopicsDownloaded(page, F.topics);
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await expectPageOffline(page);
  });

  const quiz = page.getByRole('region', { name: `Quiz: ${QUIZ}` });
  await test.step('offline: answer the quiz to Quiz Complete', async () => {
    await resourcesNav(page)
      .getByRole('link', { name: new RegExp(`^${QUIZ}`) })
      .click();
    await expect(page).toHaveURL(/\?quiz=/);
    await expect(quiz.getByText('Question 1 of 3')).toBeVisible();
    const options = quiz.getByRole('radiogroup', { name: 'Answer options' }).getByRole('radio');
    const check = quiz.getByRole('button', { name: 'Check Answer' });
    await expect(check).toBeDisabled();
    await expectNoSeriousA11y(page, 'quiz: question');

    // Question 1 by keyboard: A chooses, Enter checks, Enter goes on.
    await pressOnPlayer(page, 'a');
    await expect(options.first()).toHaveAttribute('aria-checked', 'true');
    await pressOnPlayer(page, 'Enter');
    await expect(quiz.getByRole('status')).toHaveText(
      /^(Correct!|Incorrect\. The correct answer is [A-E]\.)$/,
    );
    await expect(options.first()).toHaveAttribute('aria-disabled', 'true');
    await expect(quiz.getByRole('region', { name: 'Explanation' })).toBeVisible();
    await expectNoSeriousA11y(page, 'quiz: checked');
    await pressOnPlayer(page, 'Enter');

    // Questions 2 and 3 with the mouse.
    for (const n of [2, 3]) {
      await expect(quiz.getByText(`Question ${n} of 3`)).toBeVisible();
      await options.nth(1).click();
      await expect(options.nth(1)).toHaveAttribute('aria-checked', 'true');
      await check.click();
      await expect(quiz.getByRole('status')).toBeVisible();
      // The correct option is marked with text, not by colour alone.
      await expect(options.filter({ hasText: /Correct answer|Your answer · Correct/ })).toHaveCount(1);
      await quiz.getByRole('button', { name: 'Next Question' }).click();
    }
    await expect(quiz.getByRole('heading', { name: 'Quiz Complete' })).toBeVisible();
    await expect(quiz.getByLabel('Score')).toHaveText(/^[0-3] \/ 3\s*\d+%$/);
    await expectNoSeriousA11y(page, 'quiz: complete');
  });

  await test.step('offline: Restart Quiz starts again from question 1', async () => {
    await quiz.getByRole('button', { name: 'Restart Quiz' }).click();
    await expect(quiz.getByText('Question 1 of 3')).toBeVisible();
    await expect(quiz.getByRole('radio', { checked: true })).toHaveCount(0);
  });

  await test.step('offline: the lecture — font size, recall, On This Page', async () => {
    await resourcesNav(page).getByRole('link', { name: LECTURE }).click();
    await expect(page).toHaveURL(/\?lecture=/);
    const article = page.getByRole('article', { name: LECTURE });
    await expect(article).toBeVisible();
    const body = article.locator('.lecture-body');
    await expect(body).toHaveCSS('font-size', '16px');
    await expectNoSeriousA11y(page, 'lecture');
    await article.getByRole('button', { name: 'Increase font size' }).click();
    await article.getByRole('button', { name: 'Increase font size' }).click();
    await article.getByRole('button', { name: 'Decrease font size' }).click();
    await expect(body).toHaveCSS('font-size', '17px');
    expect(await page.evaluate(() => localStorage.getItem('zan.lectureFontSize'))).toBe('17');

    await article.getByRole('switch', { name: 'Recall mode' }).click();
    const hidden = body.getByRole('button', { name: /Click to reveal/ });
    const count = await hidden.count();
    expect(count).toBeGreaterThan(0);
    const first = body.locator('[data-recall-index="0"]');
    await first.click();
    await expect(first).toHaveAttribute('data-recall', 'revealed');
    await expect(hidden).toHaveCount(count - 1);
    await hidden.first().focus();
    await page.keyboard.press('Enter');
    await expect(hidden).toHaveCount(count - 2);
    await expectNoSeriousA11y(page, 'lecture: recall mode');

    const outline = page.getByRole('region', { name: 'On This Page' });
    await outline.getByRole('link', { name: 'Energy: the mitochondrion' }).click();
    const heading = body.getByRole('heading', { name: 'Energy: the mitochondrion' });
    await expect(heading).toHaveAttribute('data-highlight', 'true');
    await expect(heading).toBeInViewport();
  });
});
