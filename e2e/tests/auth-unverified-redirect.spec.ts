// Journey: a signed-in user with an unverified email is kept on /verify-email (every other path leads
// there); the screen shows their email, resends the link and signs out.
import { expect, test } from '@playwright/test';
import { createUser } from '../support/accounts.ts';
import { mailsTo } from '../support/mailbox.ts';
import { signInWithForm } from '../support/ui.ts';
import { expectNoSeriousA11y } from '../support/a11y.ts';

test('an unverified user is locked to the verify screen, can resend the link and sign out', async ({
  page,
  request,
}) => {
  const user = await createUser({ prefix: 'unverified', verified: false });
  await signInWithForm(page, user.email, user.password, /\/verify-email$/);

  for (const path of [
    '/dashboard',
    '/dashboard/account',
    '/install',
    '/',
    '/dashboard/users',
    '/no-such-page',
  ]) {
    await page.goto(path);
    await expect(page, `${path} should lead to /verify-email`).toHaveURL(/\/verify-email$/);
    await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  }
  await expect(page.getByText(user.email, { exact: true })).toBeVisible();
  await expectNoSeriousA11y(page, 'verify email');

  // Resend: the confirmation, and a second verification mail in the outbox.
  await expect.poll(async () => (await mailsTo(request, user.email, /verify/i)).length).toBe(1);
  await page.getByRole('button', { name: 'Resend Email' }).click();
  await expect(page.getByRole('status')).toHaveText('A new verification link has been sent!');
  await expectNoSeriousA11y(page, 'verify email: resent');
  await expect.poll(async () => (await mailsTo(request, user.email, /verify/i)).length).toBe(2);

  // Sign Out returns to the landing page, and the app stays closed.
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Get Started for Free' })).toBeVisible();
  await page.goto('/verify-email');
  await expect(page).toHaveURL(/\/$/);
});
