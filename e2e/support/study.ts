// Study helpers shared by the study journeys: the dashboard → module → study page path, the flashcard
// player (counts, keyboard, suspended list), the study timer, the service worker, and the server's view
// of the signed-in student's progress (GET /api/sync/progress with the browser context's cookies).
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import type { ProgressOp } from '@zan/core';
import { escapeRe } from './ui.ts';

/** Demo content the student of 'Demo Medical College' / 'First Year, 2025-2026' sees (seed data). */
export const STUDY = {
  global: { module: 'Clinical Skills Essentials' },
  foundations: {
    module: 'Foundations of Medicine',
    subject: 'Cell Biology',
    topics: ['Cell Structure & Organelles', 'Membrane Transport'],
    /** The first topic's deck (8 cards). */
    deck: 'Organelles',
    deckSize: 8,
  },
  bedside: {
    module: 'Clinical Skills Essentials',
    subject: 'Bedside Basics',
    topic: 'Hand Hygiene & Infection Control',
    /** The first topic's deck (5 cards): the shortest demo deck. */
    deck: 'Infection Control',
    deckSize: 5,
  },
  /** Paid and granted only to the demo student. */
  paidGrantedToDemo: 'Cardiovascular System',
  /** Paid, stage 2, granted to nobody. */
  paidNotGranted: 'Renal & Respiratory Physiology',
} as const;

export const SYNC_DELTA = 'Performing DELTA SYNC...';
export const SYNC_SUCCESS = 'Sync successful!';
export const SIGNED_IN_ELSEWHERE =
  'You have been signed in on another device. This session has been logged out.';

/** The header's SYNC button. */
export const syncButton = (page: Page): Locator =>
  page.getByRole('banner').getByRole('button', { name: 'SYNC', exact: true });

/** The sync message live region (the header's 'Offline' pill is a status too, hence the filter). */
export const syncMessage = (page: Page, text: string): Locator =>
  page.getByRole('status').filter({ hasText: text });

/**
 * Records every text the sync message region shows from now on (a MutationObserver), so a message
 * that is replaced within a frame ('Performing DELTA SYNC...') can still be asserted.
 */
export async function recordSyncMessages(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const w = window as unknown as { __syncMessages: string[] };
    w.__syncMessages = [];
    const region = [...document.querySelectorAll('[role="status"][aria-live="polite"]')].find((el) =>
      el.className.includes('fixed'),
    );
    if (!region) throw new Error('no sync message region');
    const seen = () => {
      const text = (region.textContent ?? '').trim();
      if (text && w.__syncMessages.at(-1) !== text) w.__syncMessages.push(text);
    };
    new MutationObserver(seen).observe(region, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __syncMessages: string[] }).__syncMessages);
}

/** The dashboard's module group (a <section> labelled by its heading: 'Global', 'UG-1', …). */
export const moduleGroup = (page: Page, title: string): Locator =>
  page.getByRole('main').getByRole('region', { name: title, exact: true });

