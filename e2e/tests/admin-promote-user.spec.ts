// Journey: the superadmin finds a student in User Management (debounced search), is refused without a
// year group, promotes them to admin of a college and year; the new admin gets the admin shell.
import { expect, test, type Request } from '@playwright/test';
import { createUser, DEMO, superadminFor } from '../support/accounts.ts';
import { expectUserBadge, signIn, signInWithForm } from '../support/ui.ts';
import { expectNoSeriousA11y } from '../support/a11y.ts';

test('promote a student to admin of a college and year group', async ({ page, browser }, testInfo) => {
  const student = await createUser({ prefix: 'promote', yearGroup: DEMO.secondYear });
  const admin = superadminFor(testInfo);
  await signIn(page, admin.email, admin.password, '/dashboard/users');
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
  await expect(page.getByText('VIEWING')).toBeVisible();
  await expect(page.getByText('All Content')).toBeVisible();
  await expectNoSeriousA11y(page, 'user management');

  // Search: typed key by key, the list is asked only for the whole term (debounced).
  const searches: string[] = [];
  const onRequest = (r: Request) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/users' && url.searchParams.get('search'))
      searches.push(url.searchParams.get('search')!);
  };
  page.on('request', onRequest);
  await page.getByLabel('Search users').pressSequentially(student.email, { delay: 15 });
  const users = page.getByRole('region', { name: 'Users', exact: true });
  const row = users.getByRole('row').filter({ hasText: student.email });
  await expect(row).toHaveCount(1);
  await expect(users.getByRole('row').filter({ hasText: '@' })).toHaveCount(1);
  page.off('request', onRequest);
  // Without the debounce every keystroke would ask (a term per prefix of the email); with it, the
  // groups ask for the whole term (one stray prefix tolerated for a slow, loaded machine).
  expect(searches.at(-1)).toBe(student.email);
  expect(new Set(searches).size).toBeLessThanOrEqual(2);
  await expect(row).toContainText(student.fullName);
  await expect(row).toContainText(`${DEMO.college} · ${DEMO.secondYear}`);

  // Without a year group: refused with the spec's message.
  const collegeSelect = row.getByLabel(`College for ${student.fullName}`);
  const yearSelect = row.getByLabel(`Year group for ${student.fullName}`);
  await yearSelect.selectOption({ label: 'Select year group' });
  await row.getByRole('button', { name: /^Promote( to Admin)?$/ }).click();
  await expect(row.getByRole('alert')).toHaveText(
    'To promote or update an admin, you must select both a college and a year group.',
  );
  await expectNoSeriousA11y(page, 'user management: promote refused');

  // Choose the scope: at 1280 px both selects show the whole college and year-group names (issue 7:
  // they were cut off).
  await collegeSelect.selectOption({ label: DEMO.college });
  await yearSelect.selectOption({ label: DEMO.firstYear });
  await expect(row.getByRole('alert')).toHaveCount(0);
  for (const select of [collegeSelect, yearSelect]) {
    const fits = await select.evaluate((el: HTMLSelectElement) => {
      const probe = document.createElement('span');
      const style = getComputedStyle(el);
      probe.style.font = style.font;
      probe.style.position = 'absolute';
      probe.style.whiteSpace = 'nowrap';
      probe.textContent = el.selectedOptions[0]?.textContent ?? '';
      document.body.append(probe);
      const needed =
        probe.getBoundingClientRect().width +
        parseFloat(style.paddingLeft) +
        parseFloat(style.paddingRight) +
        20; // + the arrow
      probe.remove();
      return { needed: Math.ceil(needed), width: Math.floor(el.getBoundingClientRect().width) };
    });
    expect(fits.width, `select shows "${await select.inputValue()}" whole`).toBeGreaterThanOrEqual(
      fits.needed,
    );
  }

  // Promote asks first, like every other role change (issue 7: it changed the role with one click).
  await row.getByRole('button', { name: /^Promote( to Admin)?$/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Promote to admin?' });
  await expect(confirm).toContainText(`${DEMO.college} · ${DEMO.firstYear}`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByText('Role updated to admin.')).toHaveCount(0);
  await row.getByRole('button', { name: /^Promote( to Admin)?$/ }).click();
  await confirm.getByRole('button', { name: 'Promote', exact: true }).click();
  await expect(page.getByText('Role updated to admin.')).toBeVisible();

  // Now listed with the admins, managing that scope; no longer with the students.
  const admins = page.getByRole('region', { name: 'Admins', exact: true });
  const adminRow = admins.getByRole('row').filter({ hasText: student.email });
  await expect(adminRow).toContainText(`${DEMO.college} · ${DEMO.firstYear}`);
  await expect(adminRow.getByRole('button', { name: /^Demote( to Student)?$/ })).toBeVisible();
  await expectNoSeriousA11y(page, 'user management: promoted');
  await expect(users.getByRole('row').filter({ hasText: student.email })).toHaveCount(0);

  // The promoted user signs in elsewhere and gets the admin shell.
  const other = await browser.newContext();
  try {
    const p = await other.newPage();
    await signInWithForm(p, student.email, student.password, /\/dashboard\/modules$/);
    await expect(p.getByText('MANAGING', { exact: true })).toBeVisible();
    await expect(p.getByText(DEMO.college, { exact: true })).toBeVisible();
    await expect(p.getByText('CLASS OF 2026', { exact: true })).toBeVisible();
    await expect(p.getByRole('link', { name: 'Admin Dashboard' }).first()).toBeAttached();
    await expectUserBadge(p, student.fullName, 'ADMIN');
    await expectNoSeriousA11y(p, 'admin shell: user management');
    const tabs = p.getByRole('navigation', { name: 'Admin sections' });
    await expect(tabs.getByRole('link', { name: 'User Management' })).toBeVisible();
    await expect(tabs.getByRole('link', { name: 'College Management' })).toHaveCount(0);
    await p.goto('/dashboard/colleges');
    await expect(p.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expectNoSeriousA11y(p, 'admin: access denied');
  } finally {
    await other.close();
  }
});
