// Journey: the landing page — 'Get Started for Free' opens the auth modal in signup mode, Sign In in
// login mode (from the header, or the mobile menu on a phone), and the footer shows the current year.
import { expect, test } from '@playwright/test';
import { authDialog, isPhone } from '../support/ui.ts';
import { expectNoSeriousA11y } from '../support/a11y.ts';

test('Get Started opens sign-up, Sign In opens login, the modes switch, the footer shows the year', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Study medicine anywhere.');
  await expectNoSeriousA11y(page, 'landing');

  await page.getByRole('button', { name: 'Get Started for Free' }).click();
  const signup = authDialog(page, 'signup');
  await expect(signup).toBeVisible();
  await expect(signup.getByRole('form', { name: 'Sign up' })).toBeVisible();
  await expect(signup.getByLabel('First name')).toBeFocused();
  await expectNoSeriousA11y(page, 'sign-up modal');
  // Switch to login from inside the modal, then close it.
  await signup.getByRole('button', { name: 'Sign in' }).click();
  const login = authDialog(page, 'login');
  await expect(login.getByRole('form', { name: 'Sign in' })).toBeVisible();
  await expect(signup).toHaveCount(0);
  await expectNoSeriousA11y(page, 'sign-in modal');
  await page.keyboard.press('Escape');
  await expect(login).toHaveCount(0);

  if (!isPhone(page)) {
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Sign In' }).click();
    await expect(login.getByRole('form', { name: 'Sign in' })).toBeVisible();
    await expect(login.getByLabel('Email')).toBeFocused();
    await login.getByRole('button', { name: 'Close' }).click();
    await expect(login).toHaveCount(0);
    await header.getByRole('button', { name: 'Sign Up' }).click();
    await expect(signup.getByRole('form', { name: 'Sign up' })).toBeVisible();
    await signup.getByRole('button', { name: 'Close' }).click();
    await expect(signup).toHaveCount(0);
  }

  const footer = page.getByRole('contentinfo');
  await footer.scrollIntoViewIfNeeded();
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Zan`);
});

test('on a phone the menu opens Sign In and Sign Up', { tag: '@phone-only' }, async ({ page }) => {
  await page.goto('/');
  test.skip(!isPhone(page), 'the menu button only shows under the md breakpoint');
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Sign In' })).toBeHidden();

  const openMenu = header.getByRole('button', { name: 'Open menu' });
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await openMenu.click();
  await expect(menu).toBeVisible();
  await expect(openMenu).toHaveAttribute('aria-expanded', 'true');
  await expectNoSeriousA11y(page, 'landing menu');
  // Body scroll is locked while the panel is open.
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
  await menu.getByRole('button', { name: 'Sign In' }).click();
  await expect(menu).toHaveCount(0);
  const login = authDialog(page, 'login');
  await expect(login.getByRole('form', { name: 'Sign in' })).toBeVisible();
  await login.getByRole('button', { name: 'Close' }).click();
  await expect(login).toHaveCount(0);

  await openMenu.click();
  await menu.getByRole('button', { name: 'Sign Up' }).click();
  await expect(menu).toHaveCount(0);
  await expect(authDialog(page, 'signup').getByRole('form', { name: 'Sign up' })).toBeVisible();
});
