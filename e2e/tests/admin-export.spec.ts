// Journey (issue 21): an admin exports a deck to CSV, Quizlet and Anki text and a quiz to Moodle XML
// (its picture embedded), GIFT and Aiken from the topic resources page — each downloaded file read back
// by the core readers — then exports the whole module as a zip from the module page (progress, then what
// it holds) and opens the zip: folders by subject and topic, the lecture page with its picture. axe on
// the menus and the dialog.
import { expect, test, type Download, type Page } from '@playwright/test';
import {
  prepareImport,
  readAiken,
  readAnkiText,
  readGift,
  readMoodleXml,
  readQuizlet,
  type ReadResult,
} from '@zan/core';
import { strFromU8, unzipSync } from 'fflate';
import { readFile } from 'node:fs/promises';
import { expectNoSeriousA11y } from '../support/a11y.ts';
import { buildContent, createAdmin, PNG_1X1, signedInApi, tag } from '../support/content.ts';
import { signIn } from '../support/ui.ts';

const itemsOf = <T>(r: ReadResult<T>): T[] => {
  if (!r.ok) throw new Error(r.error);
  expect(r.errors).toEqual([]);
  return r.items.map((i) => i.item);
};
const bytesOf = async (d: Download) => readFile(await d.path());
const textOf = async (d: Download) => (await bytesOf(d)).toString('utf8');

/** Chooses a format in a set's Export menu and waits for the file. */
async function exportAs(page: Page, setName: string, format: string, axe = false): Promise<Download> {
  await page
    .getByRole('button', { name: `Export ${setName}` })
    .first()
    .click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  if (axe) await expectNoSeriousA11y(page, `export menu ${setName}`);
  const download = page.waitForEvent('download');
  await menu.getByRole('menuitem', { name: format, exact: true }).click();
  const file = await download;
  await expect(page.getByText(`"${setName}" exported as ${format}.`)).toBeVisible();
  return file;
}