/** From the dashboard: the module card, then the subject; waits for the study page's breadcrumb. */
export async function openSubject(page: Page, moduleName: string, subjectName: string): Promise<void> {
  await page
    .getByRole('main')
    .getByRole('link', { name: new RegExp(escapeRe(moduleName)) })
    .click();
  await expect(page).toHaveURL(/\/module\//);
  await expect(page.getByRole('heading', { level: 1, name: moduleName })).toBeVisible();
  await page
    .getByRole('list', { name: 'Subjects' })
    .getByRole('link', { name: new RegExp(escapeRe(subjectName)) })
    .click();
  await expect(page).toHaveURL(/\/study\/subject\/[^/]+$/);
  await expect(studyBreadcrumb(page)).toContainText(subjectName);
}

export const studyBreadcrumb = (page: Page): Locator =>
  page.getByRole('main').getByRole('navigation', { name: 'Breadcrumb' });

/** The Topics sidebar (wide screens). */
export const topicsPanel = (page: Page): Locator => page.getByRole('navigation', { name: 'Topics' });

/** The open topic's resource list or strip. */
export const resourcesNav = (page: Page): Locator =>
  page.getByRole('main').getByRole('navigation', { name: 'Resources' });

/** Waits until every topic of the open subject has its content on this device (no 'Not downloaded yet' dot). */
export async function expectAllTopicsDownloaded(page: Page, topicNames: readonly string[]): Promise<void> {
  const panel = topicsPanel(page);
  for (const name of topicNames)
    await expect(panel.getByRole('button', { name: new RegExp(`^${escapeRe(name)}`) })).toBeVisible();
  await expect(panel.getByLabel('Not downloaded yet')).toHaveCount(0, { timeout: 20_000 });
}

/** A deck's link in the open topic's resources ('Organelles 8 cards'; not the 'Organelles Quiz'). */
export const deckLink = (page: Page, deckName: string): Locator =>
  resourcesNav(page).getByRole('link', { name: new RegExp(`^${escapeRe(deckName)}(\\s*\\d+ cards?)?$`) });

/** On the study page: opens the deck from the current topic's resources and waits for the player. */
export async function openDeck(page: Page, deckName: string): Promise<void> {
  await deckLink(page, deckName).click();
  await expect(page).toHaveURL(/\/study\/subject\/[^/]+\/deck\/[^/]+$/);
  await expect(player(page, deckName)).toBeVisible();
}

export const player = (page: Page, deckName: string): Locator =>
  page.getByRole('region', { name: `Flashcards: ${deckName}` });

export const cardCounts = (page: Page): Locator => page.getByLabel('Card counts', { exact: true });

/** SRS counts, e.g. NEW 8 / DUE 0 / SUSPENDED 0 (web-first). */
export async function expectCounts(
  page: Page,
  c: { new: number; due: number; suspended: number },
  timeout?: number,
): Promise<void> {
  await expect(cardCounts(page)).toHaveText(
    new RegExp(`NEW\\s*${c.new}\\s*DUE\\s*${c.due}\\s*SUSPENDED\\s*${c.suspended}$`),
    timeout ? { timeout } : undefined,
  );
}

export const questionFace = (page: Page): Locator =>
  page.getByRole('region', { name: 'Question', exact: true });
export const answerFace = (page: Page): Locator => page.getByRole('region', { name: 'Answer', exact: true });
export const ratingGroup = (page: Page): Locator => page.getByRole('group', { name: 'Rate this card' });
export const modeButton = (page: Page, mode: 'SRS' | 'Free'): Locator =>
  page.getByRole('group', { name: 'Study mode' }).getByRole('button', { name: mode, exact: true });

/** The current card's question as plain text (whitespace folded). */
export async function currentQuestion(page: Page): Promise<string> {
  return foldSpace(await questionFace(page).innerText());
}

/** Keys go to the page, not to a focused button (a focused button handles Space itself). */
export async function pressOnPlayer(page: Page, key: string): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press(key);
}

/** Space shows the answer; then a digit 1–4 rates it. Returns the question that was rated. */
export async function rateWithKeyboard(page: Page, digit: '1' | '2' | '3' | '4'): Promise<string> {
  await expect(questionFace(page)).toBeVisible();
  const question = await currentQuestion(page);
  await pressOnPlayer(page, 'Space');
  await expect(answerFace(page)).toBeVisible();
  await expect(ratingGroup(page)).toBeVisible();
  await pressOnPlayer(page, digit);
  // The next card (or Complete!) replaces it: the rated question is gone from the face.
  await expect(ratingGroup(page)).toHaveCount(0);
  return question;
}

/** The right sidebar's Suspended section and its list of suspended cards. */
export const suspendedPanel = (page: Page): Locator =>
  page.getByRole('region', { name: 'Suspended', exact: true });
export const suspendedItems = (page: Page): Locator =>
  suspendedPanel(page).getByRole('list', { name: 'Suspended cards' }).getByRole('listitem');

/**
 * Checks that the card with `question` is in the Suspended list, its text cut to 50 characters (SPEC §9;
 * a trailing ellipsis marks a cut).
 */
export async function expectSuspendedListed(page: Page, question: string): Promise<void> {
  const q = foldSpace(question);
  const item = suspendedItems(page).filter({ hasText: q.slice(0, Math.min(40, q.length)) });
  await expect(item).toHaveCount(1);
  const label = foldSpace(await item.locator('span').first().innerText());
  expect([...label.replace(/…$/, '')].length).toBeLessThanOrEqual(50);
  if ([...q].length > 50) expect(label.endsWith('…')).toBe(true);
  else expect(label).toBe(q);
}

/** The study timer's reading in seconds (mm:ss or h:mm:ss). */
export async function timerSeconds(page: Page): Promise<number> {
  const text = (await page.getByRole('timer', { name: 'Study timer' }).innerText()).trim();
  const parts = /(?:(\d+):)?(\d{1,2}):(\d{2})/.exec(text);
  if (!parts) throw new Error(`unreadable timer: ${text}`);
  return Number(parts[1] ?? 0) * 3600 + Number(parts[2]) * 60 + Number(parts[3]);
}

/** Waits until the service worker has installed (precache complete) and controls the page. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
    .toBe(true);
}

/**
 * Proves the page really has no network, after `context.setOffline(true)`: the page sees itself
 * offline and a fetch that no cache may answer fails. setOffline resolves once Chromium has accepted
 * the emulation for each target; the page and the network stack apply it asynchronously, so on a busy
 * machine a request sent at once could still go out (seen once as `fetch('/api/health')` reaching the
 * server). Wait for the effect instead of assuming it; it must show within 10 s.
 */
