// Journey (issue 8, "Done when"): an admin turns a pasted spreadsheet of 200 cards, one of 50 MCQs and a
// lecture with two uploaded pictures into a topic through the real UI; a new student of the year syncs
// once, goes offline and studies all of it: the 200-card deck by keyboard, the 50-question quiz with its
// explanation, and the lecture with both pictures drawn from the offline cache. axe on the preview and
// the player. Time to complete is bounded only by the test timeout.
import { deflateSync } from 'node:zlib';
import { expect, test, type Locator } from '@playwright/test';
import { expectNoSeriousA11y } from '../support/a11y.ts';
import { createUser } from '../support/accounts.ts';
import { adminWithTopic } from '../support/content.ts';
import {
  expectAllTopicsDownloaded,
  expectCounts,
  expectPageOffline,
  openDeck,
  openSubject,
  player,
  pressOnPlayer,
  rateWithKeyboard,
  resourcesNav,
  waitForServiceWorker,
} from '../support/study.ts';
import { isPhone, signIn } from '../support/ui.ts';

const CARDS = 200;
const QUESTIONS = 50;

const cardsCsv = () =>
  [
    'Front,Back',
    ...Array.from(
      { length: CARDS },
      (_, i) => `Card ${i + 1}: which structure is number ${i + 1}?,Answer ${i + 1}`,
    ),
  ].join('\n');

/** 50 rows: question, five options, correct option (1–5 on even rows, A–E on odd rows), explanation. */
const mcqCsv = () =>
  [
    'Question,A,B,C,D,E,Correct,Explanation',
    ...Array.from({ length: QUESTIONS }, (_, i) => {
      const n = i + 1;
      const correct = i % 2 === 0 ? String((i % 5) + 1) : 'ABCDE'[i % 5]!;
      return `MCQ ${n}: which option is right?,Alpha ${n},Beta ${n},Gamma ${n},Delta ${n},Epsilon ${n},${correct},Because of rule ${n}.`;
    }),
  ].join('\n');

/** A solid-colour RGB PNG of `width`×`height`, built byte by byte (signature, IHDR, IDAT, IEND). */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The image's intrinsic width once loaded (0 while loading or broken). */
const loadedWidth = (img: Locator) =>
  img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0));

