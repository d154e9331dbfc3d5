// Journey: forgot password — the empty-email refusal, the emailed reset link, a new password that
// signs in while the old one no longer does.
import { expect, test } from '@playwright/test';
import { createUser } from '../support/accounts.ts';
import { latestMailTo, linkContaining } from '../support/mailbox.ts';
import { authDialog, openAuth, submitLogin } from '../support/ui.ts';
import { expectNoSeriousA11y } from '../support/a11y.ts';

test('reset a forgotten password through the emailed link', async ({ page, request }) => {
  const user = await createUser({ prefix: 'forgot' });
  const newPassword = 'brand-new-7';

  const login = await openAuth(page, 'login');
  await login.getByRole('button', { name: 'Forgot password?' }).click();
  const forgot = page.getByRole('dialog', { name: 'Reset your password' });
  await expect(forgot).toBeVisible();

  // No email: refused with the spec's message; typing clears it.
  await forgot.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(forgot.getByRole('alert')).toHaveText(
    'Please enter your email address to reset your password.',
  );
  await expectNoSeriousA11y(page, 'forgot password: refused');
  await forgot.getByLabel('Email').fill(user.email);
  await expect(forgot.getByRole('alert')).toHaveCount(0);
  await forgot.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(forgot.getByRole('status')).toHaveText('Password reset email sent! Please check your inbox.');
  await expectNoSeriousA11y(page, 'forgot password: sent');

  // The emailed link opens the reset page; a new password is set.
  const mail = await latestMailTo(request, user.email, /reset/i);
  await page.goto(linkContaining(mail, '/reset-password'));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expectNoSeriousA11y(page, 'reset password');
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(
    page.getByText('Your password has been reset. You can now sign in with your new password.'),
  ).toBeVisible();
  await expectNoSeriousA11y(page, 'reset password: done');

  // Back to the landing page with the sign-in form open.
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
  const dialog = authDialog(page, 'login');
  await expect(dialog).toBeVisible();

  // The old password is refused with the generic message; the new one signs in.
  await submitLogin(dialog, user.email, user.password);
  await expect(dialog.getByRole('alert')).toHaveText('Invalid email or password. Please try again.');
  await expectNoSeriousA11y(page, 'sign-in: refused');
  await dialog.getByLabel('Password', { exact: true }).fill(newPassword);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${user.firstName}` })).toBeVisible();
});
