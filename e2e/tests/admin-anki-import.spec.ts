// Journey (issue 20): an admin imports a current-format Anki package (Basic, reversed, cloze and a pictured
// note, built here as Anki writes it) through 'Import Anki Deck' — preview with counts, what is left out and
// samples (a cloze one rendered, the picture shown from the job) — imports it, finds one deck per Anki deck; importing it again changes
// nothing; 'Undo import' removes a deck it created. Between, a student of the year studies the imported
// deck offline: cloze cards as in Anki ([...] / [hint] on the front, the answer highlighted on the back
// with Back Extra), the reversed pair, the picture from the device. axe on the modal at desktop and phone
// width.
import { expect, test } from '@playwright/test';
import { buildTestPackage, sampleContent } from '../../apps/server/src/features/anki/test-packages.ts';
import { expectNoSeriousA11y } from '../support/a11y.ts';
import { createUser } from '../support/accounts.ts';
import { adminWithTopic } from '../support/content.ts';
import { shot } from '../support/shots.ts';
import {
  answerFace,
  expectAllTopicsDownloaded,
  expectCounts,
  expectPageOffline,
  modeButton,
  openDeck,
  openSubject,
  player,
  questionFace,
  waitForServiceWorker,
} from '../support/study.ts';
import { signIn } from '../support/ui.ts';

