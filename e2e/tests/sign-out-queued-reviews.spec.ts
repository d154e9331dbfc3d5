// Journey (issue 9 case 12): signing out with reviews still queued. Sign-out first tries to upload
// them; when some cannot go (offline), the confirmation says so, and they stay on this device.
import { expect, test, type Page } from '@playwright/test';
import { createUser } from '../support/accounts.ts';
import {
  expectCounts,
  expectPageOffline,
  openDeck,
  openSubject,
  rateWithKeyboard,
  STUDY,
  timerSeconds,
  waitForServiceWorker,
} from '../support/study.ts';
import { signIn } from '../support/ui.ts';

const D = STUDY.bedside;

/** Headless Chromium never hides a page: switching tabs is played by the visibility events. */
async function setHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((h) => {
    Object.defineProperty(document, 'visibilityState', {
      value: h ? 'hidden' : 'visible',
      configurable: true,
    });
    Object.defineProperty(document, 'hidden', { value: h, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

test('sign-out with queued reviews asks first and names how many stay on this device', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const user = await createUser({ prefix: 'signout-queued' });
  await signIn(page, user.email, user.password);
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(
    ["Today's review", 'Offline study', 'Global', 'UG-1'],
    { timeout: 20_000 },
  );
  await openSubject(page, D.module, D.subject);
  await openDeck(page, D.deck);
  await expectCounts(page, { new: D.deckSize, due: 0, suspended: 0 });
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await expectPageOffline(page);
  await rateWithKeyboard(page, '3');
  await rateWithKeyboard(page, '3');
  // The study timer has counted at least a second (SPEC §4: a session is saved when seconds > 0), then
  // the student looks at another tab for a moment (the hidden page saves the session so far), comes
  // back and studies on for at least another second.
  await expect.poll(() => timerSeconds(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
  await setHidden(page, true);
  await setHidden(page, false);
  const back = await timerSeconds(page);
  await expect.poll(() => timerSeconds(page), { timeout: 10_000 }).toBeGreaterThan(back);

  // A full page load leaves the study page (beforeunload, pagehide, then the next start-up): every
  // save of the timer wrote the same session, so it is one record and one queued change.
  await page.goto('/dashboard/account');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out with unsaved progress?' });
  await expect(dialog).toBeVisible();
  // The two reviews and the one study session.
  await expect(dialog).toContainText('3 study changes have not reached the server yet.');
  await page.screenshot({ path: '../.tmp/sign-out-queued.png' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard\/account$/);
});
