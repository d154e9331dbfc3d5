// Every admin tab of the superadmin (SPEC §2 Admin shell), opened from the tab list: its heading shows,
// axe finds no serious or critical violation (desktop and phone), and the superadmin's Add Module
// form asks for the college and year group it files the module under.
import { expect, test } from '@playwright/test';
import { superadminFor } from '../support/accounts.ts';
import { expectNoSeriousA11y } from '../support/a11y.ts';
import { openAdminTab } from '../support/content.ts';
import { shot } from '../support/shots.ts';
import { signIn } from '../support/ui.ts';

const TABS = [
  ['Modules', 'modules', 'Modules'],
  ['Subjects', 'subjects', 'Subjects'],
  ['Topics', 'topics', 'Topics'],
  ['Announcements', 'announcements', 'Announcements'],
  ['Images', 'images', 'Images'],
  ['User Management', 'users', 'User Management'],
  ['College Management', 'colleges', 'College Management'],
  ['Global Modules', 'global_modules', 'Global Modules'],
  ['Archived Content', 'archive', 'Archived Content'],
] as const;

test('every admin tab of a superadmin opens and passes axe', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const sa = superadminFor(testInfo);
  await signIn(page, sa.email, sa.password);
  await expect(page).toHaveURL(/\/dashboard\/modules$/);
  for (const [label, id, heading] of TABS) {
    await openAdminTab(page, label, `/dashboard/${id}`);
    await expect(page.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible();
    await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
    await expectNoSeriousA11y(page, `${label} tab`);
    await shot(page, testInfo, `tab-${id.replace('_', '-')}`);
  }

  await openAdminTab(page, 'Modules', '/dashboard/modules');
  await page.getByRole('button', { name: 'Add Module' }).click();
  const d = page.getByRole('dialog', { name: 'Add Module' });
  await d.getByLabel('Module Name').fill('Untitled');
  await d.getByLabel('Stage').fill('2');
  await expect(d.getByLabel('Year Group')).toBeDisabled(); // until a college is chosen
  await d.getByRole('button', { name: 'Save' }).click();
  await expect(d.getByRole('alert')).toHaveText('Module Name, Stage, and College are required.');
  await expectNoSeriousA11y(page, 'superadmin module modal');
  await shot(page, testInfo, 'module-modal-superadmin');
  await d.getByRole('button', { name: 'Cancel' }).click();
  await expect(d).toHaveCount(0);
});
