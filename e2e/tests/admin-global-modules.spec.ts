// Journey (issue 7): a superadmin adds a global module (refused without a college), edits it, and
// deletes it for good from the Global Modules tab.
import { expect, test } from '@playwright/test';
import { DEMO, superadminFor } from '../support/accounts.ts';
import { expectNoSeriousA11y } from '../support/a11y.ts';
import { openAdminTab, tag } from '../support/content.ts';
import { shot } from '../support/shots.ts';
import { searchList, signIn } from '../support/ui.ts';

test('a global module added, edited and permanently deleted', async ({ page }, testInfo) => {
  const t = tag();
  const name = `Global Ethics ${t}`;
  const renamed = `Global Medical Ethics ${t}`;
  const sa = superadminFor(testInfo);
  await signIn(page, sa.email, sa.password);
  await expect(page.getByText('VIEWING', { exact: true })).toBeVisible();
  await openAdminTab(page, 'Global Modules', '/dashboard/global_modules');
  await expect(page.getByRole('table', { name: 'Global modules' })).toBeVisible();
  await expectNoSeriousA11y(page, 'global modules tab');

  await page.getByRole('button', { name: 'Add Global Module' }).click();
  const add = page.getByRole('dialog', { name: 'Add Global Module' });
  await add.getByLabel('Module Name').fill(name);
  await add.getByLabel('Stage').fill('1');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.getByRole('alert')).toHaveText('Module Name, Stage, and College are required.');
  await add.getByLabel('College').selectOption({ label: DEMO.college });
  await expect(add.getByLabel('Year Group')).toHaveCount(0); // global mode: every year group
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toHaveCount(0);

  const table = page.getByRole('table', { name: 'Global modules' });
  await searchList(page, 'Search global modules', t, table);
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Global');
  await expect(row).toContainText(`${DEMO.college} · All years`);
  await shot(page, testInfo, 'global-modules');

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Module' });
  await expect(edit.getByLabel('Module Name')).toHaveValue(name);
  await edit.getByLabel('Module Name').fill(renamed);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);
  const renamedRow = page
    .getByRole('table', { name: 'Global modules' })
    .getByRole('row')
    .filter({ hasText: renamed });
  await expect(renamedRow).toHaveCount(1);

  await renamedRow.getByRole('button', { name: `Delete ${renamed}` }).click();
  const del = page.getByRole('dialog', { name: 'Permanently delete global module?' });
  await expect(del).toContainText(renamed);
  await del.getByRole('button', { name: 'Delete Permanently' }).click();
  await expect(page.getByText(`${renamed} has been permanently deleted.`)).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Global modules' }).getByRole('row').filter({ hasText: renamed }),
  ).toHaveCount(0);
});
