// Journey (issue 18, Account → Scheduler): a student answers a card with SM-2, switches to FSRS in
// Account (nothing written: the reviewed card's memory is derived when read, due date kept; the
// settings reach the server),
// opens a deck and sees FSRS intervals on the rating buttons and the card's stability, difficulty and
// retrievability under 'This card', then switches back to SM-2 and sees its intervals again. A second
// journey: a student with a few hundred reviews presses 'Optimize', gets personal parameters fitted to
// them (the new fit beside the default one), and finds them in use on their other device.
// axe-core on the section at desktop and phone widths; screenshots of it.
import { expect, test, type Page } from '@playwright/test';
import { createUser } from '../support/accounts.ts';
import { expectNoSeriousA11y } from '../support/a11y.ts';
import {
  answerFace,
  openDeck,
  openSubject,
  pastReviews,
  pressOnPlayer,
  questionFace,
  rateWithKeyboard,
  ratingGroup,
  serverProgress,
  STUDY,
} from '../support/study.ts';
import { signIn } from '../support/ui.ts';

const D = STUDY.bedside;
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const SHOTS = process.env['SCHEDULER_SHOTS_DIR'];

const section = (page: Page) => page.getByRole('region', { name: 'Scheduler' });
const rateButton = (page: Page, label: string) =>
  ratingGroup(page).getByRole('button', { name: new RegExp(`^${label}`) });

async function openAccount(page: Page): Promise<void> {
  await page.goto('/dashboard/account');
  await expect(section(page)).toBeVisible({ timeout: 20_000 });
}

/** The section alone, in a viewport tall enough that the sticky header does not cover it. */
async function shoot(
  page: Page,
  name: string,
  viewport: { width: number; height: number },
  outputPath: (name: string) => string,
): Promise<void> {
  await page.setViewportSize(viewport);
  await section(page).evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await section(page).screenshot({ path: outputPath(name) });
  if (SHOTS) await section(page).screenshot({ path: `${SHOTS}/${name}` });
}

async function showAnswer(page: Page): Promise<void> {
  await expect(questionFace(page)).toBeVisible();
  await pressOnPlayer(page, 'Space');
  await expect(answerFace(page)).toBeVisible();
  await expect(ratingGroup(page)).toBeVisible();
}

