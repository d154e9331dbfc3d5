// The accessibility gate of the journeys (issue 11, WCAG 2.2 AA): axe-core over the page as it stands;
// a serious or critical violation fails the test. With A11Y_REPORT=<file> every violation (any impact) is
// also appended to that file (JSON lines) to count issues over a run; A11Y_NO_GATE=1 only records.
import { expect, test, type Page } from '@playwright/test';
import type { AxeResults, ElementContext, RunOptions } from 'axe-core';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const GATED = new Set(['serious', 'critical']);

/** axe-core's browser build, injected into a document once and reused by every check of that document. */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core run in the page itself (`axe.run`): the app is one document with no frames, so the
 * frame-by-frame run of @axe-core/playwright (inject into every frame at every check, then finish in a
 * new blank page) bought nothing and cost 5–15 s a check on this machine; this costs well under one.
 * A lecture's hidden recall passage is left out: its text is transparent on purpose until revealed (its
 * name is 'Hidden recall passage. Click to reveal', what its cover shows). Also the (experimental)
 * WCAG 2.5.3 check that a control's name contains its visible text. Only violations are reported.
 */
async function runAxe(page: Page): Promise<AxeResults['violations']> {
  const injected = await page.evaluate(
    () => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function',
  );
  if (!injected) await page.evaluate(AXE_SOURCE);
  const context: ElementContext = { exclude: ['[data-recall="hidden"]'] };
  const options: RunOptions = {
    resultTypes: ['violations'],
    rules: { 'label-content-name-mismatch': { enabled: true } },
  };
  const run = `axe.run(${JSON.stringify(context)}, ${JSON.stringify(options)}).then((r) => r.violations)`;
  return (await page.evaluate(run)) as AxeResults['violations'];
}

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
  const violations = await runAxe(page);
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
