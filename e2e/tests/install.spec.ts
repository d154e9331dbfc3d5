// Journey: a verified user's install page — instructions for desktop Chrome, iOS Safari and Android
// Chrome, 'Go to Dashboard', and 'Sign Out & Continue on Web'. Also: `/` sends a verified user home.
import { expect, test } from '@playwright/test';
import { createUser } from '../support/accounts.ts';
import { signIn } from '../support/ui.ts';
import { expectNoSeriousA11y } from '../support/a11y.ts';

test('the install page guides each platform and offers the dashboard or a web sign-out', async ({ page }) => {
  const user = await createUser({ prefix: 'install' });
  await signIn(page, user.email, user.password);
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/install');
  await expect(page.getByRole('heading', { name: 'Install Zan' })).toBeVisible();
  for (const [platform, browser] of [
    ['Desktop', 'Chrome'],
    ['iPhone & iPad', 'Safari'],
    ['Android', 'Chrome'],
  ] as const) {
    const section = page.getByRole('region', { name: platform, exact: true });
    await expect(section).toContainText(browser);
    await expect(section.getByRole('listitem')).toHaveCount(3);
  }
  await expectNoSeriousA11y(page, 'install page');
  await page.getByRole('button', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${user.firstName}` })).toBeVisible();
  await expectNoSeriousA11y(page, 'student dashboard');

  await page.goto('/install');
  await page.getByRole('button', { name: 'Sign Out & Continue on Web' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Get Started for Free' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
});