export async function expectPageOffline(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => navigator.onLine), { timeout: 10_000 }).toBe(false);
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          fetch('/api/health', { cache: 'no-store' }).then(
            () => 'reached',
            () => 'failed',
          ),
        ),
      { timeout: 10_000 },
    )
    .toBe('failed');
}

type ServerProgressRecord = {
  itemId: string;
  cardId: string | null;
  deckId: string | null;
  subjectId: string;
  dueDate: number | null;
  interval: number;
  isSuspended: boolean;
};
type ServerStudySession = {
  id: string;
  durationInSeconds: number;
  subjectId: string;
  subjectName: string;
};
export type ServerProgress = { records: ServerProgressRecord[]; sessions: ServerStudySession[] };

/**
 * GET /api/sync/progress?since=0 with the context's cookies (the signed-in session of that context):
 * every progress record and study session the server holds for the student. Throws on a non-2xx.
 */
export async function serverProgress(context: BrowserContext): Promise<ServerProgress> {
  const res = await context.request.get('/api/sync/progress?since=0&limit=5000');
  if (!res.ok()) throw new Error(`GET /api/sync/progress: ${res.status()} ${await res.text()}`);
  return (await res.json()) as ServerProgress;
}

/** The progress records on the device (its IndexedDB `userProgress` table, the signed-in student `uid`'s). */
export async function localProgress(
  page: Page,
  uid: string,
): Promise<{ itemId: string; interval: number; isSuspended: boolean }[]> {
  return page.evaluate(
    (name) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error ?? new Error('indexedDB.open failed'));
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('userProgress').objectStore('userProgress').getAll();
          all.onerror = () => reject(all.error ?? new Error('getAll failed'));
          all.onsuccess = () => {
            db.close();
            resolve(
              (all.result as { itemId: string; interval: number; isSuspended: boolean }[]).map((r) => ({
                itemId: r.itemId,
                interval: r.interval,
                isSuspended: r.isSuspended,
              })),
            );
          };
        };
      }),
    uid,
  );
}

/** The deck id of the open study page (/study/subject/:subjectId/deck/:deckId). */
export function deckIdOf(page: Page): string {
  const m = /\/deck\/([^/?#]+)/.exec(new URL(page.url()).pathname);
  if (!m) throw new Error(`no deck open at ${page.url()}`);
  return decodeURIComponent(m[1]!);
}

const foldSpace = (s: string): string => s.replace(/\s+/g, ' ').trim();

/**
 * Turns 'Keep my modules on this device' off for `uid` before the app starts (issue 18), for journeys
 * about content that is not on the device yet: otherwise the first sync keeps every module offline.
 */
export async function keepModulesOff(page: Page, uid: string): Promise<void> {
  await page.addInitScript((key) => localStorage.setItem(key, 'off'), `zan.keepModules.${uid}`);
}

const DAY = 86_400_000;

/**
 * `cards` cards reviewed `perCard` times each over the past months by a student who forgets faster than
 * FSRS's defaults expect (so a fit of their own evaluates better), as another device uploaded them.
 */
export function pastReviews(cards: number, perCard: number, now: number): ProgressOp[] {
  let seed = 7;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const ops: ProgressOp[] = [];
  for (let c = 0; c < cards; c++) {
    let stability = 0.5 + random();
    let at = now - 220 * DAY + Math.floor(random() * 30) * DAY;
    for (let k = 0; k < perCard; k++) {
      let rating = 3;
      if (k > 0) {
        const days = Math.max(1, Math.round(stability * (0.8 + random() * 0.6)));
        at += days * DAY;
        const pass = random() < Math.pow(1 + days / (9 * stability), -1);
        rating = pass ? 3 : 1;
        stability = pass ? stability * (1.3 + random()) : Math.max(0.3, stability * 0.3);
      }
      const interval = Math.round(stability * 86_400);
      ops.push({
        opId: `e2e-optimize-${c}-${k}-${crypto.randomUUID()}`,
        kind: 'upsert',
        rating,
        record: {
          itemId: `optimize-card-${c}`,
          type: 'flashcard',
          cardId: `optimize-card-${c}`,
          questionId: null,
          subjectId: 'optimize-subject',
          deckId: 'optimize-deck',
          easeFactor: 2.5,
          interval,
          dueDate: at + interval * 1000,
          isSuspended: false,
          reviewedAt: Math.min(at, now - DAY),
        },
      });
    }
  }
  return ops;
}
