// Journey (issue 7, "Done when"): an admin of a year group fills a module, a subject, a topic and an
// announcement through the admin screens — refused first with each form's spec message — and a
// student of that year sees them after one sync, then offline. axe runs on every admin screen.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createUser, DEMO } from '../support/accounts.ts';
import { expectNoSeriousA11y } from '../support/a11y.ts';
import { adminTabs, createAdmin, dashboardModule, openAdminTab, tag } from '../support/content.ts';
import { shot } from '../support/shots.ts';
import { expectPageOffline, waitForServiceWorker } from '../support/study.ts';
import { searchList, signIn } from '../support/ui.ts';

const dialog = (page: Page, name: string): Locator => page.getByRole('dialog', { name });
const save = (d: Locator) => d.getByRole('button', { name: 'Save', exact: true }).click();

test('an admin builds module → subject → topic and an announcement; a student of the year sees them, also offline', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  // Second Year: the other journeys read First Year's demo announcements exactly.
  const admin = await createAdmin(testInfo, DEMO.secondYear);
  const t = tag();
  const names = {
    module: `Neuro ${t}`,
    subject: `Neuroanatomy ${t}`,
    topic: `Cranial Nerves ${t}`,
    announcement: `Neuro quiz ${t}`,
  };

  await test.step('the admin shell: header, tabs, Modules is the admin home', async () => {
    await signIn(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/dashboard\/modules$/);
    await expect(page.getByText('MANAGING', { exact: true })).toBeVisible();
    await expect(page.getByText('CLASS OF 2026', { exact: true })).toBeVisible();
    const tabs = adminTabs(page);
    for (const label of ['Modules', 'Subjects', 'Topics', 'Announcements', 'User Management'])
      await expect(tabs.getByRole('link', { name: label, exact: true })).toBeAttached();
    for (const label of ['College Management', 'Global Modules', 'Archived Content'])
      await expect(tabs.getByRole('link', { name: label, exact: true })).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Modules' })).toBeVisible();
    await expectNoSeriousA11y(page, 'modules tab');
    await shot(page, testInfo, 'modules');
  });

  await test.step('Add Module: refused without name and stage, then saved', async () => {
    await page.getByRole('button', { name: 'Add Module' }).click();
    const d = dialog(page, 'Add Module');
    await save(d);
    await expect(d.getByRole('alert')).toHaveText('Module Name, Stage, and College are required.');
    await expect(d.getByLabel('Module Name')).toHaveAttribute('aria-invalid', 'true');
    await d.getByLabel('Module Name').fill(names.module);
    await expect(d.getByRole('alert')).toHaveCount(0); // typing clears the message
    await d.getByLabel('Stage').fill('0');
    await save(d);
    await expect(d.getByRole('alert')).toHaveText('Stage must be a number of at least 1.');
    await d.getByLabel('Stage').fill('1');
    await d.getByLabel('Extra info').fill('Brain, spinal cord and nerves.');
    await expectNoSeriousA11y(page, 'module modal');
    await shot(page, testInfo, 'module-modal');
    await save(d);
    await expect(d).toHaveCount(0);
    await expect(page.getByText(`Module "${names.module}" added.`)).toBeVisible();
  });

  await test.step('the module name opens its subjects; Add Subject with the module preselected and locked', async () => {
    await page.getByRole('table', { name: 'Modules' }).getByRole('link', { name: names.module }).click();
    await expect(page).toHaveURL(/\/admin\/module\/[^/]+\/subjects$/);
    await expect(page.getByRole('heading', { level: 1, name: names.module })).toBeVisible();
    await expect(page.getByText('No subjects yet')).toBeVisible();
    await page.getByRole('button', { name: 'Add Subject' }).click();
    const d = dialog(page, 'Add Subject');
    const parent = d.getByLabel('Parent Module');
    await expect(parent).toBeDisabled();
    await expect(parent.locator('option:checked')).toHaveText(names.module);
    await save(d);
    await expect(d.getByRole('alert')).toHaveText('Both subject name and parent module are required.');
    await d.getByLabel('Subject Name').fill(names.subject);
    await save(d);
    await expect(d).toHaveCount(0);
    await expectNoSeriousA11y(page, 'module subjects page');
    await shot(page, testInfo, 'module-subjects');
  });

  await test.step('the subject opens its topics; Add Topic needs every field', async () => {
    await page.getByRole('table', { name: 'Subjects' }).getByRole('link', { name: names.subject }).click();
    await expect(page).toHaveURL(/\/admin\/subject\/[^/]+\/topics$/);
    await page.getByRole('button', { name: 'Add Topic' }).click();
    const d = dialog(page, 'Add Topic');
    await d.getByLabel('Topic Name').fill(names.topic);
    await d.getByLabel('Parent Module').selectOption({ label: 'Select module' }); // preset from the page: cleared
    await expect(d.getByLabel('Parent Subject')).toBeDisabled();
    await save(d);
    await expect(d.getByRole('alert')).toHaveText('All fields are required.');
    await d.getByLabel('Parent Module').selectOption({ label: names.module });
    await expect(d.getByLabel('Parent Subject')).toBeEnabled();
    await d.getByLabel('Parent Subject').selectOption({ label: names.subject });
    await expect(d.getByLabel('Make this a GLOBAL topic')).toHaveCount(0); // admins never
    await expectNoSeriousA11y(page, 'topic modal');
    await shot(page, testInfo, 'topic-modal');
    await save(d);
    await expect(d).toHaveCount(0);
    await expectNoSeriousA11y(page, 'subject topics page');
  });

  await test.step('Topics tab: debounced search by module name; Enter on a row opens the topic page', async () => {
    await page.goto('/dashboard/modules');
    await openAdminTab(page, 'Topics', '/dashboard/topics');
    const table = page.getByRole('table', { name: 'Topics' });
    await searchList(page, 'Search topics', `neuro ${t}`.toLowerCase(), table);
    const row = table.getByRole('row').filter({ hasText: names.topic });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(names.subject);
    await expect(row).toContainText(names.module);
    await expect(row.getByRole('button', { name: /^Archive/ })).toHaveCount(0); // admins cannot archive
    await expectNoSeriousA11y(page, 'topics tab');
    await shot(page, testInfo, 'topics');
    await row.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/topic\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1, name: names.topic })).toBeVisible();
    const details = page.getByRole('definition');
    await expect(details.filter({ hasText: names.subject })).toHaveCount(1);
    await expect(details.filter({ hasText: names.module })).toHaveCount(1);
    await expectNoSeriousA11y(page, 'topic page');
    await shot(page, testInfo, 'topic');
  });

  await test.step('Announcements: defaults, the spec messages, then saved', async () => {
    await page.goto('/dashboard/announcements');
    await page.getByRole('button', { name: 'Add Announcement' }).click();
    const d = dialog(page, 'Add Announcement');
    await expect(d.getByLabel('Type')).toHaveValue('General');
    const today = new Date();
    const iso = (x: Date) =>
      `${x.getFullYear()}-${String(x.getMonth() + 1).padStart(2, '0')}-${String(x.getDate()).padStart(2, '0')}`;
    const week = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 7);
    await expect(d.getByLabel('Event Date')).toHaveValue(iso(today));
    await expect(d.getByLabel('Expires At')).toHaveValue(iso(week));
    await save(d);
    await expect(d.getByRole('alert')).toHaveText('Title, Event Date, and Expiration Date are required.');
    await d.getByLabel('Title').fill(names.announcement);
    await d
      .getByLabel('Expires At')
      .fill(iso(new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1)));
    await save(d);
    await expect(d.getByRole('alert')).toHaveText('Expiration date cannot be before the event date.');
    await d.getByLabel('Expires At').fill(iso(week));
    await d.getByLabel('Type').selectOption('Exam');
    await d.getByLabel('Description').fill('Twenty MCQs on the cranial nerves.');
    await expectNoSeriousA11y(page, 'announcement modal');
    await shot(page, testInfo, 'announcement-modal');
    await save(d);
    await expect(d).toHaveCount(0);
    const row = page
      .getByRole('table', { name: 'Announcements' })
      .getByRole('row')
      .filter({ hasText: names.announcement });
    await expect(row).toContainText('Exam');
    await expectNoSeriousA11y(page, 'announcements tab');
    await shot(page, testInfo, 'announcements');
  });

  await test.step('the admin sees the announcement on /announcements without pressing SYNC', async () => {
    await page.goto('/announcements');
    await expect(page.getByRole('heading', { name: names.announcement })).toBeVisible({ timeout: 20_000 });
  });

  await test.step('a student of that year sees all of it after one sync, and again offline', async () => {
    const student = await createUser({ prefix: 'builds', yearGroup: DEMO.secondYear });
    const context = await browser.newContext();
    try {
      const s = await context.newPage();
      await signIn(s, student.email, student.password);
      await expect(dashboardModule(s, names.module)).toBeVisible({ timeout: 20_000 });

      // Live: the admin renames the module; the open dashboard follows within seconds, no SYNC pressed.
      const renamed = `${names.module} II`;
      await page.goto('/dashboard/modules');
      await searchList(page, 'Search modules', names.module, page.getByRole('table', { name: 'Modules' }));
      await page.getByRole('button', { name: `Edit ${names.module}` }).click();
      const edit = dialog(page, 'Edit Module');
      await edit.getByLabel('Module Name').fill(renamed);
      await save(edit);
      await expect(edit).toHaveCount(0);
      await expect(dashboardModule(s, renamed)).toBeVisible({ timeout: 15_000 });
      names.module = renamed;

      await dashboardModule(s, names.module).click();
      await expect(s.getByRole('heading', { level: 1, name: names.module })).toBeVisible();
      await s
        .getByRole('list', { name: 'Subjects' })
        .getByRole('link', { name: new RegExp(names.subject) })
        .click();
      await expect(s.getByRole('main').getByText(names.topic).first()).toBeVisible({ timeout: 20_000 });
      await waitForServiceWorker(s);
      await s.goto('/announcements');
      await expect(s.getByRole('heading', { name: names.announcement })).toBeVisible();

      await context.setOffline(true);
      await expectPageOffline(s);
      await s.goto('/dashboard');
      await expect(dashboardModule(s, names.module)).toBeVisible();
      await s.goto('/announcements');
      await expect(s.getByRole('heading', { name: names.announcement })).toBeVisible();
    } finally {
      await context.close();
    }
  });
});
