// Journey (issue 11, phone): at 390 × 844 a visitor, a student and a superadmin walk every screen and
// state the desktop journeys visit, and axe-core checks each (no serious or critical violation). Runs in
// the 'phone' project only; the desktop journeys gate the same screens at 1280 wide.
import { expect, test, type Page } from '@playwright/test';
import { createUser, superadminFor } from '../support/accounts.ts';
import { expectNoSeriousA11y } from '../support/a11y.ts';
import {
  answerFace,
  expectPageOffline,
  openDeck,
  openSubject,
  player,
  pressOnPlayer,
  questionFace,
  STUDY,
  waitForServiceWorker,
} from '../support/study.ts';
import { authDialog, openAuth, signIn, signInWithForm, submitLogin } from '../support/ui.ts';

test.describe.configure({ mode: 'parallel' });

const F = STUDY.foundations;
const QUIZ = 'Organelles Quiz';
const LECTURE = 'The Eukaryotic Cell and Its Organelles';

/** Opens the shell's phone menu, checks it, and follows one of its links (or closes it). */
async function viaMenu(page: Page, link: string | null, label: string): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expectNoSeriousA11y(page, label);
  if (link) await menu.getByRole('link', { name: link, exact: true }).click();
  else await menu.getByRole('button', { name: 'Close menu' }).click();
  await expect(menu).toHaveCount(0);
}

/** Opens a study-page side panel ('Topics' or the right one) on a phone, checks it, closes it. */
async function sidePanel(page: Page, name: RegExp, label: string): Promise<void> {
  await page.getByRole('main').getByRole('button', { name }).first().click();
  const panel = page.getByRole('dialog').last();
  await expect(panel).toBeVisible();
  await expectNoSeriousA11y(page, label);
  await panel.getByRole('button', { name: 'Close panel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('phone: the visitor screens', { tag: '@phone-only' }, async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousA11y(page, 'landing');
  const login = await openAuth(page, 'login');
  await submitLogin(login, 'nobody@e2e.test', 'wrong-pass');
  await expect(login.getByRole('alert')).toBeVisible();
  await expectNoSeriousA11y(page, 'sign-in refused');
  await login.getByRole('button', { name: 'Forgot password?' }).click();
  const forgot = page.getByRole('dialog', { name: 'Reset your password' });
  await forgot.getByLabel('Email').fill('');
  await forgot.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(forgot.getByRole('alert')).toBeVisible();
  await expectNoSeriousA11y(page, 'forgot password refused');
  await page.keyboard.press('Escape');
  const signup = await openAuth(page, 'signup');
  await signup.getByRole('button', { name: 'Create Account' }).click();
  await expect(signup.getByRole('alert')).toBeVisible();
  await expectNoSeriousA11y(page, 'sign-up refused');
  await page.keyboard.press('Escape');
  await expect(authDialog(page, 'signup')).toHaveCount(0);

  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404: Page Not Found' })).toBeVisible();
  await expectNoSeriousA11y(page, '404 signed out');
  await page.goto('/reset-password?token=not-a-real-token');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousA11y(page, 'reset password page');

  const unverified = await createUser({ prefix: 'phoneunverified', verified: false });
  await signInWithForm(page, unverified.email, unverified.password, /\/verify-email$/);
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await expectNoSeriousA11y(page, 'verify email');
});

// The student's screens in two tests (about 20 axe runs between them), so neither nears its time limit on
// a busy machine: online (dashboard to lecture), then offline and the other signed-in pages.
test('phone: the student screens online', { tag: '@phone-only' }, async ({ page }) => {
  test.setTimeout(240_000);
  const user = await createUser({ prefix: 'phonetour' });
  await signIn(page, user.email, user.password);
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(
    ["Today's review", 'Offline study', 'Global', 'UG-1'],
    {
      timeout: 20_000,
    },
  );
  await expectNoSeriousA11y(page, 'student dashboard');
  await viaMenu(page, null, 'shell menu');

  await viaMenu(page, 'Stats', 'shell menu');
  await expect(page.getByText('No Study Data Found')).toBeVisible();
  await expectNoSeriousA11y(page, 'stats empty');

  await page.goto('/dashboard');
  await page
    .getByRole('main')
    .getByRole('link', { name: new RegExp(F.module) })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: F.module })).toBeVisible();
  await expectNoSeriousA11y(page, 'module page');
  await page
    .getByRole('list', { name: 'Subjects' })
    .getByRole('link', { name: new RegExp(F.subject) })
    .click();
  await expect(page.getByRole('main').getByRole('navigation', { name: 'Breadcrumb' })).toContainText(
    F.subject,
  );
  await expect(page.getByRole('main').getByRole('navigation', { name: 'Resources' })).toBeVisible();
  await expectNoSeriousA11y(page, 'study page');
  await sidePanel(page, /Topics/, 'study topics panel');
  await sidePanel(page, /Details|Topic details/, 'study details panel');
  await waitForServiceWorker(page);

  await openDeck(page, F.deck);
  await expectNoSeriousA11y(page, 'flashcards question');
  await pressOnPlayer(page, 'Space');
  await expect(answerFace(page)).toBeVisible();
  await expectNoSeriousA11y(page, 'flashcards answer');
  await pressOnPlayer(page, '3');
  await player(page, F.deck).getByRole('button', { name: 'Suspend', exact: true }).click();
  await sidePanel(page, /Suspended/, 'flashcards suspended panel');

  const resources = page.getByRole('main').getByRole('navigation', { name: 'Resources' });
  await resources.getByRole('link', { name: new RegExp(`^${QUIZ}`) }).click();
  const quiz = page.getByRole('region', { name: `Quiz: ${QUIZ}` });
  await expect(quiz.getByText('Question 1 of 3')).toBeVisible();
  await expectNoSeriousA11y(page, 'quiz question');
  for (let n = 1; n <= 3; n++) {
    await quiz.getByRole('radiogroup', { name: 'Answer options' }).getByRole('radio').first().click();
    await quiz.getByRole('button', { name: 'Check Answer' }).click();
    if (n === 1) await expectNoSeriousA11y(page, 'quiz checked');
    await quiz.getByRole('button', { name: 'Next Question' }).click();
  }
  await expect(quiz.getByRole('heading', { name: 'Quiz Complete' })).toBeVisible();
  await expectNoSeriousA11y(page, 'quiz complete');

  await resources.getByRole('link', { name: new RegExp(`^${LECTURE}`) }).click();
  const article = page.getByRole('article', { name: LECTURE });
  await expect(article).toBeVisible();
  await article.getByRole('switch', { name: 'Recall mode' }).click();
  await expectNoSeriousA11y(page, 'lecture, recall mode');
  await sidePanel(page, /On This Page/, 'lecture outline panel');
});