test('scheduler: switch to FSRS in Account, study with FSRS intervals and memory, switch back', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(180_000);
  const user = await createUser({ prefix: 'sched' });
  await page.setViewportSize(DESKTOP);
  await signIn(page, user.email, user.password);

  await test.step('SM-2: one card answered Easy (days ahead), Good on a new card says 20m', async () => {
    await openSubject(page, D.module, D.subject);
    await openDeck(page, D.deck);
    await rateWithKeyboard(page, '4');
    await showAnswer(page);
    await expect(rateButton(page, 'Good')).toContainText('20m');
  });

  await test.step('Account: FSRS with its fields, saved; the reviewed card needs no write', async () => {
    // The review is uploaded first: with its history off the device, the card's FSRS memory is derived
    // from its SM-2 state when read (on every device alike), so the switch writes nothing.
    await expect
      .poll(async () => (await serverProgress(context)).records.length, { timeout: 30_000 })
      .toBe(1);
    await openAccount(page);
    const s = section(page);
    await expect(s.getByRole('radio', { name: /SM-2 \(classic\)/ })).toBeChecked();
    await s.getByRole('radio', { name: /FSRS/ }).check();
    await expect(s.getByLabel('Desired retention')).toHaveValue('90');
    await expect(s.getByLabel('Learning steps', { exact: true })).toHaveValue('1m 10m');
    await expect(s.getByLabel('Relearning steps')).toHaveValue('10m');
    await expect(s.getByText('Default parameters')).toBeVisible();
    await expect(s.getByRole('checkbox', { name: 'Reschedule all cards' })).not.toBeChecked();
    // A clear message for steps Anki would not read; the field says it is invalid.
    await s.getByLabel('Learning steps', { exact: true }).fill('1 minute');
    await s.getByRole('button', { name: 'Save' }).click();
    await expect(s.getByLabel('Learning steps', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(s.getByText(/Write steps as Anki does/)).toBeVisible();
    await expect(s.getByLabel('Learning steps', { exact: true })).toBeFocused();
    await s.getByLabel('Learning steps', { exact: true }).fill('1m 10m');
    await s.getByLabel('Desired retention').fill('96');
    await expect(s.getByText(/Above 95 %/)).toBeVisible();
    await s.getByLabel('Desired retention').fill('90');
    await s.getByRole('button', { name: 'Save' }).click();
    await expect(s.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await expect(s.getByText(/updated on this device/)).toHaveCount(0);
    await expectNoSeriousA11y(page, 'account scheduler FSRS (desktop)');
    await shoot(page, 'scheduler-1280.png', { width: DESKTOP.width, height: 1400 }, (n) =>
      testInfo.outputPath(n),
    );
    await page.setViewportSize(PHONE);
    await expect(s.getByLabel('Desired retention')).toBeVisible();
    await expectNoSeriousA11y(page, 'account scheduler FSRS (phone)');
    await shoot(page, 'scheduler-375.png', { width: PHONE.width, height: 2000 }, (n) =>
      testInfo.outputPath(n),
    );
    await page.setViewportSize(DESKTOP);
  });

  await test.step('the settings reach the server; the card stays as SM-2 left it there', async () => {
    await expect
      .poll(
        async () => {
          const res = await context.request.get('/api/sync/scheduler-settings');
          return ((await res.json()) as { settings: { scheduler: string } | null }).settings?.scheduler;
        },
        { timeout: 30_000 },
      )
      .toBe('fsrs');
    const records = (await serverProgress(context)).records as { stability?: number | null }[];
    expect(records).toHaveLength(1);
    expect(records[0]?.stability ?? null).toBeNull();
  });

  await test.step("a deck with FSRS: its intervals on the buttons, the card's memory under 'This card'", async () => {
    await page.goto('/dashboard');
    await openSubject(page, D.module, D.subject);
    await openDeck(page, D.deck);
    await showAnswer(page);
    // FSRS learning steps 1m 10m: Again 1m, Good the second step (SM-2 said 20m).
    await expect(rateButton(page, 'Again')).toContainText('1m');
    await expect(rateButton(page, 'Good')).toContainText('10m');
    await pressOnPlayer(page, '1');
    await expect(ratingGroup(page)).toHaveCount(0);
    // The other new cards Again too; then the first comes back in the session, now with its memory.
    for (let i = 0; i < D.deckSize - 2; i++) await rateWithKeyboard(page, '1');
    const details = page.getByRole('region', { name: 'This card' });
    await expect(details).toContainText(/Stability\s*\d+\.\d days/, { timeout: 10_000 });
    await expect(details).toContainText(/Difficulty\s*\d+\.\d \/ 10/);
    await expect(details).toContainText(/Retrievability\s*\d+ %/);
  });

  await test.step('back to SM-2: saved, its intervals again', async () => {
    await openAccount(page);
    const s = section(page);
    await s.getByRole('radio', { name: /SM-2 \(classic\)/ }).check();
    await expect(s.getByLabel('Desired retention')).toHaveCount(0);
    await s.getByRole('button', { name: 'Save' }).click();
    await expect(s.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    // A deck with new cards (this one's are all in learning now): SM-2's intervals again.
    const F = STUDY.foundations;
    await page.goto('/dashboard');
    await openSubject(page, F.module, F.subject);
    await openDeck(page, F.deck);
    await showAnswer(page);
    await expect(rateButton(page, 'Good')).toContainText('20m');
  });
});

test('scheduler: Optimize fits personal parameters to the reviews, and the other device uses them', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const user = await createUser({ prefix: 'optimize' });
  await page.setViewportSize(DESKTOP);
  await signIn(page, user.email, user.password);

  await test.step('480 reviews made on another device reach the server', async () => {
    const ops = pastReviews(60, 8, Date.now());
    const push = await page.request.post('/api/sync/progress', {
      headers: { origin: new URL(page.url()).origin },
      data: { deviceId: 'e2e-optimize-other-device', ops },
    });
    expect(push.status(), await push.text()).toBe(200);
    expect((await push.json()).accepted).toHaveLength(ops.length);
  });

  let personal = '';
  await test.step("FSRS, then 'Optimize': progress, the new fit beside the default one", async () => {
    await openAccount(page);
    const s = section(page);
    await s.getByRole('radio', { name: /FSRS/ }).check();
    await s.getByRole('button', { name: 'Save' }).click();
    await expect(s.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await expect(s.getByText('Default parameters')).toBeVisible();
    await s.getByRole('button', { name: 'Optimize' }).click();
    await expect(s.getByText('New personal parameters are in use.')).toBeVisible({ timeout: 90_000 });
    await expect(s.getByRole('row', { name: /^Log loss/ })).toBeVisible();
    await expect(s.getByRole('row', { name: /^RMSE/ })).toBeVisible();
    const source = s.getByText(/^Personal parameters from [\d,]+ reviews \(/);
    await expect(source).toBeVisible();
    personal = (await source.textContent()) ?? '';
    expect(Number(/from ([\d,]+) reviews/.exec(personal)?.[1]?.replace(/,/g, ''))).toBeGreaterThanOrEqual(
      400,
    );
    await expectNoSeriousA11y(page, 'account scheduler optimized (desktop)');
    await shoot(page, 'optimize-1280.png', { width: DESKTOP.width, height: 1400 }, (n) =>
      testInfo.outputPath(n),
    );
    await page.setViewportSize(PHONE);
    await expect(s.getByText('New personal parameters are in use.')).toBeVisible();
    await expectNoSeriousA11y(page, 'account scheduler optimized (phone)');
    await shoot(page, 'optimize-375.png', { width: PHONE.width, height: 2000 }, (n) =>
      testInfo.outputPath(n),
    );
  });

  await test.step('the other device signs in and uses the same personal parameters', async () => {
    const other = await browser.newContext();
    try {
      const b = await other.newPage();
      await b.setViewportSize(DESKTOP);
      await signIn(b, user.email, user.password);
      await openAccount(b);
      const s = section(b);
      await expect(s.getByRole('radio', { name: /FSRS/ })).toBeChecked();
      await expect(s.getByText(personal, { exact: true })).toBeVisible();
    } finally {
      await other.close();
    }
  });
});
