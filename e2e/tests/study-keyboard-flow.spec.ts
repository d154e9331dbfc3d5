// Journey (issue 11, keyboard and flow): a student clicks around the study page and keeps using the
// keyboard — Space and digits act on the card whatever was clicked last; another topic opens in one
// click while a resource is open; the quiz explanation is never under the 'Next Question' bar; resource
// titles are shown whole in their cards and the chip row shows that it scrolls.
import { expect, test, type Page } from '@playwright/test';
import { createUser } from '../support/accounts.ts';
import { expectNoSeriousA11y } from '../support/a11y.ts';
import {
  answerFace,
  expectCounts,
  modeButton,
  openDeck,
  openSubject,
  player,
  questionFace,
  ratingGroup,
  resourcesNav,
  STUDY,
  topicsPanel,
} from '../support/study.ts';
import { signIn } from '../support/ui.ts';

const F = STUDY.foundations;
const QUIZ = 'Organelles Quiz';
const LECTURE = 'The Eukaryotic Cell and Its Organelles';

async function studentOnSubject(page: Page, prefix: string): Promise<void> {
  const user = await createUser({ prefix });
  await signIn(page, user.email, user.password);
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(
    ["Today's review", 'Offline study', 'Global', 'UG-1'],
    {
      timeout: 20_000,
    },
  );
  await openSubject(page, F.module, F.subject);
}

