// Journey (issue 4, item 6): study data on the account page, offline after one sync. Review a few cards,
// export the study data, reset the deck in the deck browser, import the file back (after the overwrite
// confirmation) and see the deck's counts restored; a malformed file gets the spec's message and changes
// nothing. Back online, the imported progress reaches the server.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { createUser } from '../support/accounts.ts';
import {
  expectAllTopicsDownloaded,
  expectCounts,
  expectPageOffline,
  openDeck,
  openSubject,
  rateWithKeyboard,
  serverProgress,
  STUDY,
  waitForServiceWorker,
} from '../support/study.ts';
import { signIn } from '../support/ui.ts';
import { expectNoSeriousA11y } from '../support/a11y.ts';

const F = STUDY.foundations;
const reviewed = 3;

async function openAccount(page: Page) {
  await page.goto('/dashboard/account');
  await expect(page.getByRole('heading', { name: 'Data Management' })).toBeVisible();
}

async function deckCountsOnStudyPage(
  page: Page,
  studyUrl: string,
  counts: { new: number; due: number; suspended: number },
) {
  await page.goto(studyUrl);
  await openDeck(page, F.deck);
  await expectCounts(page, counts);
}

test('study data: export offline, reset the deck, import it back, counts restored; a malformed file changes nothing', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const user = await createUser({ prefix: 'studydata' });
  const context = await browser.newContext({ acceptDownloads: true });
  try {
    const page = await context.newPage();
    await signIn(page, user.email, user.password);
    await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible({
      timeout: 20_000,
    });

    const studyUrl =
      await test.step('online once: open the subject so its topics are on this device', async () => {
        await openSubject(page, F.module, F.subject);
        await expectAllTopicsDownloaded(page, F.topics);
        await waitForServiceWorker(page);
        return page.url();
      });

    await test.step('offline: review a few cards', async () => {
      await context.setOffline(true);
      await expectPageOffline(page);
      await openDeck(page, F.deck);
      await expectCounts(page, { new: F.deckSize, due: 0, suspended: 0 });
      for (let i = 0; i < reviewed; i++) await rateWithKeyboard(page, '3');
      await expectCounts(page, { new: F.deckSize - reviewed, due: 0, suspended: 0 });
    });

    const exported = await test.step('offline: export the study data', async () => {
      await openAccount(page);
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export', exact: true }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^study data \d{4}-\d{2}-\d{2}\.json$/);
      const path = testInfo.outputPath(file.suggestedFilename());
      await file.saveAs(path);
      await expect(page.getByText('Data exported successfully!')).toBeVisible();
      await expectNoSeriousA11y(page, 'account: exported');
      const json = JSON.parse(await readFile(path, 'utf8')) as {
        version: number;
        exportedAt: string;
        data: { userProgress: { itemId: string }[]; studySessions: unknown[] };
      };
      expect(json.version).toBe(1);
      expect(json.data.userProgress).toHaveLength(reviewed);
      return { path, records: json.data.userProgress.length + json.data.studySessions.length };
    });

    await test.step('offline: reset the deck in the deck browser', async () => {
      await page.goto('/zancards');
      const tree = page.getByRole('list', { name: 'Decks' });
      await expect(tree).toBeVisible();
      await expectNoSeriousA11y(page, 'deck browser');
      for (const name of [F.module, F.subject, F.topics[0]]) {
        const branch = tree
          .getByRole('button', { name: new RegExp(name.replace(/[.*+?^${}()|[\]\\&]/g, '\\$&')) })
          .first();
        if ((await branch.getAttribute('aria-expanded')) !== 'true') await branch.click();
      }
      await tree.getByRole('button', { name: `Reset progress of ${F.deck}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Reset deck progress?' });
      await dialog.getByRole('button', { name: 'Reset Progress' }).click();
      await expect(dialog).toHaveCount(0);
      await deckCountsOnStudyPage(page, studyUrl, { new: F.deckSize, due: 0, suspended: 0 });
    });

    await test.step('offline: a malformed file gets the spec message and changes nothing', async () => {
      await openAccount(page);
      await page.getByLabel('Study data file').setInputFiles({
        name: 'broken.json',
        mimeType: 'application/json',
        buffer: Buffer.from('{"version":1}'),
      });
      await expect(page.getByText('Invalid or corrupted data file format.')).toBeVisible();
      await expectNoSeriousA11y(page, 'account: bad file');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await deckCountsOnStudyPage(page, studyUrl, { new: F.deckSize, due: 0, suspended: 0 });
    });

    await test.step('offline: import the exported file back after the confirmation', async () => {
      await openAccount(page);
      await page.getByLabel('Study data file').setInputFiles(exported.path);
      const dialog = page.getByRole('dialog', { name: 'Overwrite your study data?' });
      await expect(dialog).toContainText('overwrite all of your current progress');
      await expect(dialog).toContainText('cannot be undone');
      await expectNoSeriousA11y(page, 'account: overwrite dialog');
      await dialog.getByRole('button', { name: 'Import and overwrite' }).click();
      await expect(page.getByText(`Successfully imported ${exported.records} records.`)).toBeVisible();
      await expectNoSeriousA11y(page, 'account: imported');
      await deckCountsOnStudyPage(page, studyUrl, { new: F.deckSize - reviewed, due: 0, suspended: 0 });
    });

    await test.step('online: the imported progress reaches the server', async () => {
      await context.setOffline(false);
      await expect
        .poll(async () => (await serverProgress(context)).records.filter((r) => r.deckId !== null).length, {
          timeout: 30_000,
        })
        .toBe(reviewed);
    });
  } finally {
    await context.close();
  }
});
