// Journey (issue 4): study for a while, then with the network off the stats page shows the time in
// Today and in the By Subject table, and 'Export to CSV' downloads both files with the subject's row.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { createUser, DEMO } from '../support/accounts.ts';
import {
  expectPageOffline,
  openSubject,
  STUDY,
  timerSeconds,
  waitForServiceWorker,
} from '../support/study.ts';
import { signIn } from '../support/ui.ts';
import { expectNoSeriousA11y } from '../support/a11y.ts';

const F = STUDY.foundations;

/** '1h 5m 3s' → 3903. */
function seconds(text: string): number {
  const m = /^(?:(\d+)h )?(?:(\d+)m )?(\d+)s$/.exec(text.trim());
  if (!m) throw new Error(`unreadable duration: ${text}`);
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3]);
}

async function download(page: Page, click: () => Promise<void>, count: number) {
  const files: { name: string; text: string }[] = [];
  const done = new Promise<void>((resolve) => {
    page.on('download', async (d) => {
      const path = await d.path();
      files.push({ name: d.suggestedFilename(), text: await readFile(path, 'utf8') });
      if (files.length === count) resolve();
    });
  });
  await click();
  await done;
  return files;
}

test('stats: study time shows offline in Today and By Subject, and in the CSV export', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const user = await createUser({ prefix: 'stats', college: DEMO.college, yearGroup: DEMO.firstYear });
  const context = await browser.newContext({ acceptDownloads: true });
  try {
    const page = await context.newPage();
    await signIn(page, user.email, user.password);
    await expect(page.getByRole('heading', { name: `Welcome, ${user.firstName}` })).toBeVisible();

    await test.step('no study yet: No Study Data Found', async () => {
      await page.getByRole('banner').getByRole('link', { name: 'Stats', exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard\/stats$/);
      await expect(page.getByText('No Study Data Found')).toBeVisible();
      await expectNoSeriousA11y(page, 'stats: empty');
      await page.getByRole('banner').getByRole('link', { name: 'Dashboard', exact: true }).click();
    });

    const studied = await test.step('study online for a while, then Stop & Save', async () => {
      await expect(page.getByRole('main').getByRole('link', { name: new RegExp(F.module) })).toBeVisible({
        timeout: 20_000,
      });
      await openSubject(page, F.module, F.subject);
      await waitForServiceWorker(page);
      await expect.poll(() => timerSeconds(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
      const before = await timerSeconds(page);
      await page.getByRole('button', { name: 'Stop & Save' }).click();
      return before;
    });

    await test.step('offline: the stats page shows the time in Today and By Subject', async () => {
      await context.setOffline(true);
      await expectPageOffline(page);
      await page.getByRole('banner').getByRole('link', { name: 'Stats', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Stats', level: 1 })).toBeVisible();
      const today = page.getByTestId('period-today').locator('p').first();
      await expect(today).toHaveText(/^\d+s$/);
      const todaySeconds = seconds(await today.innerText());
      expect(todaySeconds).toBeGreaterThanOrEqual(studied);
      expect(todaySeconds).toBeLessThanOrEqual(studied + 2);

      const row = page
        .getByRole('table', { name: 'Study time by subject' })
        .getByRole('row', { name: new RegExp(F.subject) });
      await expect(row).toHaveCount(1);
      await expect(row.getByRole('cell').nth(0)).toHaveText(new RegExp(`^${F.module}( \\(UG-\\d+\\))?$`));
      await expect(row.getByRole('cell').nth(1)).toHaveText(await today.innerText());
      await expect(row.getByRole('cell').nth(2)).toHaveText('1');
      await expectNoSeriousA11y(page, 'stats offline');

      // The heatmap takes the keyboard: Tab reaches it, arrow keys read the days out (issue 11).
      const heatmap = page.getByRole('group', { name: /^Past year by day/ });
      await heatmap.focus();
      await expect(heatmap).toBeFocused();
      await page.keyboard.press('End');
      await expect(page.locator('#heatmap-day')).toHaveText(/^\w{3}, .+: \d+s$/);
      await page.keyboard.press('ArrowLeft');
      await expect(page.locator('#heatmap-day')).toHaveText(/: no study$/);
    });

    await test.step('offline: Export to CSV downloads both files with the subject row', async () => {
      const files = await download(
        page,
        () => page.getByRole('button', { name: 'Export to CSV' }).click(),
        2,
      );
      const byName = new Map(files.map((f) => [f.name, f.text.replace(/^\uFEFF/, '')]));
      expect([...byName.keys()].sort()).toEqual(['study-stats-by-module.csv', 'study-stats-by-subject.csv']);
      const subjectLines = byName.get('study-stats-by-subject.csv')!.split('\r\n');
      expect(subjectLines[0]).toBe('Subject,Module,Total Time,Sessions,Average,Total Seconds');
      expect(subjectLines[1]).toMatch(
        new RegExp(`^${F.subject},${F.module}( \\(UG-\\d+\\))?,\\d+s,1,\\d+s,\\d+$`),
      );
      expect(byName.get('study-stats-by-module.csv')).toContain(F.module);
    });
  } finally {
    await context.close();
  }
});
