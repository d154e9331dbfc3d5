// Journey: once the service worker controls the page, a signed-in student reloads offline and gets
// the signed-in shell (from the precache and the local copy of the user), account page included.
import { expect, test } from '@playwright/test';
import { DEMO } from '../support/accounts.ts';
import { expectPageOffline, waitForServiceWorker } from '../support/study.ts';
import { signIn, userBadge } from '../support/ui.ts';
import { expectNoSeriousA11y } from '../support/a11y.ts';

test('the signed-in shell and the account page render offline after a reload', async ({ page, context }) => {
  await signIn(page, DEMO.student.email, DEMO.student.password);
  await expect(userBadge(page, DEMO.student.fullName)).toContainText('STUDENT');

  // The worker has installed (precache complete) and controls this page.
  await waitForServiceWorker(page);

  await context.setOffline(true);
  try {
    // Prove the network really is gone for the page (waits for the emulation to take effect).
    await expectPageOffline(page);

    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(userBadge(page, DEMO.student.fullName)).toContainText('STUDENT');
    await expect(page.getByRole('heading', { name: 'Welcome, Sam' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Signed Out' })).toHaveCount(0);
    await expectNoSeriousA11y(page, 'dashboard offline');

    // A full navigation to another route, still offline.
    await page.goto('/dashboard/account');
    await expect(page.getByRole('heading', { name: 'Account', exact: true })).toBeVisible();
    const profile = page.getByRole('region', { name: 'Profile' });
    await expect(profile).toContainText(DEMO.student.fullName);
    await expect(profile).toContainText(DEMO.student.email);
    await expect(profile).toContainText(DEMO.college);
    await expect(userBadge(page, DEMO.student.fullName)).toBeVisible();
    await expectNoSeriousA11y(page, 'account offline');
  } finally {
    await context.setOffline(false);
  }
});
