// Journey: one active session per user — signing in on a second device signs the first one out, live.
import { expect, test } from '@playwright/test';
import { createUser } from '../support/accounts.ts';
import { signedOutDialog, signInWithForm } from '../support/ui.ts';
import { expectNoSeriousA11y } from '../support/a11y.ts';

test('signing in on device B shows the Signed Out notice on device A without a reload', async ({
  browser,
}) => {
  const user = await createUser({ prefix: 'twodev' });
  const deviceA = await browser.newContext();
  const deviceB = await browser.newContext();
  try {
    const a = await deviceA.newPage();
    const b = await deviceB.newPage();

    await signInWithForm(a, user.email, user.password);
    await expect(a.getByRole('heading', { name: `Welcome, ${user.firstName}` })).toBeVisible();
    // A marker that a reload or a full navigation of A would wipe.
    await a.evaluate(() => ((window as unknown as { __deviceA: boolean }).__deviceA = true));
    await expect(signedOutDialog(a)).toHaveCount(0);

    await signInWithForm(b, user.email, user.password);
    await expect(b.getByRole('heading', { name: `Welcome, ${user.firstName}` })).toBeVisible();

    // A learns it live (no navigation on A's side).
    const notice = signedOutDialog(a);
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(
      'You have been signed in on another device. This session has been logged out.',
    );
    await expectNoSeriousA11y(a, 'signed out notice');
    expect(await a.evaluate(() => (window as unknown as { __deviceA?: boolean }).__deviceA)).toBe(true);
    await notice.getByRole('button', { name: 'OK' }).click();
    await expect(notice).toHaveCount(0);
    await expect(a).toHaveURL(/\/$/);
    await expect(a.getByRole('button', { name: 'Get Started for Free' })).toBeVisible();
    // A stays signed out after a reload; B keeps its session.
    await a.goto('/dashboard');
    await expect(a).toHaveURL(/\/$/);
    await b.reload();
    await expect(b).toHaveURL(/\/dashboard$/);
    await expect(b.getByRole('heading', { name: `Welcome, ${user.firstName}` })).toBeVisible();
    await expect(signedOutDialog(b)).toHaveCount(0);
  } finally {
    await deviceA.close();
    await deviceB.close();
  }
});
