// Journey (issue 22, search for students): a student syncs a subject, goes offline, presses '/' and
// finds 'mitochond…' across a card, a question and a lecture section (highlighted, with module › subject
// › topic), is told which subjects are not downloaded, and opens each hit where it is: the card first in
// its deck, the question first in its quiz, the lecture at its heading. Desktop and phone; axe-core on
// the search.
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import path from 'node:path';
import { createUser } from '../support/accounts.ts';
import { expectNoSeriousA11y } from '../support/a11y.ts';
import {
  keepModulesOff,
  expectPageOffline,
  moduleGroup,
  openSubject,
  resourcesNav,
  STUDY,
  waitForServiceWorker,
} from '../support/study.ts';
import { signIn } from '../support/ui.ts';

const F = STUDY.foundations;
const QUERY = 'Mitochond';
const PLACE = `${F.module} › ${F.subject} › ${F.topics[0]}`;

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Search' });
const field = (page: Page) => dialog(page).getByRole('combobox', { name: 'Search this device' });
const group = (page: Page, name: string) => dialog(page).getByRole('group', { name: new RegExp(`^${name}`) });

async function openSearch(page: Page, how: 'key' | 'button') {
  if (how === 'key') {
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('/');
  } else {
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
  }
  await expect(field(page)).toBeFocused();
}

async function screenshot(page: Page, testInfo: TestInfo, name = 'student-search') {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  const dir = path.resolve(import.meta.dirname, '../../docs/screenshots');
  await page.screenshot({
    path: path.join(dir, `${name}-${testInfo.project.name === 'phone' ? 'phone' : 'desktop'}.png`),
  });
}

test('offline: a word found across a card, a question and a lecture, each opened where it is', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(180_000);
  const user = await createUser({ prefix: 'search' });
  // Issue 18: this journey is about modules that are not on the device yet.
  await keepModulesOff(page, user.uid);
  await test.step('sign in, download a subject, go offline', async () => {
    await signIn(page, user.email, user.password);
    await expect(moduleGroup(page, 'UG-1').getByRole('link', { name: new RegExp(F.module) })).toBeVisible({
      timeout: 20_000,
    });
    await openSubject(page, F.module, F.subject);
    await expect(resourcesNav(page).getByRole('link', { name: /^Organelles Quiz/ })).toBeVisible({
      timeout: 20_000,
    });
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await expectPageOffline(page);
    await screenshot(page, testInfo, 'student-search-header');
  });

  await test.step("'/' opens the search; the results are grouped, placed and highlighted", async () => {
    await openSearch(page, 'key');
    await expect(
      dialog(page).getByText('Search the cards, questions, lectures and announcements on this device.'),
    ).toBeVisible();
    // The other modules' subjects are not on this device: said, with the action that downloads them
    // (offline it waits for the network, its reason shown).
    await expect(dialog(page).getByText(/subjects? (is|are) not downloaded to this device/)).toBeVisible();
    await expect(dialog(page).getByRole('button', { name: 'Download everything' })).toBeDisabled();
    await field(page).fill(QUERY);
    for (const name of ['Cards', 'Questions', 'Lectures'])
      await expect(group(page, name)).toBeVisible({ timeout: 20_000 });
    const card = group(page, 'Cards').getByRole('option', { name: /Main functions of the mitochondrion/ });
    await expect(card).toContainText(PLACE);
    await expect(card.locator('mark').first()).toHaveText(/^mitochond/i);
    await expect(
      group(page, 'Lectures').getByRole('option', { name: /Energy: the mitochondrion/ }),
    ).toBeVisible();
    await expectNoSeriousA11y(page, 'search: results');
    await screenshot(page, testInfo);
    await field(page).fill('zzqxj');
    await expect(dialog(page).getByRole('status')).toHaveText('No results for “zzqxj”.');
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
  });

  await test.step('the card opens first in its deck (keyboard: arrows, Enter)', async () => {
    await openSearch(page, 'button');
    await field(page).fill(QUERY);
    const first = group(page, 'Cards').getByRole('option').first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    // Down to the last result and round to the first again.
    const count = await dialog(page).getByRole('option').count();
    for (let i = 0; i < count; i++) await page.keyboard.press('ArrowDown');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(dialog(page)).toBeHidden();
    await expect(page).toHaveURL(/\/deck\/[^/?]+\?card=/);
    await expect(page.getByRole('region', { name: 'Question', exact: true })).toContainText(
      'Main functions of the mitochondrion',
    );
  });

  await test.step('the question opens first in its quiz', async () => {
    await openSearch(page, 'button');
    await field(page).fill(`${QUERY} children`);
    await group(page, 'Questions').getByRole('option').first().click();
    await expect(page).toHaveURL(/\?quiz=[^&]+&question=/);
    const quiz = page.getByRole('region', { name: /^Quiz: / });
    await expect(quiz.getByText(/^Question 1 of \d+$/)).toBeVisible();
    await expect(quiz).toContainText('A woman has a disease caused by a mutation in mitochondrial DNA');
  });

  await test.step('the lecture opens at its heading', async () => {
    await openSearch(page, 'key');
    await field(page).fill(QUERY);
    await group(page, 'Lectures')
      .getByRole('option', { name: /Energy: the mitochondrion/ })
      .click();
    await expect(page).toHaveURL(/\?lecture=[^&]+&heading=lecture-h-\d+/);
    const heading = page.getByRole('heading', { name: 'Energy: the mitochondrion' });
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
  });
});