test(
  'phone: the student screens offline, and the other signed-in pages',
  { tag: '@phone-only' },
  async ({ page, context }) => {
    test.setTimeout(240_000);
    const user = await createUser({ prefix: 'phonetouroff' });
    await signIn(page, user.email, user.password);
    await openSubject(page, F.module, F.subject);
    await waitForServiceWorker(page);
    // One card rated, so the deck browser offers to reset its progress.
    await openDeck(page, F.deck);
    // The player is shown before its first card: Space before the card would show nothing.
    await expect(questionFace(page)).toBeVisible();
    await pressOnPlayer(page, 'Space');
    await expect(answerFace(page)).toBeVisible();
    await pressOnPlayer(page, '3');
    await expect(
      page
        .getByRole('main')
        .getByRole('navigation', { name: 'Resources' })
        .getByRole('link', { name: new RegExp(`^${QUIZ}`) }),
    ).toBeVisible();

    // Offline: the 'Offline' pill on every screen from here on.
    await context.setOffline(true);
    await expectPageOffline(page);
    await page.goto('/zancards');
    await expect(page.getByRole('heading', { level: 1, name: 'Deck Browser' })).toBeVisible();
    const tree = page.getByRole('list', { name: 'Decks' });
    for (const name of [F.module, F.subject, F.topics[0]]) {
      const branch = tree
        .getByRole('button', { name: new RegExp(name.replace(/[.*+?^${}()|[\]\\&]/g, '\\$&')) })
        .first();
      if ((await branch.getAttribute('aria-expanded')) !== 'true') await branch.click();
    }
    await expectNoSeriousA11y(page, 'deck browser offline');
    await tree.getByRole('button', { name: `Reset progress of ${F.deck}` }).click();
    await expect(page.getByRole('dialog', { name: 'Reset deck progress?' })).toBeVisible();
    await expectNoSeriousA11y(page, 'reset deck dialog');
    await page.keyboard.press('Escape');

    await page.goto('/announcements');
    await expect(page.getByRole('list', { name: 'Announcements' })).toBeVisible();
    await expectNoSeriousA11y(page, 'announcements offline');
    await page.goto('/dashboard/stats');
    await expect(page.getByRole('heading', { name: 'Stats', level: 1 })).toBeVisible();
    await expectNoSeriousA11y(page, 'stats offline');
    await page.goto('/dashboard/account');
    await expect(page.getByRole('heading', { name: 'Account', exact: true })).toBeVisible();
    await expectNoSeriousA11y(page, 'account offline');
    // Account → Scheduler with FSRS chosen (not saved): its fields, and 'Optimize' says it needs a connection.
    const scheduler = page.getByRole('region', { name: 'Scheduler' });
    await scheduler.getByRole('radio', { name: /FSRS/ }).check();
    await expect(scheduler.getByText('Optimize needs a connection: you are offline.')).toBeVisible();
    await expectNoSeriousA11y(page, 'account scheduler FSRS offline');
    await context.setOffline(false);

    await page.goto('/install');
    await expect(page.getByRole('heading', { name: 'Install Zan' })).toBeVisible();
    await expectNoSeriousA11y(page, 'install');
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '404: Page Not Found' })).toBeVisible();
    await expectNoSeriousA11y(page, '404 signed in');
    await page.goto('/dashboard/users');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expectNoSeriousA11y(page, 'access denied');
  },
);

test('phone: the superadmin screens', { tag: '@phone-only' }, async ({ page }, testInfo) => {
  const admin = superadminFor(testInfo);
  await signIn(page, admin.email, admin.password, '/dashboard/users');
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Users', exact: true }).getByRole('row').nth(1),
  ).toBeVisible();
  await expectNoSeriousA11y(page, 'user management');
  await viaMenu(page, null, 'admin shell menu');
  await page.goto('/dashboard/colleges');
  await expect(page.getByRole('heading', { name: 'College Management' })).toBeVisible();
  await page.getByRole('button', { name: 'Add College' }).click();
  await expect(page.getByRole('alert')).toHaveText('College name cannot be empty.');
  await expectNoSeriousA11y(page, 'college management');
  await page.goto('/dashboard/account');
  await expect(page.getByRole('heading', { name: 'Account', exact: true })).toBeVisible();
  await expectNoSeriousA11y(page, 'admin account');
});