test('an admin fills a topic with 200 cards, 50 MCQs and an illustrated lecture; a student studies it all offline', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const { admin, t, built } = await adminWithTopic(testInfo);
  const deck = `Heart deck ${t}`;
  const quiz = `Heart quiz ${t}`;
  const title = `Heart lecture ${t}`;
  const pictures = [
    { name: `atria-${t}.png`, buffer: png(48, 32, [200, 40, 40]), width: 48 },
    { name: `ventricles-${t}.png`, buffer: png(64, 40, [40, 60, 200]), width: 64 },
  ];

  await signIn(page, admin.email, admin.password, `/admin/topic/${built.topicId}`);
  await expect(page.getByRole('heading', { level: 1, name: built.topic })).toBeVisible();
  const topicPage = () =>
    page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: built.topic }).click();

  await test.step('Bulk Add Cards: 200 pasted rows previewed, then Confirm & Upload', async () => {
    await page.getByRole('button', { name: 'Bulk Add Cards' }).click();
    const d = page.getByRole('dialog', { name: 'Bulk Add Cards' });
    await d.getByLabel('Deck name').fill(deck);
    await d.getByLabel('Paste comma-separated data').fill(cardsCsv());
    await expect(d.getByText(`Preview · ${CARDS} rows, ${CARDS} valid cards`)).toBeVisible({
      timeout: 30_000,
    });
    // Header plus the first 5 rows.
    await expect(d.getByRole('table', { name: 'First rows of the import' }).getByRole('row')).toHaveCount(6);
    await expect(d.getByRole('region', { name: 'Rows with errors' })).toHaveCount(0);
    await expectNoSeriousA11y(page, 'bulk add cards: 200-row preview');
    await d.getByRole('button', { name: 'Confirm & Upload' }).click();
    await expect(page).toHaveURL(/\/admin\/deck\/[^/]+\/edit$/, { timeout: 30_000 });
    await expect(page.getByText(`${CARDS} cards`, { exact: true })).toBeVisible();
  });

  await test.step('Bulk Add MCQs: 50 rows (correct as 1–5 and A–E), then Confirm & Upload', async () => {
    await topicPage();
    await expect(page.getByRole('table', { name: 'Flashcard decks' })).toContainText(`${CARDS} cards`);
    await page.getByRole('tab', { name: /MCQs/ }).click();
    await page.getByRole('button', { name: 'Bulk Add MCQs' }).click();
    const d = page.getByRole('dialog', { name: 'Bulk Add MCQs' });
    await d.getByLabel('Quiz name').fill(quiz);
    await d.getByLabel('Paste comma-separated data').fill(mcqCsv());
    await expect(d.getByText(`Preview · ${QUESTIONS} rows, ${QUESTIONS} valid questions`)).toBeVisible({
      timeout: 30_000,
    });
    await expect(d.getByRole('region', { name: 'Rows with errors' })).toHaveCount(0);
    await d.getByRole('button', { name: 'Confirm & Upload' }).click();
    await expect(page).toHaveURL(/\/admin\/mcq-quiz\/[^/]+\/edit$/, { timeout: 30_000 });
    await expect(page.getByText(`${QUESTIONS} questions`, { exact: true })).toBeVisible();
  });

  await test.step('Add New Page: a titled lecture with text and two uploaded pictures', async () => {
    await topicPage();
    await page.getByRole('tab', { name: /MCQs/ }).click();
    await expect(page.getByRole('table', { name: 'MCQ quizzes' })).toContainText(`${QUESTIONS} questions`);
    await page.getByRole('tab', { name: /HTML Content/ }).click();
    await page.getByRole('button', { name: 'Add New Page' }).click();
    await expect(page).toHaveURL(/\/admin\/html\/new\/edit\?topicId=/);
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await page.getByRole('textbox', { name: 'Lecture body' }).click();
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    await toolbar.getByRole('button', { name: 'Heading 2' }).click();
    await page.keyboard.type('Chambers of the heart');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Two atria receive blood; two ventricles pump it out.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/html\/(?!new)[^/]+\/edit$/);

    const preview = page.getByRole('region', { name: 'Preview' });
    for (const picture of pictures) {
      await page.getByRole('textbox', { name: 'Lecture body' }).click();
      await page.keyboard.press('Control+End');
      await toolbar.getByRole('button', { name: 'Image' }).click();
      const d = page.getByRole('dialog', { name: 'Insert image' });
      const saved = page.waitForResponse(
        (r) => r.url().includes('/api/admin/pages/') && r.request().method() === 'PATCH',
      );
      await d
        .getByLabel(/Upload a PNG or JPEG/)
        .setInputFiles({ name: picture.name, mimeType: 'image/png', buffer: picture.buffer });
      await expect(d).toBeHidden({ timeout: 60_000 });
      expect((await saved).status()).toBe(200);
      await expect(preview.getByRole('img', { name: picture.name })).toBeVisible();
    }
    await expect(preview.getByRole('img')).toHaveCount(2);
    const saved = page.waitForResponse(
      (r) => r.url().includes('/api/admin/pages/') && r.request().method() === 'PATCH',
    );
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await saved).status()).toBe(200);
  });

  // The student's half reads the desktop layout (the Topics sidebar); the phone run covers the admin half.
  if (isPhone(page)) return;
  // A browser of their own: nothing the admin's preview loaded sits in its HTTP cache, so a picture the
  // lecture draws offline can only come from what the topic sync stored.
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const student = await createUser({ prefix: 'capstone' });
    await signIn(page, student.email, student.password);

    await test.step('online once: sign in, open the subject, every topic downloads', async () => {
      await expect(page.getByRole('main').getByRole('link', { name: new RegExp(built.module) })).toBeVisible({
        timeout: 30_000,
      });
      await openSubject(page, built.module, built.subject);
      await expectAllTopicsDownloaded(page, [built.topic]);
      await waitForServiceWorker(page);
      await context.setOffline(true);
      await expectPageOffline(page);
    });

    await test.step('offline: the deck has 200 cards; study a few by keyboard', async () => {
      await expect(resourcesNav(page).getByRole('link', { name: new RegExp(`^${deck}`) })).toContainText(
        `${CARDS} cards`,
      );
      await openDeck(page, deck);
      await expectCounts(page, { new: CARDS, due: 0, suspended: 0 });
      await expectNoSeriousA11y(page, 'flashcard player (200 cards, offline)');
      const seen: string[] = [];
      for (let i = 0; i < 3; i++) {
        seen.push(await rateWithKeyboard(page, '3'));
        await expectCounts(page, { new: CARDS - 1 - i, due: 0, suspended: 0 });
      }
      expect(seen.every((q) => /^Card \d+: which structure is number \d+\?$/.test(q))).toBe(true);
      expect(new Set(seen).size).toBe(3);
      await expect(player(page, deck)).toBeVisible();
    });

    await test.step('offline: the quiz has 50 questions; answer two and read the explanation', async () => {
      await resourcesNav(page)
        .getByRole('link', { name: new RegExp(`^${quiz}`) })
        .click();
      await expect(page).toHaveURL(/\?quiz=/);
      const player = page.getByRole('region', { name: `Quiz: ${quiz}` });
      await expect(player.getByText(`Question 1 of ${QUESTIONS}`)).toBeVisible();
      const options = player.getByRole('radiogroup', { name: 'Answer options' }).getByRole('radio');
      await expect(options).toHaveCount(5);
      // First question by keyboard (A, Enter), the second with the mouse.
      await pressOnPlayer(page, 'a');
      await pressOnPlayer(page, 'Enter');
      await expect(player.getByRole('status')).toHaveText(
        /^(Correct!|Incorrect\. The correct answer is [A-E]\.)$/,
      );
      await expect(player.getByRole('region', { name: 'Explanation' })).toContainText(
        /Because of rule \d+\./,
      );
      await pressOnPlayer(page, 'Enter');
      await expect(player.getByText(`Question 2 of ${QUESTIONS}`)).toBeVisible();
      await options.nth(1).click();
      await player.getByRole('button', { name: 'Check Answer' }).click();
      await expect(player.getByRole('region', { name: 'Explanation' })).toContainText(
        /Because of rule \d+\./,
      );
      await expect(options.filter({ hasText: /Correct answer|Your answer · Correct/ })).toHaveCount(1);
    });

    await test.step('offline: the lecture with both pictures drawn from the offline cache', async () => {
      await resourcesNav(page).getByRole('link', { name: title }).click();
      const article = page.getByRole('article', { name: title });
      await expect(article.getByRole('heading', { name: 'Chambers of the heart' })).toBeVisible();
      await expect(article.getByText('Two atria receive blood; two ventricles pump it out.')).toBeVisible();
      await expect(article.getByRole('img')).toHaveCount(2);
      for (const picture of pictures)
        await expect
          .poll(() => loadedWidth(article.getByRole('img', { name: picture.name })), { timeout: 20_000 })
          .toBe(picture.width);
      // Drawn from the sync's image store, not only a warm HTTP cache: both files are in Cache Storage.
      const srcs = await article.getByRole('img').evaluateAll((els) => els.map((e) => e.getAttribute('src')));
      expect(
        await page.evaluate(async (paths) => {
          const cache = await caches.open('zan-images-v1');
          return Promise.all(paths.map(async (p) => (await cache.match(p ?? '')) !== undefined));
        }, srcs),
      ).toEqual([true, true]);
    });
  } finally {
    await context.close();
  }
});