test('an admin previews and imports an Anki package, imports it again unchanged, and undoes it', async ({
  page,
  browser,
}, testInfo) => {
  // The package is read in a niced child process: on a busy machine (CI) it waits for the CPU.
  test.setTimeout(300_000);
  const apkg = Buffer.from(await buildTestPackage('latest', sampleContent()));
  const { admin, built } = await adminWithTopic(testInfo);
  const topicPage = `/admin/topic/${built.topicId}`;
  await signIn(page, admin.email, admin.password, topicPage);
  await expect(page.getByRole('heading', { level: 1, name: built.topic })).toBeVisible();
  const decks = page.getByRole('table', { name: 'Flashcard decks' });

  const open = async () => {
    await page.getByRole('button', { name: 'Import Anki Deck' }).click();
    return page.getByRole('dialog', { name: 'Import Anki Deck' });
  };
  const upload = async (d: ReturnType<typeof page.getByRole>, name: string) => {
    await d
      .getByLabel('Anki package')
      .setInputFiles({ name, mimeType: 'application/octet-stream', buffer: apkg });
    await d.getByRole('button', { name: 'Upload' }).click();
  };

  await test.step('a whole collection (.colpkg) is refused with a clear message', async () => {
    const d = await open();
    await upload(d, 'collection.colpkg');
    await expect(d.getByText('This is a whole Anki collection (.colpkg).', { exact: false })).toBeVisible();
    await d.getByRole('button', { name: 'Cancel' }).click();
  });

  await test.step('the preview: counts, left out and why, samples with a cloze card rendered', async () => {
    const d = await open();
    await expectNoSeriousA11y(page, 'anki import choose');
    await upload(d, 'cardiology.apkg');
    await expect(
      d.getByText('cardiology.apkg: 6 notes, 8 cards (Basic 3, Reversed 3, Cloze 2), 1 picture.'),
    ).toBeVisible({
      timeout: 120_000,
    });
    await expect(d.getByText('Image Occlusion notes (not supported): 1')).toBeVisible();
    await expect(d.getByText('Missing from the package: gone.jpg')).toBeVisible();
    const samples = d.getByRole('list', { name: 'Sample cards as students see them' });
    await expect(samples.getByRole('listitem')).toHaveCount(5);
    await expect(
      samples.getByRole('region', { name: /^Front of sample/ }).filter({ hasText: '[...] treats' }),
    ).toHaveCount(1);
    // The package's picture is shown from the job (not stored yet), with its name as its text alternative.
    const picture = samples.getByRole('img', { name: 'heart' }).first();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await expectNoSeriousA11y(page, 'anki import preview');
    await shot(page, testInfo, 'anki-import');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousA11y(page, 'anki import preview, phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(d.getByRole('radio', { name: /One deck per Anki deck/ })).toBeChecked();
    await d.getByRole('button', { name: 'Import' }).click();
    await expect(
      d.getByText('Cardiology::Arrhythmias: 5 cards added, 0 updated, 0 unchanged (new deck)'),
    ).toBeVisible({
      timeout: 60_000,
    });
    await d.getByRole('button', { name: 'Done' }).click();
    await expect(decks.getByText('Cardiology::Arrhythmias')).toBeVisible();
    await expect(decks.getByText('5 cards')).toBeVisible();
    await expect(decks.getByText('3 cards')).toBeVisible();
  });

  await test.step('a student studies the imported deck offline, cloze cards as in Anki', async () => {
    const student = await createUser({ prefix: 'anki' });
    const context = await browser.newContext();
    const s = await context.newPage();
    await signIn(s, student.email, student.password);
    await expect(s.getByRole('main').getByRole('link', { name: new RegExp(built.module) })).toBeVisible({
      timeout: 30_000,
    });
    await openSubject(s, built.module, built.subject);
    await expectAllTopicsDownloaded(s, [built.topic]);
    await waitForServiceWorker(s);
    await context.setOffline(true);
    await expectPageOffline(s);
    const deck = 'Cardiology::Arrhythmias';
    await openDeck(s, deck);
    // The author's scheduling is not the students': every card is new.
    await expectCounts(s, { new: 5, due: 0, suspended: 0 });
    await modeButton(s, 'Free').click();
    const seen = new Map<string, string>();
    // The picture and cloze checks below run on the cards they fit, whatever the order: counted.
    const checked = { pictures: 0, clozes: 0 };
    for (let i = 0; i < 5; i++) {
      const front = ((await questionFace(s).textContent()) ?? '').trim();
      if (front.startsWith('Largest artery')) {
        checked.pictures++;
        // The picture, stored as a Zan image at import, shows from the device.
        await expect
          .poll(() =>
            questionFace(s)
              .locator('img')
              .evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth),
          )
          .toBeGreaterThan(0);
      }
      await player(s, deck).getByRole('button', { name: 'Show Answer' }).click();
      const back = answerFace(s);
      await expect(back).toBeVisible();
      if (front.includes('[...]') || front.includes('[a rhythm]')) {
        checked.clozes++;
        await expect(back.locator('.cloze')).toHaveText([front.includes('[...]') ? 'Adenosine' : 'SVT']);
      }
      seen.set(front, (await back.innerText()).replace(/\s+/g, ' ').trim());
      await player(s, deck).getByRole('button', { name: 'Next Card' }).click();
    }
    expect([...seen.keys()].sort()).toEqual([
      'Adenosine treats [a rhythm]',
      'Aorta',
      'Largest artery',
      'Tachycardia',
      '[...] treats SVT',
    ]);
    expect(checked).toEqual({ pictures: 1, clozes: 2 });
    // A cloze back: the note's text with the answer revealed, Back Extra below (the sound left out).
    expect(seen.get('[...] treats SVT')).toBe('Adenosine treats SVT Flush fast');
    await context.setOffline(false);
    await context.close();
  });

  await test.step('the same package again changes nothing', async () => {
    const d = await open();
    await upload(d, 'cardiology.apkg');
    await d.getByRole('button', { name: 'Import' }).click({ timeout: 120_000 });
    await expect(d.getByText('Cardiology::Arrhythmias: 0 cards added, 0 updated, 5 unchanged')).toBeVisible({
      timeout: 60_000,
    });
    await d.getByRole('button', { name: 'Done' }).click();
    await expect(decks.getByText('5 cards')).toBeVisible();
    await expect(decks.getByRole('row')).toHaveCount(3);
  });

  await test.step("'Undo import' removes the deck it created", async () => {
    await page.getByRole('button', { name: 'Undo import into Cardiology::Arrhythmias' }).click();
    const confirm = page.getByRole('dialog', { name: 'Undo import?' });
    await expect(confirm).toContainText('Removes the 5 cards it added.');
    await confirm.getByRole('button', { name: 'Undo import' }).click();
    await expect(decks.getByText('Cardiology::Arrhythmias')).toHaveCount(0);
    await expect(decks.getByText('Cardiology', { exact: true })).toBeVisible();
  });
});
