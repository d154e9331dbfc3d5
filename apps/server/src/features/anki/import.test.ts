// 'Import Anki Deck' through the HTTP API (issue 20): a current-format package is uploaded, read in the
// background and previewed; importing writes one deck per Anki deck (cloze notes as cloze cards, the
// picture as an image of the topic, Anki ids kept) with an import record; the same package again changes
// nothing; a changed note updates its card in place; 'Undo import' removes what it added; refusals
// (a .colpkg, not a package, another college's topic, someone else's job) are clear 4xx. Issue 32: a
// second instance on the same database and storage answers for a job and runs it; Cancel import lets go
// of the package; a failed read runs again with Try again, no new upload.
import { zipSync } from 'fflate';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANKI_IMPORT_MESSAGES as M,
  RESOURCE_TEXT_MAX,
  type AnkiImportJob,
  type TopicResourcesResponse,
} from '@zan/core';
import { buildApp } from '../../app.ts';
import { card, contentImport, flashcardDeck, image, job as jobTable } from '../../db/schema/index.ts';
import { createStorage } from '../../platform/storage.ts';
import { createTestApp } from '../../../test/harness.ts';
import { multipartFile } from '../../../test/authorization-resources.ts';
import { createCollege, createUser, signIn } from '../../../test/helpers.ts';
import { write } from '../../../test/sync-fixtures.ts';
import { ANKI_READ_MESSAGES } from './model.ts';
import { buildTestPackage, sampleContent, type TestContent } from './test-packages.ts';

