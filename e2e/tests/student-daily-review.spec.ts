// Journey (issue 18, the daily review): a student answers a deck's cards 'Again' on one device; on a new
// device they sign in, find their modules kept offline by themselves and the due cards counted on the
// dashboard, run 'Review all due' (the due cards first, then new ones within the daily limit of 20),
// undo one answer there (the server drops it), and see a deck in Free mode say so with 'Back to SRS'.
// axe-core at desktop and phone widths.
import { expect, test, type Page } from '@playwright/test';
import { createUser } from '../support/accounts.ts';
import { expectNoSeriousA11y } from '../support/a11y.ts';
import {
  currentQuestion,
  modeButton,
  openDeck,
  openSubject,
  player,
  pressOnPlayer,
  rateWithKeyboard,
  STUDY,
  serverProgress,
} from '../support/study.ts';
import { signIn } from '../support/ui.ts';

const D = STUDY.bedside;
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

const reviewPanel = (page: Page) => page.getByRole('region', { name: "Today's review" });
const offlinePanel = (page: Page) => page.getByRole('region', { name: 'Offline study' });
const cardsLeft = (page: Page) => page.getByLabel('Cards left', { exact: true });

async function leftCounts(page: Page): Promise<{ due: number; fresh: number }> {
  const text = (await cardsLeft(page).innerText()).replace(/\s+/g, ' ');
  const m = /DUE (\d+) NEW (\d+)/.exec(text);
  if (!m) throw new Error(`no counts in '${text}'`);
  return { due: Number(m[1]), fresh: Number(m[2]) };
}

test('daily review: kept offline on a new device, due counts, Review all due within the limit, Undo, Free mode banner', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const user = await createUser({ prefix: 'daily' });
  const deviceA = await browser.newContext();
  const deviceB = await browser.newContext({ viewport: DESKTOP });
  const rated: string[] = [];

  await test.step('device A: every card of a deck answered Again (due in a minute), uploaded', async () => {
    const a = await deviceA.newPage();
    await signIn(a, user.email, user.password);
    await expect(reviewPanel(a)).toBeVisible({ timeout: 20_000 });
    await openSubject(a, D.module, D.subject);
    await openDeck(a, D.deck);
    for (let i = 0; i < D.deckSize; i++) rated.push(await rateWithKeyboard(a, '1'));
    await expect
      .poll(async () => (await serverProgress(deviceA)).records.length, { timeout: 30_000 })
      .toBe(D.deckSize);
    await deviceA.close();
  });
  const ratedAt = Date.now();

  const b = await deviceB.newPage();
  await test.step('new device: modules kept offline by themselves, due counts on the dashboard', async () => {
    await signIn(b, user.email, user.password);
    await expect(offlinePanel(b)).toContainText('Everything is on this device', { timeout: 60_000 });
    // 'Again' schedules a minute ahead. The minute is not waited for (nor asserted unfinished: a slow
    // sign-in may outlast it): the page's clock becomes Playwright's (it runs with real time) and moves
    // on to a minute after the answers; the dashboard, opened again, counts at that time. Installed only now, after the app has loaded:
    // Dexie tells a Date by the Date constructor it saw at load, and took the stored dates for plain
    // objects when that was Playwright's ('this is not a Date object').
    await deviceB.clock.install();
    await b.clock.fastForward(Math.max(0, ratedAt + 61_000 - Date.now()));
    await b.getByRole('banner').getByRole('link', { name: 'Stats' }).click();
    await expect(b).toHaveURL(/\/stats/);
    await b.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
    await expect(b.getByTestId('due-total')).toContainText(`${D.deckSize} cards are due.`);
    const moduleCard = b
      .getByRole('main')
      .getByRole('link', { name: new RegExp(D.module) })
      .first();
    await expect(moduleCard).toContainText(`${D.deckSize} due`);
    await b.screenshot({ path: testInfo.outputPath('dashboard-1280.png'), fullPage: true });
    await expectNoSeriousA11y(b, 'dashboard with due counts (desktop)');
    await b.setViewportSize(PHONE);
    await expect(b.getByTestId('due-total')).toBeVisible();
    await b.screenshot({ path: testInfo.outputPath('dashboard-375.png'), fullPage: true });
    await expectNoSeriousA11y(b, 'dashboard with due counts (phone)');
    await b.setViewportSize(DESKTOP);
  });

  await test.step("'Review all due': the due cards first, then new ones within the daily limit", async () => {
    await reviewPanel(b).getByRole('link', { name: 'Review all due' }).click();
    await expect(b).toHaveURL(/\/review$/);
    await expect(b.getByRole('heading', { level: 1, name: 'Review all due' })).toBeVisible();
    await expect(cardsLeft(b)).toBeVisible({ timeout: 20_000 });
    const start = await leftCounts(b);
    expect(start.due).toBe(D.deckSize);
    expect(start.fresh).toBeGreaterThan(0);
    expect(start.fresh).toBeLessThanOrEqual(20);
    await b.screenshot({ path: testInfo.outputPath('review-1280.png'), fullPage: true });
    await expectNoSeriousA11y(b, 'review session (desktop)');
    await b.setViewportSize(PHONE);
    await b.screenshot({ path: testInfo.outputPath('review-375.png'), fullPage: true });
    await expectNoSeriousA11y(b, 'review session (phone)');
    await b.setViewportSize(DESKTOP);

    // The first answer taken back (Ctrl+Z) after its upload: the card is shown again with the due count
    // as it was, and the server drops the review (its record is due again as after 'Again').
    const ahead = async () =>
      (await serverProgress(deviceB)).records.filter((r) => (r.dueDate ?? 0) > ratedAt + 90_000).length;
    const undone = await rateWithKeyboard(b, '3');
    expect((await leftCounts(b)).due).toBe(D.deckSize - 1);
    await expect.poll(ahead, { timeout: 30_000 }).toBe(1);
    await pressOnPlayer(b, 'Control+z');
    await expect(b.getByText('Answer undone.')).toBeVisible();
    expect(await currentQuestion(b)).toBe(undone);
    expect(await leftCounts(b)).toEqual(start);
    await expect.poll(ahead, { timeout: 30_000 }).toBe(0);

    const seen: string[] = [];
    for (let i = 0; i < D.deckSize; i++) {
      seen.push(await currentQuestion(b));
      await rateWithKeyboard(b, '3');
    }
    expect([...seen].sort()).toEqual([...rated].sort());
    await expect(cardsLeft(b)).toContainText(/DUE\s*0/);
    expect((await leftCounts(b)).fresh).toBe(start.fresh);
    // A new card next, rated: the session goes on with one new card fewer.
    await rateWithKeyboard(b, '3');
    expect((await leftCounts(b)).fresh).toBe(start.fresh - 1);
  });

  await test.step('a deck in Free mode says so, with Back to SRS', async () => {
    await b.getByRole('link', { name: 'Dashboard' }).first().click();
    await expect(b.getByTestId('due-total')).toContainText('No card is due right now.');
    await openSubject(b, D.module, D.subject);
    await openDeck(b, D.deck);
    await modeButton(b, 'Free').click();
    const note = player(b, D.deck).getByRole('note');
    await expect(note).toContainText('Free mode: answers are not scheduled');
    await expectNoSeriousA11y(b, 'deck in Free mode');
    await note.getByRole('button', { name: 'Back to SRS' }).click();
    await expect(modeButton(b, 'SRS')).toHaveAttribute('aria-pressed', 'true');
    await expect(player(b, D.deck).getByRole('note')).toHaveCount(0);
  });
  await deviceB.close();
});
