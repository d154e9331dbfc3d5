// Issue 17: admin HTML is checked off the event loop within core HTML_LIMITS. A page, a face or an import
// over a limit is refused with a message naming it and writes nothing; while a large import is checked
// the server keeps answering other requests. Issue 38: what is stored keeps the input's length limit too.
import { HTML_LIMITS, MSG, PAGE_HTML_MAX, RESOURCE_TEXT_MAX } from '@zan/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topic } from '../../db/schema/index.ts';
import { createTestApp } from '../../../test/harness.ts';
import { adminWithTopic } from '../../../test/helpers.ts';

describe('HTML limits on save', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cookie = '';
  let topicId = '';
  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie, topicId } = await adminWithTopic(t.app, t.db));
  });
  afterAll(async () => t.close());

  const call = (method: 'POST' | 'GET', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const version = async () =>
    (await t.db.select({ v: topic.contentVersion }).from(topic).where(eq(topic.id, topicId)))[0]!.v;
  const bulk = (add: { front: string; back: string }[]) =>
    call('POST', `/api/admin/topics/${topicId}/bulk/cards`, { name: 'Limits', add, update: [] });

  it('refuses a lecture page over the element or depth limit, naming the page; nothing is written', async () => {
    const v0 = await version();
    const tooMany = await call('POST', '/api/admin/pages', {
      topicId,
      title: 'Huge',
      htmlBody: '<b>x</b>'.repeat(HTML_LIMITS.pageElements + 1),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe(MSG.htmlTooManyElements('The page', HTML_LIMITS.pageElements));
    const deep = await call('POST', '/api/admin/pages', {
      topicId,
      title: 'Deep',
      htmlBody: '<div>'.repeat(HTML_LIMITS.depth + 1) + 'x',
    });
    expect(deep.json().error.message).toBe(MSG.htmlTooDeep('The page', HTML_LIMITS.depth));
    // A 1 MB page of nested divs (about two minutes of DOMPurify on jsdom before) is refused at once.
    const nested = await call('POST', '/api/admin/pages', {
      topicId,
      title: 'Nested',
      htmlBody: '<div>'.repeat(199_000),
    });
    expect(nested.statusCode).toBe(400);
    expect(await version()).toBe(v0);
    // Bytes: a page of the largest size with quotes and accents (over 1 MB as JSON) is read, and one
    // character over is refused with its message.
    const para = '<p class="recall">Élément « cœur » — systole.</p>';
    const largest = para.repeat(Math.floor(PAGE_HTML_MAX / para.length));
    expect(Buffer.byteLength(JSON.stringify({ htmlBody: largest }))).toBeGreaterThan(1024 * 1024);
    const big = await call('POST', '/api/admin/pages', { topicId, title: 'Largest', htmlBody: largest });
    expect(big.statusCode).toBe(201);
    const v1 = await version();
    const over = await call('POST', '/api/admin/pages', {
      topicId,
      title: 'Over',
      htmlBody: 'x'.repeat(PAGE_HTML_MAX + 1),
    });
    expect(over.json().error.message).toBe(MSG.pageTooLong(PAGE_HTML_MAX));
    expect(await version()).toBe(v1);
    const ok = await call('POST', '/api/admin/pages', {
      topicId,
      title: 'Fine',
      htmlBody: '<p onclick="x()">A page</p>',
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().page.htmlBody).toBe('<p>A page</p>');
  });

  it('names the card of an import whose face breaks the limit, and the card where the import passes its budget', async () => {
    const v0 = await version();
    const heavy = '<b>x</b>'.repeat(HTML_LIMITS.faceElements + 1);
    const face = await bulk([
      { front: 'Fine', back: 'x' },
      { front: '<p>Mitral <b>valve</b></p>', back: heavy },
    ]);
    expect(face.statusCode).toBe(400);
    expect(face.json().error.message).toBe(
      MSG.htmlTooManyElements('The back of the card "Mitral valve"', HTML_LIMITS.faceElements),
    );
    const picture = await bulk([
      { front: '<img src="/files/a.webp">' + '<br>'.repeat(HTML_LIMITS.faceElements), back: 'x' },
    ]);
    expect(picture.json().error.message).toBe(
      MSG.htmlTooManyElements('The front of card 1 of the import', HTML_LIMITS.faceElements),
    );
    // Every face within its own limit, the import over its budget: refused at the card that passes it.
    const perCard = 2 * 500;
    const cards = Array.from({ length: Math.floor(HTML_LIMITS.importElements / perCard) + 1 }, (_, i) => ({
      front: `Card ${i + 1}` + '<br>'.repeat(500),
      back: '<br>'.repeat(500),
    }));
    const budget = await bulk(cards);
    expect(budget.json().error.message).toBe(
      MSG.importTooManyElements(HTML_LIMITS.importElements, `the card "Card ${cards.length}"`),
    );
    expect(await version()).toBe(v0);
  });

  it('refuses HTML that cleaning makes longer than its limit, naming it; nothing is written', async () => {
    const v0 = await version();
    // 600 KB of links, within the element limit, was stored as 2.9 MB (each gains its closing tag, target and rel).
    const links = '<a href="#">'.repeat(HTML_LIMITS.pageElements);
    expect(links.length).toBeLessThanOrEqual(PAGE_HTML_MAX);
    const page = await call('POST', '/api/admin/pages', { topicId, title: 'Links', htmlBody: links });
    expect(page.statusCode).toBe(400);
    expect(page.json().error).toEqual({
      code: 'HTML_LIMIT',
      message: MSG.htmlTooLongCleaned('The page', PAGE_HTML_MAX),
    });
    expect(await version()).toBe(v0);
    // A face of '<' (no element at all) is stored escaped, four times as long.
    const angles = '<'.repeat(RESOURCE_TEXT_MAX);
    const deck = await call('POST', `/api/admin/topics/${topicId}/decks`, { name: 'Escapes' });
    expect(deck.statusCode).toBe(201);
    const v1 = await version();
    const card = await call('POST', `/api/admin/decks/${deck.json().deck.id}/cards`, {
      front: 'Q',
      back: angles,
    });
    expect(card.statusCode).toBe(400);
    expect(card.json().error.message).toBe(MSG.htmlTooLongCleaned('The back', RESOURCE_TEXT_MAX));
    const imported = await bulk([
      { front: 'Fine', back: 'x' },
      { front: 'Arrows', back: angles },
    ]);
    expect(imported.statusCode).toBe(400);
    expect(imported.json().error.message).toBe(
      MSG.htmlTooLongCleaned('The back of the card "Arrows"', RESOURCE_TEXT_MAX),
    );
    expect(await version()).toBe(v1);
  });

  it('keeps answering other requests while a large import is checked', async () => {
    const cards = Array.from({ length: 600 }, (_, i) => ({
      front: `Card ${i} ` + '<b>x</b><i>y</i>'.repeat(95),
      back: '<b>x</b><i>y</i>'.repeat(95),
    }));
    const order: string[] = [];
    const importing = bulk(cards).then((r) => {
      order.push('import');
      return r;
    });
    // Let the import's body be parsed and its faces reach the sanitiser before asking for health.
    await new Promise((r) => setTimeout(r, 200));
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    order.push('health');
    expect(health.statusCode).toBe(200);
    expect((await importing).statusCode).toBe(200);
    // Sanitising on the event loop (before issue 17) answered health only after the import.
    expect(order).toEqual(['health', 'import']);
  });
});
