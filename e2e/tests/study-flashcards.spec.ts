// Journeys (issue 3): the flashcard player online — the SRS / Free mode toggle (persisted), free mode's
// 'PROGRESS x / y' and 'Next Card', the 'Complete!' screen with 'Free Study', and unsuspending a card
// from the right sidebar. Each test signs in its own student on the global module's 5-card deck.
import { expect, test, type Page } from '@playwright/test';
import { createUser } from '../support/accounts.ts';
import {
  answerFace,
  currentQuestion,
  expectCounts,
  expectSuspendedListed,
  modeButton,
  openDeck,
  openSubject,
  player,
  pressOnPlayer,
  questionFace,
  rateWithKeyboard,
  STUDY,
  suspendedItems,
  suspendedPanel,
} from '../support/study.ts';
import { signIn } from '../support/ui.ts';
import { expectNoSeriousA11y } from '../support/a11y.ts';

const D = STUDY.bedside;
const progressLine = (page: Page) => page.getByLabel('Progress', { exact: true });

async function studentOnDeck(page: Page): Promise<void> {
  const user = await createUser({ prefix: 'cards' });
  await signIn(page, user.email, user.password);
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(
    ["Today's review", 'Offline study', 'Global', 'UG-1'],
    {
      timeout: 20_000,
    },
  );
  await openSubject(page, D.module, D.subject);
  await openDeck(page, D.deck);
}

test('the SRS / Free toggle persists across a reload; free mode shows PROGRESS x / y and Next Card', async ({
  page,
}) => {
  await studentOnDeck(page);
  // Default: SRS with its counts and rating buttons.
  await expect(modeButton(page, 'SRS')).toHaveAttribute('aria-pressed', 'true');
  await expect(modeButton(page, 'Free')).toHaveAttribute('aria-pressed', 'false');
  await expectCounts(page, { new: D.deckSize, due: 0, suspended: 0 });
  await expectNoSeriousA11y(page, 'flashcards: question');

  await modeButton(page, 'Free').click();
  await expect(modeButton(page, 'Free')).toHaveAttribute('aria-pressed', 'true');
  await expect(progressLine(page)).toHaveText(`PROGRESS 1 / ${D.deckSize}`);
  await expect(page.getByLabel('Card counts')).toHaveCount(0);

  // Free mode: Show Answer, then 'Next Card' (no ratings); Space goes on to the next card.
  await page.getByRole('button', { name: 'Show Answer' }).click();
  await expect(answerFace(page)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Rate this card' })).toHaveCount(0);
  await expectNoSeriousA11y(page, 'flashcards free: answer');
  await page.getByRole('button', { name: 'Next Card' }).click();
  await expect(progressLine(page)).toHaveText(`PROGRESS 2 / ${D.deckSize}`);
  await pressOnPlayer(page, 'Space');
  await expect(page.getByRole('button', { name: 'Next Card' })).toBeVisible();
  await pressOnPlayer(page, 'Space');
  await expect(progressLine(page)).toHaveText(`PROGRESS 3 / ${D.deckSize}`);
  // Free mode records nothing: the deck is still all new.
  await modeButton(page, 'SRS').click();
  await expectCounts(page, { new: D.deckSize, due: 0, suspended: 0 });
  await modeButton(page, 'Free').click();

  // The mode survives a reload (stored locally).
  await page.reload();
  await expect(player(page, D.deck)).toBeVisible();
  await expect(modeButton(page, 'Free')).toHaveAttribute('aria-pressed', 'true');
  await expect(progressLine(page)).toHaveText(`PROGRESS 1 / ${D.deckSize}`);

  await modeButton(page, 'SRS').click();
  await page.reload();
  await expect(player(page, D.deck)).toBeVisible();
  await expect(modeButton(page, 'SRS')).toHaveAttribute('aria-pressed', 'true');
  await expectCounts(page, { new: D.deckSize, due: 0, suspended: 0 });
});

test("finishing the SRS queue shows 'Complete!', and 'Free Study' switches to free mode", async ({
  page,
}) => {
  await studentOnDeck(page);
  const seen = new Set<string>();
  for (let i = 0; i < D.deckSize; i++) {
    seen.add(await rateWithKeyboard(page, '3'));
    await expectCounts(page, { new: D.deckSize - 1 - i, due: 0, suspended: 0 });
  }
  expect(seen.size).toBe(D.deckSize);
  await expect(page.getByRole('heading', { name: 'Complete!' })).toBeVisible();
  await expect(questionFace(page)).toHaveCount(0);
  await expectNoSeriousA11y(page, 'flashcards: complete');

  await page.getByRole('button', { name: 'Free Study' }).click();
  await expect(modeButton(page, 'Free')).toHaveAttribute('aria-pressed', 'true');
  await expect(progressLine(page)).toHaveText(`PROGRESS 1 / ${D.deckSize}`);
  await expect(questionFace(page)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Complete!' })).toHaveCount(0);
  // The SRS queue stays empty after a reload; the reviewed cards are not new any more.
  await modeButton(page, 'SRS').click();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Complete!' })).toBeVisible();
  await expectCounts(page, { new: 0, due: 0, suspended: 0 });
});

test('suspending a card lists it in the sidebar; Unsuspend returns it to the queue', async ({ page }) => {
  await studentOnDeck(page);
  await expect(suspendedPanel(page)).toContainText('No suspended cards in this deck.');

  const suspended = await currentQuestion(page);
  await player(page, D.deck).getByRole('button', { name: 'Suspend', exact: true }).click();
  await expectCounts(page, { new: D.deckSize - 1, due: 0, suspended: 1 });
  await expectSuspendedListed(page, suspended);
  await expectNoSeriousA11y(page, 'flashcards: suspended listed');
  await expect(questionFace(page)).toBeVisible();
  expect(await currentQuestion(page)).not.toBe(suspended);

  // Survives a reload (stored locally), then comes back with Unsuspend.
  await page.reload();
  await expect(player(page, D.deck)).toBeVisible();
  await expectCounts(page, { new: D.deckSize - 1, due: 0, suspended: 1 });
  await expectSuspendedListed(page, suspended);
  await suspendedItems(page).getByRole('button', { name: 'Unsuspend' }).click();
  await expect(suspendedItems(page)).toHaveCount(0);
  await expect(suspendedPanel(page)).toContainText('No suspended cards in this deck.');
  await expectCounts(page, { new: D.deckSize, due: 0, suspended: 0 });

  // The whole queue now includes the returned card: rate through to Complete!.
  const seen: string[] = [];
  for (let i = 0; i < D.deckSize; i++) seen.push(await rateWithKeyboard(page, '3'));
  expect(seen).toContain(suspended);
  expect(new Set(seen).size).toBe(D.deckSize);
  await expect(page.getByRole('heading', { name: 'Complete!' })).toBeVisible();
  await expectCounts(page, { new: 0, due: 0, suspended: 0 });
});