describe('admin Anki import', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cookie = '';
  let strangerCookie = '';
  let topicId = '';
  let pkg: Uint8Array;
  beforeAll(async () => {
    // A secret of its own: a second instance on the same database reads this one's sessions.
    t = await createTestApp({
      authSecret: 'anki-import-test-secret-0123456789abcdef0123',
      jobConcurrency: 1,
    });
    const c = await createCollege(t.db, { years: ['Y1'] });
    const other = await createCollege(t.db, { years: ['Y1'] });
    const admin = await createUser(t.db, { role: 'admin', adminCollegeId: c.id, adminYearGroup: 'Y1' });
    const stranger = await createUser(t.db, {
      role: 'admin',
      adminCollegeId: other.id,
      adminYearGroup: 'Y1',
    });
    cookie = (await signIn(t.app, admin.email, admin.password)).cookie;
    strangerCookie = (await signIn(t.app, stranger.email, stranger.password)).cookie;
    topicId = await write(t.db, async (w) =>
      w.topic(await w.subject(await w.module({ collegeId: c.id, yearGroup: 'Y1' }))),
    );
    pkg = await buildTestPackage('latest', sampleContent());
  }, 60_000);
  afterAll(async () => t.close());

  const upload = (bytes: Uint8Array, name = 'cardio.apkg', c = cookie) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/topics/${topicId}/anki-imports`,
      ...multipartFile(name, Buffer.from(bytes)),
      headers: { ...multipartFile(name, Buffer.from(bytes)).headers, cookie: c },
    });
  const job = async (id: string, c = cookie) =>
    t.app.inject({ method: 'GET', url: `/api/admin/anki-imports/${id}`, headers: { cookie: c } });
  const until = async (id: string, states: AnkiImportJob['state'][]): Promise<AnkiImportJob> => {
    for (let i = 0; i < 2400; i++) {
      const j = (await job(id)).json<AnkiImportJob>();
      if (states.includes(j.state)) return j;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the job did not finish');
  };
  const importAll = async (bytes: Uint8Array, body: object = { deckMode: 'per-deck' }) => {
    const started = await upload(bytes);
    expect(started.statusCode).toBe(202);
    const { jobId } = started.json<{ jobId: string }>();
    const ready = await until(jobId, ['ready', 'failed']);
    expect(ready.error).toBeNull();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/anki-imports/${jobId}/import`,
      headers: { cookie },
      payload: body,
    });
    expect(res.statusCode).toBe(202);
    const done = await until(jobId, ['done', 'failed']);
    expect(done.error).toBeNull();
    return { ready, done };
  };
  const cards = () =>
    t.db
      .select()
      .from(card)
      .innerJoin(flashcardDeck, eq(flashcardDeck.id, card.deckId))
      .where(and(eq(flashcardDeck.topicId, topicId), isNotNull(card.ankiNoteId)))
      .orderBy(card.ankiNoteId, card.ankiOrd);

  it('previews, imports, re-imports without change, updates a changed note in place, and undoes', async () => {
    const { ready, done } = await importAll(pkg);
    const p = ready.preview!;
    expect(p).toMatchObject({ notes: 6, cards: 8, pictures: 1, missingMedia: ['gone.jpg'] });
    expect(p.cardsByType).toEqual({ basic: 3, reversed: 3, cloze: 2, custom: 0 });
    expect(p.decks.map((d) => d.name)).toEqual(['Cardiology', 'Cardiology::Arrhythmias']);
    expect(p.samples.length).toBe(5);
    expect(p.samples.some((s) => s.kind === 'cloze' && s.front.includes('{{c1::Adenosine}}'))).toBe(true);
    expect(p.skipped.map((s) => s.reason)).toContain(M.skippedImageOcclusion);
    expect(done.result!.decks.map((d) => [d.name, d.created, d.added, d.updated])).toEqual([
      ['Cardiology', true, 3, 0],
      ['Cardiology::Arrhythmias', true, 5, 0],
    ]);
    expect(done.result!.pictures).toBe(1);

    const first = await cards();
    expect(first.length).toBe(8);
    const cloze = first.filter((r) => r.card.kind === 'cloze');
    expect(cloze.map((r) => [r.card.ord, r.card.ankiOrd])).toEqual([
      [1, 0],
      [2, 1],
    ]);
    expect(new Set(cloze.map((r) => r.card.noteId)).size).toBe(1);
    const pictured = first.find((r) => r.card.ankiNoteId === '1690000000002' && r.card.ankiOrd === 1)!;
    const [img] = await t.db.select().from(image).where(eq(image.fileName, 'heart.png'));
    expect(pictured.card.front).toContain(`src="${img!.storageUrl}"`);
    expect(img!.usedIn.sort()).toEqual(
      first
        .filter((r) => r.card.front.includes('<img') || r.card.back.includes('<img'))
        .map((r) => r.card.id)
        .sort(),
    );
    const records = await t.db.select().from(contentImport).where(eq(contentImport.topicId, topicId));
    expect(records.map((r) => r.source)).toEqual(['anki', 'anki']);

    // The same package again: nothing changes (same ids and versions, no new record, no new picture).
    const again = await importAll(pkg);
    expect(again.done.result!.decks.map((d) => [d.added, d.updated, d.unchanged, d.importId])).toEqual([
      [0, 0, 3, null],
      [0, 0, 5, null],
    ]);
    const second = await cards();
    expect(second.map((r) => [r.card.id, r.card.rowVersion])).toEqual(
      first.map((r) => [r.card.id, r.card.rowVersion]),
    );
    expect((await t.db.select().from(image)).length).toBe(1);
    expect((await t.db.select().from(contentImport)).length).toBe(2);

    // A changed note: its card is updated in place (same id), the others are left alone.
    const content: TestContent = sampleContent();
    const changed: TestContent = {
      ...content,
      notes: content.notes.map((n) =>
        n.id === 1_690_000_000_001
          ? { ...n, fields: ['What sets the heart rate?', 'The sinoatrial node'] }
          : n,
      ),
    };
    const third = await importAll(await buildTestPackage('latest', changed));
    expect(third.done.result!.decks.map((d) => [d.added, d.updated])).toEqual([
      [0, 1],
      [0, 0],
    ]);
    const after = await cards();
    const basic = after.find((r) => r.card.ankiNoteId === '1690000000001')!;
    const before = first.find((r) => r.card.ankiNoteId === '1690000000001')!;
    expect(basic.card.id).toBe(before.card.id);
    expect(basic.card.back).toContain('sinoatrial');
    expect(after.filter((r) => r.card.id !== basic.card.id).map((r) => r.card.rowVersion)).toEqual(
      first.filter((r) => r.card.id !== basic.card.id).map((r) => r.card.rowVersion),
    );

    // Undo: the topic resources list offers it for the decks; undoing the child deck's import removes it.
    const res = (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/topics/${topicId}/resources`,
        headers: { cookie },
      })
    ).json<TopicResourcesResponse>();
    const child = res.imports.find((i) => i.setId === again.done.result!.decks[1]!.id)!;
    expect(child).toMatchObject({ source: 'anki', undoable: true, added: 5 });
    const undone = await t.app.inject({
      method: 'POST',
      url: `/api/admin/imports/${child.id}/undo`,
      headers: { cookie },
    });
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toMatchObject({ removed: 5, setDeleted: true });
    expect((await cards()).length).toBe(3);
    expect((await t.db.select().from(image)).length).toBe(0);
  }, 300_000);

  it('puts everything in one named deck when asked', async () => {
    const { done } = await importAll(pkg, { deckMode: 'one', deckName: 'Whole heart' });
    expect(done.result!.decks.map((d) => [d.name, d.added])).toEqual([['Whole heart', 8]]);
  }, 180_000);

  it('leaves out a card whose face, cleaned, is longer than a face may be stored (issue 38)', async () => {
    // Other note ids (the tests above imported the sample's); the first note's back is 6,000 '<',
    // within the face limit as written, 24,000 characters once escaped as '&lt;'.
    const sample = sampleContent();
    const moved = (id: number) => id + 1_000_000;
    const content: TestContent = {
      ...sample,
      notes: sample.notes.map((n, i) => ({
        ...n,
        id: moved(n.id),
        guid: `${n.guid}-long`,
        fields: i === 0 ? [n.fields[0]!, '<'.repeat(6000)] : n.fields,
      })),
      cards: sample.cards.map((c) => ({ ...c, id: moved(c.id), noteId: moved(c.noteId) })),
    };
    const { done } = await importAll(await buildTestPackage('latest', content), {
      deckMode: 'one',
      deckName: 'Long faces',
    });
    expect(done.result!.decks.map((d) => [d.name, d.added])).toEqual([['Long faces', 7]]);
    const stored = await cards();
    expect(stored.some((r) => r.card.ankiNoteId === String(moved(sample.notes[0]!.id)))).toBe(false);
    expect(Math.max(...stored.map((r) => r.card.back.length))).toBeLessThanOrEqual(RESOURCE_TEXT_MAX);
  }, 180_000);

  it('refuses a collection, a file that is not a package, another college, and someone else’s job', async () => {
    const col = await upload(pkg, 'everything.colpkg');
    expect([col.statusCode, col.json().error.message]).toEqual([400, ANKI_READ_MESSAGES.collectionPackage]);
    const junk = await upload(new TextEncoder().encode('not a zip at all'));
    expect([junk.statusCode, junk.json().error.message]).toEqual([400, ANKI_READ_MESSAGES.notAPackage]);
    const stranger = await upload(pkg, 'cardio.apkg', strangerCookie);
    expect(stranger.statusCode).toBe(404);
    const mine = (await upload(pkg)).json<{ jobId: string }>().jobId;
    expect((await job(mine, strangerCookie)).statusCode).toBe(404);
    const none = await t.app.inject({
      method: 'POST',
      url: `/api/admin/anki-imports/${mine}/import`,
      headers: { cookie: strangerCookie },
      payload: { deckMode: 'per-deck' },
    });
    expect(none.statusCode).toBe(404);
    const broken = await until(mine, ['ready', 'failed']);
    expect(broken.state).toBe('ready');
    const noName = await t.app.inject({
      method: 'POST',
      url: `/api/admin/anki-imports/${mine}/import`,
      headers: { cookie },
      payload: { deckMode: 'one', deckName: ' ' },
    });
    expect([noName.statusCode, noName.json().error.message]).toEqual([400, M.deckNameRequired]);
  }, 180_000);

  it("the preview shows the package's pictures from the job, to its owner only", async () => {
    const started = await upload(pkg);
    const { jobId } = started.json<{ jobId: string }>();
    const ready = await until(jobId, ['ready', 'failed']);
    const faces = ready.preview!.samples.flatMap((x) => [x.front, x.back]).join('');
    const src = `/api/admin/anki-imports/${jobId}/pictures/heart.png`;
    expect(faces).toContain(`<img src="${src}"`);
    expect(faces).not.toContain('[heart.png]');
    const res = await t.app.inject({ method: 'GET', url: src, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(new Uint8Array(res.rawPayload)).toEqual(
      new Uint8Array(sampleContent().media.find((m) => m.name === 'heart.png')!.bytes),
    );
    const other = await t.app.inject({ method: 'GET', url: src, headers: { cookie: strangerCookie } });
    expect(other.statusCode).toBe(404);
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/admin/anki-imports/${jobId}/pictures/gone.jpg`,
      headers: { cookie },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(M.pictureNotFound);
  });

  it('a second instance answers for the job and runs it; Cancel import; Try again after a failure', async () => {
    const b = await buildApp({ config: t.config, db: t.db, pool: t.pool }, { logger: false });
    await b.ready();
    try {
      const on = (app: typeof b, id: string, step = '') =>
        app.inject({
          method: step ? 'POST' : 'GET',
          url: `/api/admin/anki-imports/${id}${step}`,
          headers: { cookie },
        });
      // Uploaded through this instance, followed and imported through the other.
      const { jobId } = (await upload(pkg)).json<{ jobId: string }>();
      let seen: AnkiImportJob | null = null;
      for (let i = 0; i < 2400 && seen?.state !== 'ready'; i++) {
        const res = await on(b, jobId);
        if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
        seen = res.json<AnkiImportJob>();
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(seen, JSON.stringify(seen)).toMatchObject({
        state: 'ready',
        step: 'read',
        ahead: null,
        canRetry: false,
      });
      const started = await b.inject({
        method: 'POST',
        url: `/api/admin/anki-imports/${jobId}/import`,
        headers: { cookie },
        payload: { deckMode: 'one', deckName: 'Through B' },
      });
      expect(started.statusCode, started.body).toBe(202);
      expect(started.json<AnkiImportJob>().step).toBe('import');
      const done = await until(jobId, ['done', 'failed']);
      expect(done.result!.decks.map((d) => d.name)).toEqual(['Through B']);
      // Its package is let go once imported (just after the job ends).
      const storage = createStorage(t.config.storage);
      await expect.poll(() => storage.exists(`private/jobs/${jobId}/package.apkg`)).toBe(false);

      // Cancel import on a previewed package: cancelled, its package removed; a second cancel is 409.
      const second = (await upload(pkg)).json<{ jobId: string }>().jobId;
      await until(second, ['ready']);
      expect(await storage.exists(`private/jobs/${second}/package.apkg`)).toBe(true);
      const cancelled = await on(b, second, '/cancel');
      expect([cancelled.statusCode, cancelled.json<AnkiImportJob>().state]).toEqual([200, 'cancelled']);
      expect(await storage.exists(`private/jobs/${second}/package.apkg`)).toBe(false);
      expect((await on(t.app, second, '/cancel')).statusCode).toBe(409);

      // A zip that is no Anki package fails with the reader's message; Try again reads it again.
      const junk = zipSync({ 'notes.txt': new TextEncoder().encode('no collection here') });
      const bad = (await upload(junk)).json<{ jobId: string }>().jobId;
      const failed = await until(bad, ['failed']);
      expect(failed).toMatchObject({ canRetry: true, step: 'read' });
      expect(failed.error).toBeTruthy();
      const again = await on(b, bad, '/retry');
      expect(again.statusCode, again.body).toBe(202);
      expect(['queued', 'reading', 'failed']).toContain(again.json<AnkiImportJob>().state);
      expect(await until(bad, ['failed'])).toMatchObject({ error: failed.error });
      const [row] = await t.db.select().from(jobTable).where(eq(jobTable.id, bad));
      expect(row!.attempts).toBe(1);
      expect((await on(t.app, jobId, '/retry')).statusCode).toBe(409);
    } finally {
      await b.close();
    }
  }, 180_000);
});
