// Journeys (issue 7): a superadmin archives a topic and the student loses it; Restore brings it back;
// archived again, it is deleted for good from Archived Content after a confirmation naming what goes.
// An admin sees no archive action anywhere.
import { expect, test, type Page } from '@playwright/test';
import { createUser, superadminFor } from '../support/accounts.ts';
import { expectNoSeriousA11y } from '../support/a11y.ts';
import { buildContent, createAdmin, openAdminTab, signedInApi, tag, type Built } from '../support/content.ts';
import { shot } from '../support/shots.ts';
import { syncButton } from '../support/study.ts';
import { searchList, signIn } from '../support/ui.ts';

async function setup(
  testInfo: Parameters<Parameters<typeof test>[2]>[1],
): Promise<{ built: Built; admin: Awaited<ReturnType<typeof createAdmin>> }> {
  const admin = await createAdmin(testInfo);
  const api = await signedInApi(admin.email, admin.password);
  try {
    const built = await buildContent(api, tag());
    await api.post('/api/session/sign-out');
    return { built, admin };
  } finally {
    await api.dispose();
  }
}

/** The student's study page of the subject: its topics panel. */
async function openStudentSubject(s: Page, b: Built) {
  await s.goto('/dashboard');
  await s
    .getByRole('main')
    .getByRole('link', { name: new RegExp(b.module) })
    .click();
  await s
    .getByRole('list', { name: 'Subjects' })
    .getByRole('link', { name: new RegExp(b.subject) })
    .click();
}

async function studentSees(s: Page, b: Built, visible: boolean) {
  await syncButton(s).click();
  await openStudentSubject(s, b);
  // The topics panel on a wide screen; the open topic's heading on a phone.
  const topic = s.getByRole('main').getByText(b.topic);
  if (visible) await expect(topic.first()).toBeVisible({ timeout: 20_000 });
  else await expect(topic).toHaveCount(0, { timeout: 20_000 });
}

async function archiveTopic(page: Page, b: Built) {
  await page.goto('/dashboard/topics');
  const table = page.getByRole('table', { name: 'Topics' });
  await searchList(page, 'Search topics', b.topic, table);
  const row = table.getByRole('row').filter({ hasText: b.topic });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Archive ${b.topic}` }).click();
  const d = page.getByRole('dialog', { name: 'Archive topic?' });
  await expect(d).toContainText('restored later');
  await expect(d).toContainText('flashcards, MCQs and HTML are not deleted');
  await d.getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(page.getByText(`Topic "${b.topic}" archived.`)).toBeVisible();
}

test('a superadmin archives a topic, the student loses it, Restore brings it back; then it is deleted for good', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const { built: b } = await setup(testInfo);
  const student = await createUser({ prefix: 'archive' });
  const context = await browser.newContext();
  try {
    const s = await context.newPage();
    await signIn(s, student.email, student.password);
    await studentSees(s, b, true);

    const sa = superadminFor(testInfo);
    await signIn(page, sa.email, sa.password);
    await archiveTopic(page, b);
    await studentSees(s, b, false);

    await openAdminTab(page, 'Archived Content', '/dashboard/archive');
    const topics = page.getByRole('table', { name: 'Archived topics' });
    const row = topics.getByRole('row').filter({ hasText: b.topic });
    await expect(row).toContainText(`${b.subject} · ${b.module}`);
    await expectNoSeriousA11y(page, 'archive tab');
    await shot(page, testInfo, 'archive');
    await row.getByRole('button', { name: `Restore ${b.topic}` }).click();
    await expect(page.getByText('Topic restored successfully!')).toBeVisible();
    await expect(row).toHaveCount(0);
    await studentSees(s, b, true);

    await archiveTopic(page, b);
    await page.goto('/dashboard/archive');
    await page
      .getByRole('table', { name: 'Archived topics' })
      .getByRole('button', { name: `Delete Permanently ${b.topic}` })
      .click();
    const d = page.getByRole('dialog', { name: 'Permanently delete topic?' });
    await expect(d).toContainText(b.topic);
    await expect(d).toContainText(/Also deleted: .+\.|Nothing else is stored under it\./);
    await expect(d).toContainText('This cannot be undone.');
    await expectNoSeriousA11y(page, 'permanent delete dialog');
    await shot(page, testInfo, 'archive-delete');
    await d.getByRole('button', { name: 'Delete Permanently' }).click();
    await expect(page.getByText('Topic permanently deleted.')).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Archived topics' }).getByRole('row').filter({ hasText: b.topic }),
    ).toHaveCount(0);
    await studentSees(s, b, false);
  } finally {
    await context.close();
  }
});

test('an admin sees no archive action and no Archived Content tab', async ({ page }, testInfo) => {
  const { built: b, admin } = await setup(testInfo);
  await signIn(page, admin.email, admin.password);
  const modules = page.getByRole('table', { name: 'Modules' });
  const edit = modules
    .getByRole('row')
    .filter({ hasText: b.module })
    .getByRole('button', { name: `Edit ${b.module}` });
  // The list shows 15 modules a page, by name: other journeys' modules may push this one further down.
  await expect(modules.getByRole('row').first()).toBeVisible();
  await expect(async () => {
    if (!(await edit.isVisible())) await page.getByRole('button', { name: 'Load More Modules' }).click();
    await expect(edit).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(modules.getByRole('button', { name: /^Archive/ })).toHaveCount(0);
  await page.goto(`/admin/module/${b.moduleId}/subjects`);
  await expect(page.getByRole('button', { name: `Edit ${b.subject}` })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Archive/ })).toHaveCount(0);
  await page.goto('/dashboard/topics');
  await page.getByLabel('Search topics').fill(b.topic);
  await expect(page.getByRole('button', { name: `Edit ${b.topic}` })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Archive/ })).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Archived Content' }),
  ).toHaveCount(0);
  await page.goto('/dashboard/archive');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
});
