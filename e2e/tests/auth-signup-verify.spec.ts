// Journey: sign up (with the form's refusals first), follow the verification link from the outbox,
// land on the dashboard signed in and verified. Also runs in the 'phone' project.
import { expect, test } from '@playwright/test';
import { DEMO } from '../support/accounts.ts';
import { latestMailTo, linkContaining, uniqueEmail } from '../support/mailbox.ts';
import { createAccountButton, expectUserBadge, fillSignUp, openAuth } from '../support/ui.ts';
import { expectNoSeriousA11y } from '../support/a11y.ts';

test('sign up, refused first, then verify by email and land on the dashboard', async ({ page, request }) => {
  const email = uniqueEmail('signup');
  const dialog = await openAuth(page, 'signup');
  const alert = dialog.getByRole('alert');

  // Names are capitalised as typed.
  await fillSignUp(dialog, {
    firstName: 'nadia',
    lastName: 'EL-SAYED',
    email: DEMO.student.email, // already registered: refused by the server below
    password: 'secret-1',
    confirmPassword: 'secret-2',
    college: DEMO.college,
    yearGroup: DEMO.firstYear,
  });
  await expect(dialog.getByLabel('First name')).toHaveValue('Nadia');
  await expect(dialog.getByLabel('Last name')).toHaveValue('El-sayed');

  // Mismatched passwords; typing anywhere clears the message.
  await createAccountButton(dialog).click();
  await expect(alert).toHaveText('Passwords do not match.');
  await expectNoSeriousA11y(page, 'sign-up: passwords differ');
  await dialog.getByLabel('Confirm password').fill('secret-1');
  await expect(alert).toHaveCount(0);

  // Too short (checked after the match).
  await dialog.getByLabel('Password', { exact: true }).fill('abc');
  await dialog.getByLabel('Confirm password').fill('abc');
  await createAccountButton(dialog).click();
  await expect(alert).toHaveText('Password should be at least 6 characters long.');
  await dialog.getByLabel('Password', { exact: true }).fill('secret-1');
  await expect(alert).toHaveCount(0);
  await dialog.getByLabel('Confirm password').fill('secret-1');

  // An email that already has an account: the server's message, verbatim; still on the landing page.
  await createAccountButton(dialog).click();
  await expect(alert).toHaveText('An account with this email already exists. Please sign in.');
  await expectNoSeriousA11y(page, 'sign-up: email taken');
  await expect(page).toHaveURL(/\/$/);
  await dialog.getByLabel('Email').fill(email);
  await expect(alert).toHaveCount(0);

  // Now it goes through: the verify screen, with the sign-up notice and the address.
  await createAccountButton(dialog).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(
    'Account created successfully! A verification link has been sent to your email.',
  );
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  await expectNoSeriousA11y(page, 'verify email: sent');

  // Follow the link from the outbox in the same browser: signed in and verified, on the dashboard.
  const mail = await latestMailTo(request, email, /verify/i);
  await page.goto(linkContaining(mail, '/verify-email'));
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Nadia' })).toBeVisible();
  await expect(page.getByText(`${DEMO.college} · ${DEMO.firstYear}`)).toBeVisible();
  await expectNoSeriousA11y(page, 'student dashboard (new)');

  // The verify screen is now closed to this user, and a reload keeps the session.
  await page.goto('/verify-email');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome, Nadia' })).toBeVisible();
  await expectUserBadge(page, 'Nadia El-sayed', 'STUDENT');
});
