// Journey: a superadmin adds a college with its year groups in College Management; a new student then
// picks that college and year at sign-up (years come from the chosen college; changing college clears
// the year) and completes sign-up.
import { expect, test } from '@playwright/test';
import { DEMO, superadminFor } from '../support/accounts.ts';
import { latestMailTo, linkContaining, uniqueEmail } from '../support/mailbox.ts';
import { createAccountButton, fillSignUp, openAuth, signIn } from '../support/ui.ts';
import { expectNoSeriousA11y } from '../support/a11y.ts';

test('a college added by the superadmin is offered at sign-up with its own year groups', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const tag = Math.random().toString(36).slice(2, 7);
  const college = `E2E College ${tag}`;
  const years = ['Second Year, 2027-2028', 'First Year, 2027-2028'];

  // Superadmin: College Management.
  const admin = superadminFor(testInfo);
  await signIn(page, admin.email, admin.password);
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'College Management' })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/colleges$/);
  await expect(page.getByRole('heading', { name: 'College Management' })).toBeVisible();
  await expectNoSeriousA11y(page, 'college management');

  const add = page.getByRole('button', { name: 'Add College' });
  await add.click();
  await expect(page.getByRole('alert')).toHaveText('College name cannot be empty.');
  await expectNoSeriousA11y(page, 'college management: empty name refused');
  await page.getByLabel('College name').fill(college);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('textbox', { name: /^Year groups/ }).fill(years.join('\n'));
  await add.click();
  await expect(page.getByText(`College "${college}" added.`)).toBeVisible();
  await expect(page.getByLabel('College name')).toHaveValue('');

  // Its row of the colleges table lists the year groups sorted; one more is added from the row.
  const card = page
    .getByRole('table', { name: 'Colleges' })
    .getByRole('row')
    .filter({ has: page.getByRole('heading', { name: college, exact: true }) });
  const yearList = card.getByRole('list', { name: `Year groups of ${college}` });
  await expect(yearList.getByRole('listitem')).toHaveText([
    'First Year, 2027-2028',
    'Second Year, 2027-2028',
  ]);
  await card.getByLabel(`New year group for ${college}`).fill('Third Year, 2027-2028');
  await card.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(yearList.getByRole('listitem')).toHaveText([
    'First Year, 2027-2028',
    'Second Year, 2027-2028',
    'Third Year, 2027-2028',
  ]);
  await expect(card.getByText('3 year groups')).toBeVisible();
  await expectNoSeriousA11y(page, 'college management: college added');

  // A new visitor, in a fresh browser context, signs up into that college.
  const visitor = await browser.newContext();
  try {
    const p = await visitor.newPage();
    const email = uniqueEmail('newcollege');
    const dialog = await openAuth(p, 'signup');
    await fillSignUp(dialog, { firstName: 'Lina', lastName: 'Haddad', email, password: 'secret-9' });
    const collegeSelect = dialog.getByLabel('College');
    const yearSelect = dialog.getByLabel('Year group');
    await expect(yearSelect).toBeDisabled();

    // Only the year is missing: the spec's message.
    await expect(collegeSelect).toBeEnabled();
    await collegeSelect.selectOption({ label: college });
    await createAccountButton(dialog).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please select your college and year group.');
    await expectNoSeriousA11y(p, 'sign-up: year missing');

    // The years are the chosen college's, sorted.
    await expect(yearSelect.getByRole('option')).toHaveText([
      'Select your year group',
      'First Year, 2027-2028',
      'Second Year, 2027-2028',
      'Third Year, 2027-2028',
    ]);
    await yearSelect.selectOption({ label: 'Second Year, 2027-2028' });
    await expect(dialog.getByRole('alert')).toHaveCount(0);

    // Changing college clears the year and offers the other college's years.
    await collegeSelect.selectOption({ label: DEMO.college });
    await expect(yearSelect).toHaveValue('');
    await expect(yearSelect.getByRole('option')).toHaveText([
      'Select your year group',
      DEMO.firstYear,
      DEMO.secondYear,
    ]);

    await collegeSelect.selectOption({ label: college });
    await expect(yearSelect).toHaveValue('');
    await yearSelect.selectOption({ label: 'Second Year, 2027-2028' });
    await createAccountButton(dialog).click();
    await expect(p).toHaveURL(/\/verify-email$/);

    // Verified, the student's dashboard shows the new college and year.
    const mail = await latestMailTo(request, email, /verify/i);
    await p.goto(linkContaining(mail, '/verify-email'));
    await expect(p.getByRole('heading', { name: 'Welcome, Lina' })).toBeVisible();
    await expect(p.getByText(`${college} · Second Year, 2027-2028`)).toBeVisible();
    await expectNoSeriousA11y(p, 'student dashboard, new college');
  } finally {
    await visitor.close();
  }
});
