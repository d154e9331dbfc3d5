// Journey (issue 11): what a browser and a new visitor see first — a title per route, `HEAD /` and
// `/favicon.ico` answered, and an offline first sign-in showing one modal, not two.
import { expect, test } from '@playwright/test';
import { createUser } from '../support/accounts.ts';
import { expectNoSeriousA11y } from '../support/a11y.ts';
import { waitForServiceWorker } from '../support/study.ts';
import { authDialog, openAuth, signedOutDialog, submitLogin, signIn } from '../support/ui.ts';

test('HEAD / answers like GET /, and /favicon.ico is an icon', async ({ request }) => {
  const get = await request.get('/');
  expect(get.status()).toBe(200);
  const head = await request.head('/');
  expect(head.status()).toBe(200);
  expect(head.headers()['content-type']).toBe(get.headers()['content-type']);
  expect((await request.head('/dashboard')).status()).toBe(200);
  const icon = await request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/^image\//);
  expect((await icon.body()).length).toBeGreaterThan(100);
});

test('every route has its own document title', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Zan/);
  const landing = await page.title();
  await page.goto('/no/such/page');
  await expect(page).toHaveTitle('Page Not Found · Zan');

  const user = await createUser({ prefix: 'titles' });
  await signIn(page, user.email, user.password);
  await expect(page).toHaveTitle('Dashboard · Zan');
  const seen = new Set([landing, 'Dashboard · Zan']);
  for (const [path, title] of [
    ['/dashboard/stats', 'Stats · Zan'],
    ['/dashboard/account', 'Account · Zan'],
    ['/zancards', 'Deck Browser · Zan'],
    ['/announcements', 'Announcements · Zan'],
    ['/install', 'Install Zan · Zan'],
    ['/dashboard/users', 'Access Denied · Zan'],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
    seen.add(title);
  }
  expect(seen.size).toBe(8);
  // A module and a subject are titled by their names.
  await page.goto('/dashboard');
  await page
    .getByRole('main')
    .getByRole('link', { name: /Foundations of Medicine/ })
    .click();
  await expect(page).toHaveTitle('Foundations of Medicine · Zan');
  await page
    .getByRole('list', { name: 'Subjects' })
    .getByRole('link', { name: /Cell Biology/ })
    .click();
  await expect(page).toHaveTitle(/^Cell Biology · Zan$/);
});

test('an offline first sign-in shows the Signed Out notice alone, not over the sign-in modal', async ({
  page,
  context,
}) => {
  const user = await createUser({ prefix: 'offlinefirst' });
  await page.goto('/');
  await waitForServiceWorker(page);
  await context.setOffline(true);
  try {
    const dialog = await openAuth(page, 'login');
    await submitLogin(dialog, user.email, user.password);
    const notice = signedOutDialog(page);
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('You must be online for your first login.');
    await expect(authDialog(page, 'login')).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await expectNoSeriousA11y(page, 'offline first sign-in');
    await notice.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Get Started for Free' })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});
