// Journey (issue 11, offline by choice): a student makes a module available offline from its module page
// (progress, then the 'Available offline' marks on the module, its subjects and its dashboard card),
// goes offline (the action is disabled with its reason) and studies a subject never opened before;
// back online, 'Download everything' on the dashboard fetches the rest and marks every module; stopping
// keeps what was downloaded.
import { expect, test, type Page } from '@playwright/test';
import { createUser } from '../support/accounts.ts';
import {
  keepModulesOff,
  expectAllTopicsDownloaded,
  expectCounts,
  expectPageOffline,
  moduleGroup,
  openDeck,
  rateWithKeyboard,
  STUDY,
  studyBreadcrumb,
  waitForServiceWorker,
} from '../support/study.ts';
import { signIn } from '../support/ui.ts';

const F = STUDY.foundations;
/** A subject of the Foundations module the student never opens online. */
const PHARMA = {
  subject: 'Principles of Pharmacology',
  topics: ['Pharmacokinetics', 'Receptors & Pharmacodynamics'],
  deck: 'Pharmacokinetics Essentials',
  deckSize: 8,
};
const MARK = 'Available offline';
/** The seeded global module (other journeys may add global modules of their own while this one runs). */
const globalCard = (page: Page) =>
  moduleGroup(page, 'Global').getByRole('link', { name: new RegExp(STUDY.global.module) });
const OFFLINE_REASON = 'You are offline. Connect to the internet to download.';

const offlinePanel = (page: Page) => page.getByRole('region', { name: 'Offline study' });

/** Records every progress reading ('done of total') and status text the offline panel shows from now on. */
async function recordProgress(page: Page): Promise<() => Promise<{ bars: string[]; texts: string[] }>> {
  await page.evaluate(() => {
    const w = window as unknown as { __offline: { bars: string[]; texts: string[] } };
    w.__offline = { bars: [], texts: [] };
    const seen = () => {
      for (const bar of document.querySelectorAll('[role="progressbar"]')) {
        const reading = `${bar.getAttribute('aria-valuenow')}/${bar.getAttribute('aria-valuemax')}`;
        if (w.__offline.bars.at(-1) !== reading) w.__offline.bars.push(reading);
      }
      const region = document.querySelector('section[aria-labelledby] [role="status"]');
      const text = (region?.textContent ?? '').trim();
      if (text && w.__offline.texts.at(-1) !== text) w.__offline.texts.push(text);
    };
    new MutationObserver(seen).observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      characterData: true,
    });
  });
  return () =>
    page.evaluate(() => (window as unknown as { __offline: { bars: string[]; texts: string[] } }).__offline);
}

test('offline by choice: keep a module offline, study a never-opened subject without network, then download everything', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const user = await createUser({ prefix: 'keepoffline' });
  // Issue 18: this journey is about modules that are not on the device yet.
  await keepModulesOff(page, user.uid);

  await test.step('sign in: the dashboard offers offline study, nothing is available offline yet', async () => {
    await signIn(page, user.email, user.password);
    await expect(moduleGroup(page, 'UG-1').getByRole('link', { name: new RegExp(F.module) })).toBeVisible({
      timeout: 20_000,
    });
    await expect(offlinePanel(page)).toContainText(/(?<!\d)0 of \d+ modules available offline/);
    await expect(offlinePanel(page).getByRole('button', { name: 'Download everything' })).toBeEnabled();
    await expect(page.getByRole('main').getByText(MARK, { exact: true })).toHaveCount(0);
  });

  await test.step('module page: Make available offline downloads every topic with progress', async () => {
    await page
      .getByRole('main')
      .getByRole('link', { name: new RegExp(F.module) })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: F.module })).toBeVisible();
    const section = page.getByRole('region', { name: 'Offline study' });
    await expect(section).toContainText('0 of 4 topics on this device.');
    const progress = await recordProgress(page);
    await section.getByRole('button', { name: 'Make available offline' }).click();
    await expect(section.getByRole('status')).toContainText('Available offline: 4 topics downloaded', {
      timeout: 20_000,
    });
    await expect(section).toContainText('Every topic is on this device and is refreshed at every sync.');
    const seen = await progress();
    expect(seen.bars[0]).toBe('0/4');
    expect(seen.texts[0]).toMatch(/^Downloading for offline use: \d of 4 topics/);
    // The marks: on the module header and on each of its subjects.
    await expect(page.getByRole('main').getByText(MARK, { exact: true })).toHaveCount(3);
    const subjects = page.getByRole('list', { name: 'Subjects' });
    for (const name of [F.subject, PHARMA.subject])
      await expect(subjects.getByRole('link', { name: new RegExp(name) })).toContainText(MARK);
  });

  await test.step('dashboard: the module card carries the mark', async () => {
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await expect(moduleGroup(page, 'UG-1').getByRole('link', { name: new RegExp(F.module) })).toContainText(
      MARK,
    );
    await expect(globalCard(page)).not.toContainText(MARK);
    await expect(offlinePanel(page)).toContainText(/(?<!\d)1 of \d+ modules available offline/);
    await waitForServiceWorker(page);
  });

  await test.step('offline: downloading is disabled with its reason', async () => {
    await context.setOffline(true);
    await expectPageOffline(page);
    const button = offlinePanel(page).getByRole('button', { name: 'Download everything' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(OFFLINE_REASON);
  });

  await test.step('offline: a subject never opened before is studied from the device', async () => {
    await page
      .getByRole('main')
      .getByRole('link', { name: new RegExp(F.module) })
      .click();
    await page
      .getByRole('list', { name: 'Subjects' })
      .getByRole('link', { name: new RegExp(PHARMA.subject) })
      .click();
    await expect(studyBreadcrumb(page)).toContainText(PHARMA.subject);
    await expectAllTopicsDownloaded(page, PHARMA.topics);
    await openDeck(page, PHARMA.deck);
    await expectCounts(page, { new: PHARMA.deckSize, due: 0, suspended: 0 });
    await rateWithKeyboard(page, '3');
    await expectCounts(page, { new: PHARMA.deckSize - 1, due: 0, suspended: 0 });
  });

  await test.step('online: Download everything fetches the rest and marks every module', async () => {
    await context.setOffline(false);
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).first().click();
    const button = offlinePanel(page).getByRole('button', { name: 'Download everything' });
    await expect(button).toBeEnabled();
    await button.click();
    await expect(offlinePanel(page).getByRole('status')).toContainText(
      /Available offline: \d+ topics? downloaded/,
      { timeout: 20_000 },
    );
    await expect(offlinePanel(page)).toContainText(
      'Everything is on this device and is refreshed at every sync.',
    );
    await expect(offlinePanel(page)).toContainText(/Zan uses about [\d.]+ [KMG]?B on this device/);
    await expect(globalCard(page)).toContainText(MARK);
    await expect(moduleGroup(page, 'UG-1').getByRole('link', { name: new RegExp(F.module) })).toContainText(
      MARK,
    );
  });

  await test.step('stop keeping everything: the content stays, the choice goes', async () => {
    await offlinePanel(page).getByRole('button', { name: 'Stop keeping everything offline' }).click();
    await expect(offlinePanel(page)).toContainText(/(?<!\d)(\d+) of \1 modules available offline/);
    await expect(offlinePanel(page).getByRole('button', { name: 'Download everything' })).toBeEnabled();
    await expect(globalCard(page)).toContainText(MARK);
  });
});
