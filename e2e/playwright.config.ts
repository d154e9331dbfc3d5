// Playwright: Debian Chromium against the real built app and server (started by global-setup on a
// fresh embedded PostgreSQL with demo data).
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3111);
export const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: './tests',
  // Every journey also runs axe-core on each screen it visits (support/a11y.ts): allow for it.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One browser at a time. On this 2-core machine one worker already keeps the CPU two-thirds busy (the
  // browser, the server, PostgreSQL); with two, every test ran 3–4 times slower (landing 4 s → 14–22 s)
  // and the whole run took 21–24 min instead of 14 (89 tests, quiet machine).
  workers: 1,
  // No retries, in CI too: a test that passes only on a second try is a failure to fix.
  retries: 0,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../.tmp/e2e.json' }],
  ],
  globalSetup: './support/global-setup.ts',
  outputDir: '../.tmp/e2e-results',
  use: {
    baseURL,
    // Recording a trace (screencast and DOM snapshots at every action) doubled each test's time on this
    // 2-core machine, for every test, to keep it for the rare failure: off, and E2E_TRACE=1 records and
    // keeps the failures' traces when a failure needs one. A failure still leaves its screenshot and its
    // error context (the page's ARIA snapshot).
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      grepInvert: /@phone-only/,
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
    // A phone-sized run: the journeys whose layout changes most on a phone, and a tour of every screen
    // and state the desktop journeys visit, each checked by axe-core (kept small for speed).
    {
      name: 'phone',
      testMatch:
        /(auth-signup-verify|auth-forgot-password|access-denied|landing|not-found|install|a11y-phone-tour|admin-build-content|admin-archive-restore|admin-global-modules|admin-paid-modules|admin-tabs-a11y|admin-topic-resources|admin-import-formats|admin-editors|admin-quiz-pictures|admin-lecture-editor|admin-images|admin-topic-capstone|admin-export|student-search|student-qbank|student-qbank-peers)\.spec\.ts$/,
      use: {
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        // Layout follows the 390-px viewport, not the pixel density; at 3× every frame painted in
        // software (no GPU here) cost nine times the pixels.
        deviceScaleFactor: 1,
      },
    },
  ],
});
