// Journey (issue 4): study for a while, then with the network off the stats page shows the time in
// Today and in the By Subject table, and 'Export to CSV' downloads both files with the subject's row.
// Issue 18: a student whose other device reviewed cards sees their true retention, also offline.
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
import { baseUrl } from '../support/accounts.ts';
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

const DAY_MS = 86_400_000;
const FSRS = {
  scheduler: 'fsrs',
  desiredRetention: 0.9,
  learningSteps: '1m 10m',
  relearningSteps: '10m',
  parameters: null,
} as const;

/**
 * 12 cards another device of the student reviewed: each new 20 days ago, then again yesterday — 4 mature
 * (30 days before) with 1 Again, 8 young (3 days before) with 1 Again: 10 of 12 passed.
 */
function otherDeviceReviews(now: number) {
  const ops: unknown[] = [];
  for (let i = 0; i < 12; i++) {
    const itemId = `e2e-retention-card-${i}`;
    const record = (at: number, interval: number) => ({
      itemId,
      type: 'flashcard',
      cardId: itemId,
      questionId: null,
      subjectId: 'e2e-retention-subject',
      deckId: 'e2e-retention-deck',
      easeFactor: 2.5,
      interval,
      dueDate: at + interval * 1000,
      isSuspended: false,
      reviewedAt: at,
    });
    const first = now - 20 * DAY_MS;
    const second = now - DAY_MS;
    const before = (i < 4 ? 30 : 3) * 86_400;
    const again = i === 0 || i === 4;
    ops.push(
      {
        opId: `e2e-ret-${i}-a-${now}`,
        kind: 'upsert',
        rating: 3,
        record: record(first, before),
        review: { scheduler: FSRS, before: null, elapsedMs: null, durationMs: 4000 },
      },
      {
        opId: `e2e-ret-${i}-b-${now}`,
        kind: 'upsert',
        rating: again ? 1 : 3,
        record: record(second, again ? 600 : before * 2),
        review: {
          scheduler: FSRS,
          before: { easeFactor: 2.5, interval: before, dueDate: second },
          elapsedMs: second - first,
          durationMs: 4000,
        },
      },
    );
  }
  return ops;
}

test('stats: true retention from the reviews of every device, offline too (issue 18)', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const user = await createUser({ prefix: 'retention', college: DEMO.college, yearGroup: DEMO.firstYear });
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, user.email, user.password);
    await expect(page.getByRole('heading', { name: `Welcome, ${user.firstName}` })).toBeVisible();

    await test.step('another device of the student uses FSRS and reviewed 12 cards', async () => {
      const origin = { origin: baseUrl() };
      const now = Date.now();
      const put = await page.request.put('/api/sync/scheduler-settings', {
        headers: origin,
        data: {
          ...FSRS,
          parametersSource: { kind: 'default' },
          newPerDay: 20,
          maxReviewsPerDay: 200,
          dayRolloverHour: 4,
          keepModulesOffline: false,
          updatedAt: now,
        },
      });
      expect(put.status(), await put.text()).toBe(200);
      const push = await page.request.post('/api/sync/progress', {
        headers: origin,
        data: { deviceId: 'e2e-retention-other-device', ops: otherDeviceReviews(now) },
      });
      expect(push.status(), await push.text()).toBe(200);
      expect((await push.json()).accepted).toHaveLength(24);
      await page.reload(); // this device pulls the settings and the cards at start
    });

    const section = page.getByRole('region', { name: 'Retention' });
    await test.step('Stats → Retention: young, mature and total, beside the desired retention', async () => {
      await page.getByRole('banner').getByRole('link', { name: 'Stats', exact: true }).click();
      await expect(section).toBeVisible();
      const weeks = section.getByRole('table', { name: 'True retention by week' });
      const row = weeks.getByRole('row').filter({ hasText: '10/12' });
      await expect(row).toHaveCount(1);
      await expect(row.getByRole('cell')).toHaveText([
        /^88\u00a0%7\/8/,
        /^75\u00a0%3\/4/,
        /^83\u00a0%10\/12/,
      ]);
      await expect(section.getByTestId('retention-desired')).toContainText('90\u00a0%');
      await expect(section.getByTestId('retention-known')).toContainText(/of 12 reviewed/);
      await expect(section.getByTestId('retention-status')).toHaveText(
        /^From the reviews of all your devices/,
      );
      await expectNoSeriousA11y(page, 'stats retention');

      // Keyboard: the arrow key moves from 'By Week' to 'By Month'.
      await section.getByRole('tab', { name: 'By Week' }).focus();
      await page.keyboard.press('ArrowRight');
      await expect(section.getByRole('tab', { name: 'By Month' })).toHaveAttribute('aria-selected', 'true');
      const months = section.getByRole('table', { name: 'True retention by month' });
      await expect(months.getByRole('row').filter({ hasText: '10/12' })).toHaveCount(1);
      await shots(page, 'retention');
    });

    await test.step('offline: the figures stay, with their date', async () => {
      await context.setOffline(true);
      await expectPageOffline(page);
      await page.getByRole('banner').getByRole('link', { name: 'Dashboard', exact: true }).click();
      await page.getByRole('banner').getByRole('link', { name: 'Stats', exact: true }).click();
      await expect(
        section
          .getByRole('table', { name: 'True retention by week' })
          .getByRole('row')
          .filter({ hasText: '10/12' }),
      ).toHaveCount(1);
      await expect(section.getByTestId('retention-status')).toHaveText(/^Offline: figures from /);
      await shots(page, 'retention-offline');
    });
  } finally {
    await context.close();
  }
});

/** With RETENTION_SHOTS=<dir>: the section at desktop and phone width, as PNG files there. */
async function shots(page: Page, name: string) {
  const dir = process.env.RETENTION_SHOTS;
  if (!dir) return;
  const section = page.getByRole('region', { name: 'Retention' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await section.screenshot({ path: `${dir}/${name}-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await section.screenshot({ path: `${dir}/${name}-phone.png` });
  await page.screenshot({ path: `${dir}/${name}-phone-page.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}