test('an admin exports a deck and a quiz to every format and a module to a zip', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const t = tag();
  const admin = await createAdmin(testInfo);
  const api = await signedInApi(admin.email, admin.password);
  const built = await buildContent(api, t);
  const deck = `Valves ${t}`;
  const quiz = `Chambers ${t}`;
  const uploaded = await api.post(`/api/admin/images?topicId=${built.topicId}`, {
    multipart: { file: { name: 'heart.png', mimeType: 'image/png', buffer: PNG_1X1 } },
  });
  expect(uploaded.status()).toBe(201);
  const { image } = (await uploaded.json()) as { image: { webpUrl: string | null; storageUrl: string } };
  const src = image.webpUrl ?? image.storageUrl;
  const cards = [
    { front: 'Mitral valve', back: 'Two cusps' },
    { front: 'Aortic valve', back: 'Three cusps, between the <b>left ventricle</b> and the aorta' },
  ];
  const question = {
    question: `<p>Which chamber pumps to the lungs?</p><p><img src="${src}" alt="Heart"></p>`,
    option1: 'Left atrium',
    option2: 'Right ventricle',
    option3: 'Left ventricle',
    option4: null,
    option5: null,
    correctOption: 2,
    explanation: 'The right ventricle sends blood through the pulmonary artery.',
  };
  for (const [path, data] of [
    [`/api/admin/topics/${built.topicId}/bulk/cards`, { name: deck, add: cards, update: [] }],
    [`/api/admin/topics/${built.topicId}/bulk/questions`, { name: quiz, add: [question], update: [] }],
    [
      '/api/admin/pages',
      {
        topicId: built.topicId,
        title: `Heart anatomy ${t}`,
        htmlBody: `<h2>Chambers</h2><p>Four of them.</p><p><img src="${src}" alt="Heart"></p>`,
      },
    ],
  ] as const)
    expect((await api.post(path, { data })).ok(), path).toBe(true);
  await api.post('/api/session/sign-out');
  await api.dispose();

  await signIn(page, admin.email, admin.password, `/admin/topic/${built.topicId}`);
  await expect(page.getByRole('table', { name: 'Flashcard decks' })).toContainText(deck);

  await test.step('a deck to CSV, Quizlet and Anki text', async () => {
    const csv = await exportAs(page, deck, 'CSV', true);
    expect(csv.suggestedFilename()).toBe(`${deck}.csv`);
    const read = prepareImport('flashcards', await textOf(csv));
    expect(read.ok && read.valid.map((v) => v.item)).toEqual(cards);

    const quizlet = await exportAs(page, deck, 'Quizlet');
    expect(quizlet.suggestedFilename()).toBe(`${deck}.quizlet.txt`);
    expect(itemsOf(readQuizlet(await textOf(quizlet)))).toEqual([
      cards[0],
      { front: 'Aortic valve', back: 'Three cusps, between the left ventricle and the aorta' },
    ]);

    const anki = await exportAs(page, deck, 'Anki text');
    expect(anki.suggestedFilename()).toBe(`${deck}.anki.txt`);
    const ankiRead = readAnkiText(await textOf(anki));
    expect(itemsOf(ankiRead)).toEqual(cards);
    expect(ankiRead.ok && ankiRead.setName).toBe(deck);
  });

  await test.step('a quiz to Moodle XML (picture embedded), GIFT and Aiken', async () => {
    await page.getByRole('tab', { name: /MCQs/ }).click();
    const moodle = await exportAs(page, quiz, 'Moodle XML', true);
    expect(moodle.suggestedFilename()).toBe(`${quiz}.moodle.xml`);
    const moodleRead = readMoodleXml(await textOf(moodle));
    expect(itemsOf(moodleRead)[0]).toMatchObject({
      option1: 'Left atrium',
      option2: 'Right ventricle',
      option3: 'Left ventricle',
      correctOption: 2,
    });
    expect(moodleRead.ok && moodleRead.files).toHaveLength(1);

    const gift = await exportAs(page, quiz, 'GIFT');
    expect(gift.suggestedFilename()).toBe(`${quiz}.gift.txt`);
    expect(itemsOf(readGift(await textOf(gift)))[0]).toMatchObject({ correctOption: 2 });

    const aiken = await exportAs(page, quiz, 'Aiken');
    expect(aiken.suggestedFilename()).toBe(`${quiz}.aiken.txt`);
    expect(itemsOf(readAiken(await textOf(aiken)))[0]).toMatchObject({
      option2: 'Right ventricle',
      correctOption: 2,
    });
  });

  await test.step('the module to one zip from the module page', async () => {
    await page.goto(`/admin/module/${built.moduleId}/subjects`);
    await page.getByRole('button', { name: 'Export all' }).click();
    const dialog = page.getByRole('dialog', { name: `Export module "${built.module}"` });
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11y(page, 'export all dialog');
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    const zipFile = await download;
    expect(zipFile.suggestedFilename()).toBe(`${built.module}.zip`);
    await expect(dialog.getByRole('status')).toHaveText(
      `Exported 1 deck, 1 quiz, 1 lecture page and 1 picture into ${built.module}.zip.`,
    );
    await expectNoSeriousA11y(page, 'export all done');

    const zip = unzipSync(new Uint8Array(await bytesOf(zipFile)));
    const dir = `${built.subject}/${built.topic}/`;
    const picture = src.split('/').pop() ?? '';
    expect(Object.keys(zip).sort()).toEqual(
      [
        `${deck}.anki.txt`,
        `${deck}.csv`,
        `${deck}.quizlet.txt`,
        `${quiz}.aiken.txt`,
        `${quiz}.gift.txt`,
        `${quiz}.moodle.xml`,
        `Heart anatomy ${t}.html`,
        `images/${picture}`,
      ]
        .map((f) => dir + f)
        .sort(),
    );
    const page1 = strFromU8(zip[`${dir}Heart anatomy ${t}.html`] ?? new Uint8Array());
    expect(page1).toContain(`<img src="images/${picture}" alt="Heart">`);
    expect(itemsOf(readAnkiText(strFromU8(zip[`${dir}${deck}.anki.txt`] ?? new Uint8Array())))).toEqual(
      cards,
    );
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
  });
});