test('after a click on Suspend or the SRS / Free toggle, Space and digits act on the card', async ({
  page,
}) => {
  await studentOnSubject(page, 'keys');
  await openDeck(page, F.deck);
  await expectCounts(page, { new: F.deckSize, due: 0, suspended: 0 });

  // A mouse click on Suspend, then Space: the answer shows; nothing else is suspended.
  await player(page, F.deck).getByRole('button', { name: 'Suspend', exact: true }).click();
  await expectCounts(page, { new: F.deckSize - 1, due: 0, suspended: 1 });
  await page.keyboard.press('Space');
  await expect(answerFace(page)).toBeVisible();
  await expectCounts(page, { new: F.deckSize - 1, due: 0, suspended: 1 });
  // …and a digit rates it.
  await page.keyboard.press('3');
  await expect(ratingGroup(page)).toHaveCount(0);
  await expectCounts(page, { new: F.deckSize - 2, due: 0, suspended: 1 });

  // A click on 'Free' then on 'SRS', then Space: the card flips, the mode stays SRS.
  await modeButton(page, 'Free').click();
  await modeButton(page, 'SRS').click();
  await expect(questionFace(page)).toBeVisible();
  await page.keyboard.press('Space');
  await expect(answerFace(page)).toBeVisible();
  await expect(modeButton(page, 'SRS')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('3');
  await expectCounts(page, { new: F.deckSize - 3, due: 0, suspended: 1 });

  // A click on a rating button, then Space: the next card flips (the button is not pressed again).
  await page.keyboard.press('Space');
  await ratingGroup(page).getByRole('button', { name: /^Good/ }).click();
  await expectCounts(page, { new: F.deckSize - 4, due: 0, suspended: 1 });
  await page.keyboard.press('Space');
  await expect(answerFace(page)).toBeVisible();
  await expectCounts(page, { new: F.deckSize - 4, due: 0, suspended: 1 });
});

test('with a deck, a lecture or a quiz open, one click on another topic opens that topic', async ({
  page,
}) => {
  await studentOnSubject(page, 'topics');
  const [first, second] = F.topics;
  const topicButton = (name: string) =>
    topicsPanel(page).getByRole('button', { name: new RegExp(`^${name}`) });
  const openResource = async (name: RegExp) => {
    await topicButton(first).click();
    await expect(topicButton(first)).toHaveAttribute('aria-current', 'true');
    await resourcesNav(page).getByRole('link', { name }).first().click();
  };
  for (const [name, url] of [
    [new RegExp(`^${F.deck}\\s*\\d+ cards?$`), /\/deck\//],
    [new RegExp(`^${LECTURE}`), /\?lecture=/],
    [new RegExp(`^${QUIZ}`), /\?quiz=/],
  ] as const) {
    await openResource(name);
    await expect(page).toHaveURL(url);
    await topicButton(second).click();
    await expect(page).toHaveURL(/\/study\/subject\/[^/?]+$/);
    await expect(topicButton(second)).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('main').getByRole('navigation', { name: 'Breadcrumb' })).toContainText(
      second,
    );
  }
});

/**
 * After 'Check Answer' the counter is on screen (issue 19: the counter and stem stay in view; the
 * explanation may be a scroll away on a phone); scrolled down, the explanation shows whole and clear of
 * the sticky bar.
 */
async function expectExplanationClear(page: Page): Promise<void> {
  const quiz = page.getByRole('region', { name: `Quiz: ${QUIZ}` });
  const explanation = quiz.getByRole('region', { name: 'Explanation' });
  await expect(quiz.getByText(/Question \d of 3/)).toBeInViewport();
  // On a phone a long question's explanation starts below the fold: it is a scroll away.
  await expect(explanation).toBeVisible();
  await explanation.hover();
  await page.mouse.wheel(0, 2000);
  await expect(explanation).toBeInViewport({ ratio: 1 });
  const bar = quiz.getByRole('button', { name: 'Next Question' });
  // The explanation's bottom edge is above the bar's top edge (it may scroll there smoothly).
  await expect
    .poll(async () => {
      const e = (await explanation.boundingBox())!;
      const b = (await bar.boundingBox())!;
      return Math.round(b.y - (e.y + e.height));
    })
    .toBeGreaterThanOrEqual(0);
}

test('the quiz explanation is never under the Next Question bar, desktop and phone', async ({ page }) => {
  await studentOnSubject(page, 'quizbar');
  await resourcesNav(page)
    .getByRole('link', { name: new RegExp(`^${QUIZ}`) })
    .click();
  const quiz = page.getByRole('region', { name: `Quiz: ${QUIZ}` });
  for (const size of [
    { width: 1280, height: 720 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await expect(quiz.getByText(/Question \d of 3/)).toBeVisible();
    await quiz.getByRole('radiogroup', { name: 'Answer options' }).getByRole('radio').first().click();
    await quiz.getByRole('button', { name: 'Check Answer' }).click();
    await expectExplanationClear(page);
    await expectNoSeriousA11y(page, `quiz explanation ${size.width}px`);
    await quiz.getByRole('button', { name: 'Next Question' }).click();
  }
});

test('resource titles show whole in their cards; the chip row says that it scrolls', async ({ page }) => {
  await studentOnSubject(page, 'chips');
  // The topic's home: every resource title is shown whole (no ellipsis).
  const titles = resourcesNav(page).getByRole('link').locator('span.font-medium');
  await expect(titles.first()).toBeVisible();
  expect(await titles.count()).toBeGreaterThanOrEqual(3);
  for (const title of await titles.all()) {
    expect(
      await title.evaluate(
        (el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight + 1,
      ),
    ).toBe(true);
  }
  await expect(resourcesNav(page).getByRole('link', { name: new RegExp(LECTURE) })).toContainText(LECTURE);

  // A phone-wide strip of chips overflows: a 'more' button shows and scrolls it; at the end it goes.
  await page.setViewportSize({ width: 390, height: 844 });
  await openDeck(page, F.deck);
  const strip = resourcesNav(page);
  const more = strip.getByRole('button', { name: 'Scroll resources right' });
  const back = strip.getByRole('button', { name: 'Scroll resources left' });
  await expect(more).toBeVisible();
  await expect(back).toBeHidden();
  await expectNoSeriousA11y(page, 'resource strip, phone');
  const scroller = strip.getByRole('list');
  const before = await scroller.evaluate((el) => el.parentElement!.scrollLeft);
  await more.click();
  await expect.poll(() => scroller.evaluate((el) => el.parentElement!.scrollLeft)).toBeGreaterThan(before);
  await expect(back).toBeVisible();
  // Scrolled to the end (smoothly), the right-hand button goes.
  await expect(async () => {
    if (await more.isVisible()) await more.click({ timeout: 1_000 });
    await expect(more).toBeHidden({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await back.click();
  await expect(more).toBeVisible();
});
