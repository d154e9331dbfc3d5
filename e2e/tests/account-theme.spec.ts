// Journey: the theme chosen on the account page persists across a reload, applied before first paint.
import { expect, test } from '@playwright/test';
import { createUser } from '../support/accounts.ts';
import { signIn } from '../support/ui.ts';
import { expectNoSeriousA11y } from '../support/a11y.ts';

type ThemeProbe = { atBody: string | null; seen: (string | null)[] };

test('a theme picked on the account page survives a reload with no flash of the default', async ({
  page,
}) => {
  // Before any page script: record data-theme when <body> is first parsed (only the blocking head
  // script can have run by then) and every value it ever takes.
  await page.addInitScript(() => {
    const probe: ThemeProbe = { atBody: null, seen: [] };
    (window as unknown as { __theme: ThemeProbe }).__theme = probe;
    let bodySeen = false;
    new MutationObserver(() => {
      const root = document.documentElement;
      if (!root) return;
      const value = root.getAttribute('data-theme');
      if (probe.seen[probe.seen.length - 1] !== value) probe.seen.push(value);
      if (!bodySeen && document.body) {
        bodySeen = true;
        probe.atBody = value;
      }
    }).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-theme'],
    });
  });
  const probe = () => page.evaluate(() => (window as unknown as { __theme: ThemeProbe }).__theme);
  const html = page.locator('html');

  const user = await createUser({ prefix: 'theme' });
  await signIn(page, user.email, user.password);
  await expect(html).toHaveAttribute('data-theme', 'default-light');

  // The user badge leads to the account page.
  await page
    .getByRole('banner')
    .getByRole('link', { name: new RegExp(user.fullName) })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/account$/);
  await expect(page.getByRole('heading', { name: 'Account', exact: true })).toBeVisible();
  await expectNoSeriousA11y(page, 'account page');
  const midnight = page.getByRole('radio', { name: 'Midnight' });
  await expect(page.getByRole('radio', { name: 'Default Light' })).toBeChecked();
  await page.locator('label', { has: midnight }).click(); // the tile (the radio itself is visually hidden)
  await expect(midnight).toBeChecked();
  await expect(html).toHaveAttribute('data-theme', 'midnight');

  // Reload: right after the navigation commits, and before the app renders, it is already Midnight.
  await page.reload({ waitUntil: 'commit' });
  await expect.poll(async () => (await probe()).atBody).toBe('midnight');
  await expect(page.getByRole('radio', { name: 'Midnight' })).toBeChecked();
  await expect(html).toHaveAttribute('data-theme', 'midnight');
  // Never any other theme on the way (null: the <html> element before the head script ran, not painted).
  expect((await probe()).seen.filter((v) => v !== null && v !== 'midnight')).toEqual([]);

  // Still applied on the next full load of another page.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome, ${user.firstName}` })).toBeVisible();
  await expect(html).toHaveAttribute('data-theme', 'midnight');
  expect((await probe()).atBody).toBe('midnight');
});
