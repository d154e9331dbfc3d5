// Journey: a student asking for admin areas sees the Access Denied panel inside their shell.
// Also runs in the 'phone' project.
import { expect, test } from '@playwright/test';
import { createUser } from '../support/accounts.ts';
import { expectUserBadge, signIn } from '../support/ui.ts';
import { expectNoSeriousA11y } from '../support/a11y.ts';

const BODY =
  'You do not have the necessary permissions to view this content. This area is restricted to administrators.';

test('a student sees Access Denied on the users, colleges and admin pages', async ({ page }) => {
  const student = await createUser({ prefix: 'denied' });
  await signIn(page, student.email, student.password);

  for (const path of ['/dashboard/users', '/dashboard/colleges', '/admin/topic/some-topic']) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText(BODY, { exact: true })).toBeVisible();
    await expectNoSeriousA11y(page, `access denied ${path}`);
    // Nothing of the admin screens leaks through.
    await expect(page.getByRole('heading', { name: /User Management|College Management/ })).toHaveCount(0);
  }
  // Still the student shell.
  await expectUserBadge(page, student.fullName, 'STUDENT');
  await expect(page.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0);
});
