// Journey (issue 4, items 3 and 5): after one online sync, with the network off, a student browses the
// deck browser to a deck, studies a few cards from its link, sees the counts change, resets the deck back
// to all new, and reads the active announcements of their year (newest first, the expired one left out).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createUser } from '../support/accounts.ts';
import {
  expectAllTopicsDownloaded,
  expectCounts,
  expectPageOffline,
  openSubject,
  player,
  rateWithKeyboard,
  STUDY,
  waitForServiceWorker,
} from '../support/study.ts';
import { signIn } from '../support/ui.ts';
import { expectNoSeriousA11y } from '../support/a11y.ts';

const F = STUDY.foundations;
const mainNav = (page: Page, name: string): Locator =>
  page.getByRole('banner').getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
const deckLinkName = new RegExp(`^${F.deck}`);
const deckLink = (page: Page): Locator => page.getByRole('main').getByRole('link', { name: deckLinkName });
const deckRow = (page: Page): Locator =>
  page
    .getByRole('main')
    .locator('[data-deck-row]')
    .filter({ has: page.getByRole('link', { name: deckLinkName }) });

async function expectRowCounts(
  page: Page,
  c: { new: number; due: number; suspended: number },
): Promise<void> {
  const row = deckRow(page);
  await expect(row.locator('[data-count="new"]')).toHaveText(`${c.new}new`);
  await expect(row.locator('[data-count="due"]')).toHaveText(`${c.due}due`);
  await expect(row.locator('[data-count="suspended"]')).toHaveText(`${c.suspended}suspended`);
}

/** Demo announcements of 'First Year, 2025-2026', newest event date first (the expired tour left out). */
const ANNOUNCEMENTS = [
  ['Holiday', 'Mid-semester break'],
  ['Exam', 'Cardiovascular formative MCQ exam'],
  ['Event', 'Basic Life Support workshop'],
  ['Reminder', 'Anatomy logbook sign-off deadline'],
  ['General', 'Welcome to First Year on Zan'],
] as const;

test('offline: browse /zancards to a deck, study it, see the counts change, reset it; read announcements', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const user = await createUser({ prefix: 'zancards' });
  const context = await browser.newContext();
  try {
    const page = await context.newPage();

    await test.step('online once: sign in, sync, download the subject', async () => {
      await signIn(page, user.email, user.password);
      await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(
        ["Today's review", 'Offline study', 'Global', 'UG-1'],
        {
          timeout: 20_000,
        },
      );
      await openSubject(page, F.module, F.subject);
      await expectAllTopicsDownloaded(page, F.topics);
      await waitForServiceWorker(page);
    });

    await test.step('offline: the deck browser opens to the deck with its counts', async () => {
      await context.setOffline(true);
      await expectPageOffline(page);
      await mainNav(page, 'Zancards').click();
      await expect(page).toHaveURL(/\/zancards$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Deck Browser' })).toBeVisible();
      const main = page.getByRole('main');
      await expect(main.getByRole('button', { name: /UG-1/ })).toHaveAttribute('aria-expanded', 'true');
      for (const name of [F.module, F.subject, F.topics[0]]) {
        const branch = main.getByRole('button', { name: new RegExp(name) });
        await expect(branch).toHaveAttribute('aria-expanded', 'false');
        await branch.click();
        await expect(branch).toHaveAttribute('aria-expanded', 'true');
      }
      await expect(deckLink(page)).toBeVisible();
      await expect(deckRow(page)).toContainText(`${F.deckSize} cards`);
      await expectRowCounts(page, { new: F.deckSize, due: 0, suspended: 0 });
      await expectNoSeriousA11y(page, 'deck browser offline');
    });

    await test.step('offline: study two cards and suspend one from the deck link', async () => {
      await deckLink(page).click();
      await expect(page).toHaveURL(/\/study\/subject\/[^/]+\/deck\/[^/]+$/);
      await expect(player(page, F.deck)).toBeVisible();
      await expectCounts(page, { new: F.deckSize, due: 0, suspended: 0 });
      await rateWithKeyboard(page, '3');
      await rateWithKeyboard(page, '3');
      await player(page, F.deck).getByRole('button', { name: 'Suspend', exact: true }).click();
      await expectCounts(page, { new: F.deckSize - 3, due: 0, suspended: 1 });
    });

    await test.step('offline: back in the deck browser the counts changed (the tree stayed open)', async () => {
      await mainNav(page, 'Zancards').click();
      await expect(page).toHaveURL(/\/zancards$/);
      await expectRowCounts(page, { new: F.deckSize - 3, due: 0, suspended: 1 });
    });

    await test.step('offline: reset the deck after confirming: all new again', async () => {
      await page.getByRole('button', { name: `Reset progress of ${F.deck}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Reset deck progress?' });
      await expect(dialog).toBeVisible();
      await expectNoSeriousA11y(page, 'deck browser: reset dialog');
      await dialog.getByRole('button', { name: 'Reset Progress' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByText(`Progress of ${F.deck} reset: 3 records deleted.`)).toBeVisible();
      await expectNoSeriousA11y(page, 'deck browser: reset done');
      await expectRowCounts(page, { new: F.deckSize, due: 0, suspended: 0 });
      await expect(page.getByRole('button', { name: `Reset progress of ${F.deck}` })).toBeDisabled();
    });

    await test.step('offline: the active announcements of the year, newest first', async () => {
      await mainNav(page, 'Announcements').click();
      await expect(page).toHaveURL(/\/announcements$/);
      const cards = page.getByRole('list', { name: 'Announcements' }).getByRole('article');
      await expect(cards.getByRole('heading', { level: 2 })).toHaveText(
        ANNOUNCEMENTS.map(([, title]) => title),
      );
      for (const [i, [type]] of ANNOUNCEMENTS.entries()) await expect(cards.nth(i)).toContainText(type);
      await expect(page.getByText('Induction week campus tour')).toHaveCount(0);
      await expectNoSeriousA11y(page, 'announcements');
    });
  } finally {
    await context.close();
  }
});
