// Journey (issue 20): Anki back out, and a student's own Anki progress in. A college deck imported from an
// Anki package (built here as Anki writes it) is exported by its admin as an .apkg that reads back with the
// same notes; a student of the year who studied that deck in Anki uploads their own collection (.colpkg) on
// the account page: the matching cards take their Anki scheduling — the reviewed card is due, the
// suspended one suspended — and the rest stay new. axe on the account section at desktop and phone width.
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { readAnkiPackage } from '../../apps/server/src/features/anki/read-package.ts';
import { buildTestPackage, sampleContent } from '../../apps/server/src/features/anki/test-packages.ts';
import { createUser } from '../support/accounts.ts';
import { expectNoSeriousA11y } from '../support/a11y.ts';
import { adminWithTopic, signedInApi } from '../support/content.ts';
import { expectAllTopicsDownloaded, expectCounts, openDeck, openSubject } from '../support/study.ts';
import { signIn } from '../support/ui.ts';

/** The package imported through the admin API: upload, wait for the read, import one deck per Anki deck. */
async function importPackage(api: APIRequestContext, topicId: string, apkg: Buffer): Promise<void> {
  const up = await api.post(`/api/admin/topics/${topicId}/anki-imports`, {
    multipart: { file: { name: 'cardiology.apkg', mimeType: 'application/octet-stream', buffer: apkg } },
  });
  expect(up.status()).toBe(202);
  const { jobId } = (await up.json()) as { jobId: string };
  const state = async () =>
    ((await (await api.get(`/api/admin/anki-imports/${jobId}`)).json()) as { state: string }).state;
  await expect.poll(state, { timeout: 120_000 }).toBe('ready');
  const imp = await api.post(`/api/admin/anki-imports/${jobId}/import`, { data: { deckMode: 'per-deck' } });
  expect(imp.ok()).toBe(true);
  await expect.poll(state, { timeout: 60_000 }).toBe('done');
}

test('an admin exports an imported deck as .apkg; a student brings their own Anki progress', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const content = sampleContent();
  const apkg = Buffer.from(await buildTestPackage('latest', content));
  const { admin, built } = await adminWithTopic(testInfo);
  const api = await signedInApi(admin.email, admin.password);
  try {
    await importPackage(api, built.topicId, apkg);
  } finally {
    await api.post('/api/session/sign-out');
    await api.dispose();
  }

  await test.step("the admin exports the deck as .apkg: it reads back with the deck's notes", async () => {
    await signIn(page, admin.email, admin.password, `/admin/topic/${built.topicId}`);
    const deck = 'Cardiology::Arrhythmias';
    await page
      .getByRole('button', { name: `Export ${deck}` })
      .first()
      .click();
    const menu = page.getByRole('menu');
    const download = page.waitForEvent('download');
    await menu.getByRole('menuitem', { name: 'Anki package (.apkg)', exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.apkg$/);
    const read = await readAnkiPackage(new Uint8Array(await readFile(await file.path())));
    if ('error' in read) throw new Error(read.error.message);
    // 5 cards: the reversed pair (two Basic notes here), Tachycardia, and one Cloze note with its 2 cards.
    expect(read.package.cards).toHaveLength(5);
    expect(read.package.notes).toHaveLength(4);
    const cloze = read.package.notes.find((n) => n.fields[0]!.includes('{{c1::'));
    expect(cloze?.fields[0]).toBe('{{c1::Adenosine}} treats {{c2::SVT::a rhythm}}');
    // An imported note keeps its Anki note id, so Anki updates it instead of adding a copy.
    expect(cloze?.id).toBe(content.notes.find((n) => n.fields[0]!.includes('{{c1::Adenosine'))!.id);
  });

  await test.step('a student uploads their own Anki collection: matching cards take its scheduling', async () => {
    const student = await createUser({ prefix: 'ankiprog' });
    const context = await browser.newContext();
    const s = await context.newPage();
    await signIn(s, student.email, student.password);
    await expect(s.getByRole('main').getByRole('link', { name: new RegExp(built.module) })).toBeVisible({
      timeout: 30_000,
    });
    await s.goto('/dashboard/account');
    const section = s.getByRole('region', { name: 'Import Anki progress' });
    await expect(section).toBeVisible();
    await expectNoSeriousA11y(s, 'account: import Anki progress');
    await section.getByLabel('Anki file').setInputFiles({
      name: 'collection.colpkg',
      mimeType: 'application/octet-stream',
      buffer: apkg,
    });
    // 8 of the 9 Anki cards became Zan cards (the Image Occlusion one did not).
    await expect(section.getByText('8 cards matched, 1 did not.')).toBeVisible({ timeout: 120_000 });
    await s.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousA11y(s, 'account: import Anki progress (phone)');
    await s.setViewportSize({ width: 1280, height: 800 });

    await s.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await openSubject(s, built.module, built.subject);
    await expectAllTopicsDownloaded(s, [built.topic]);
    // Cardiology: the card reviewed in Anki (due long ago) is due; the other two are new.
    await openDeck(s, 'Cardiology');
    await expect(async () => {
      await s.reload();
      await expectCounts(s, { new: 2, due: 1, suspended: 0 }, 5_000);
    }).toPass({ timeout: 60_000 });
    // Arrhythmias: the card suspended in Anki stays suspended.
    await openDeck(s, 'Cardiology::Arrhythmias');
    await expectCounts(s, { new: 4, due: 0, suspended: 1 });
    await context.close();
  });
});
