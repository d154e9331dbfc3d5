// Journey: an unknown path shows '404: Page Not Found', signed out and signed in.
import { expect, test } from '@playwright/test';
import { createUser } from '../support/accounts.ts';
import { signIn } from '../support/ui.ts';
import { expectNoSeriousA11y } from '../support/a11y.ts';

const notFound = (page: import('@playwright/test').Page) =>
  page.getByRole('heading', { name: '404: Page Not Found' });

test('signed out, an unknown path shows 404', async ({ page }) => {
  await page.goto('/this/page/does-not-exist');
  // Wait for whichever page the app settles on (the 404, or the landing page after a redirect) …
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // … then it must be the 404, at the path asked for.
  expect(new URL(page.url()).pathname).toBe('/this/page/does-not-exist');
  await expect(notFound(page)).toBeVisible();
  await expectNoSeriousA11y(page, '404 signed out');
  // An app path (not an unknown one) still sends a signed-out visitor to the landing page.
  await page.goto('/dashboard/account');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Get Started for Free' })).toBeVisible();
});

test('signed in, unknown paths show 404 inside the shell with a way home', async ({ page }) => {
  const user = await createUser({ prefix: 'notfound' });
  await signIn(page, user.email, user.password);

  for (const path of ['/this/page/does-not-exist', '/dashboard/no-such-tab']) {
    await page.goto(path);
    await expect(notFound(page)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expectNoSeriousA11y(page, '404 signed in');
  }
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${user.firstName}` })).toBeVisible();
  await expect(notFound(page)).toHaveCount(0);
});
