// The accessibility gate of the journeys (issue 11, WCAG 2.2 AA): axe-core over the page as it stands;
// a serious or critical violation fails the test. With A11Y_REPORT=<file> every violation (any impact) is
// also appended to that file (JSON lines) to count issues over a run; A11Y_NO_GATE=1 only records.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';

const GATED = new Set(['serious', 'critical']);

/** Waits for finite CSS animations and transitions (fades, slides) so colours are measured at rest. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ).then(() => undefined),
  );
}

/** Runs axe-core (WCAG 2.0–2.2 A/AA and best practices) and fails on any serious or critical violation. */
export async function expectNoSeriousA11y(page: Page, label: string = page.url()): Promise<void> {
  await settle(page);
  // Also the (experimental) WCAG 2.5.3 check that a control's name contains its visible text. A lecture's
  // hidden recall passage is left out: its text is transparent on purpose until revealed (its name is
  // 'Hidden recall passage. Click to reveal', what its cover shows).
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .exclude('[data-recall="hidden"]')
    .analyze();
  const info = test.info();
  const where = `${info.project.name} · ${label}`;
  const report = process.env.A11Y_REPORT;
  if (report) {
    const lines = violations.map((v) =>
      JSON.stringify({
        screen: where,
        spec: path.basename(info.file),
        id: v.id,
        impact: v.impact,
        nodes: v.nodes.length,
        help: v.help,
        targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`.trim()),
      }),
    );
    fs.appendFileSync(
      report,
      lines.map((l) => l + '\n').join('') + JSON.stringify({ screen: where, visited: true }) + '\n',
    );
  }
  if (process.env.A11Y_NO_GATE === '1') return;
  const blocking = violations.filter((v) => GATED.has(v.impact ?? ''));
  const summary = blocking.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help}\n` +
      v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`)
        .join('\n'),
  );
  expect(summary, `axe-core on ${where}`).toEqual([]);
}
