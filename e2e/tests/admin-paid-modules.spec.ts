// Journey (issue 7): an admin grants a student a paid module of their year from User Management and the
// student's dashboard gains it; revoked, it goes again.
import { expect, test } from '@playwright/test';
import { createUser } from '../support/accounts.ts';
import { expectNoSeriousA11y } from '../support/a11y.ts';
import { buildContent, createAdmin, dashboardModule, signedInApi, tag } from '../support/content.ts';
import { shot } from '../support/shots.ts';
import { syncButton } from '../support/study.ts';
import { searchList, signIn } from '../support/ui.ts';

test('grant and revoke a paid module; the student dashboard follows', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  const admin = await createAdmin(testInfo);
  const api = await signedInApi(admin.email, admin.password);
  const built = await buildContent(api, tag(), { isFree: false });
  await api.post('/api/session/sign-out');
  await api.dispose();

  const student = await createUser({ prefix: 'paid' });
  const context = await browser.newContext();
  try {
    const s = await context.newPage();
    await signIn(s, student.email, student.password);
    await expect(s.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible({
      timeout: 20_000,
    });
    await expect(dashboardModule(s, built.module)).toHaveCount(0);

    await signIn(page, admin.email, admin.password, '/dashboard/users');
    const users = page.getByRole('region', { name: 'Users', exact: true });
    await searchList(page, 'Search users', student.email, users);
    const row = users.getByRole('row').filter({ hasText: student.email });
    await row.getByRole('button', { name: `Paid modules of ${student.fullName}` }).click();
    const d = page.getByRole('dialog', { name: `Paid modules of ${student.fullName}` });
    await expect(d.getByText('No paid modules yet.')).toBeVisible();
    await d.getByLabel('Paid module').selectOption({ label: `${built.module} (UG-1)` });
    await expectNoSeriousA11y(page, 'paid modules dialog');
    await shot(page, testInfo, 'paid-modules');
    await d.getByRole('button', { name: 'Grant', exact: true }).click();
    await expect(page.getByText('Access granted.')).toBeVisible();
    await expect(d.getByRole('list', { name: 'Owned paid modules' })).toContainText(built.module);

    // Live: the open dashboard gains it (a SYNC press would too).
    await expect(dashboardModule(s, built.module)).toBeVisible({ timeout: 20_000 });

    await d.getByRole('button', { name: `Revoke ${built.module}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke access?' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('Access revoked.')).toBeVisible();
    await expect(d.getByText('No paid modules yet.')).toBeVisible();

    await syncButton(s).click();
    await expect(dashboardModule(s, built.module)).toHaveCount(0, { timeout: 20_000 });
  } finally {
    await context.close();
  }
});
