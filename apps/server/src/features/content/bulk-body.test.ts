// Issue 17: a bulk import body of 256 KB or more is parsed and checked against its schema in a worker
// thread (the event loop only takes its rows back in chunks), with the same answers as Fastify's own
// parser and validator, and within memory and time bounds that refuse it alone.
import { HTML_LIMITS, MSG } from '@zan/core';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mcqQuestion, topic } from '../../db/schema/index.ts';
import { createTestApp } from '../../../test/harness.ts';
import { adminWithTopic } from '../../../test/helpers.ts';
import { OFF_THREAD } from '../../platform/off-thread.ts';
import { holdSlot } from '../../platform/off-thread-hold.ts';
import { OFF_THREAD_BODY_BYTES } from './bulk-body.ts';

describe('bulk import bodies off the event loop', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cookie = '';
  let topicId = '';
  const bounds = { ...OFF_THREAD };
  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie, topicId } = await adminWithTopic(t.app, t.db));
  });
  afterAll(async () => t.close());
  afterEach(() => Object.assign(OFF_THREAD, bounds));

  const post = (kind: 'cards' | 'questions', payload: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/topics/${topicId}/bulk/${kind}`,
      headers: { cookie, 'content-type': 'application/json' },
      payload,
    });
  /** `n` cards of about 1 KB each. */
  const cards = (n: number, name = 'Big') =>
    JSON.stringify({
      name,
      add: Array.from({ length: n }, (_, i) => ({ front: `<p>Card ${i}</p>`, back: 'x'.repeat(1000) })),
      update: [],
    });

  it('imports a large body read in a worker: every row, in order', async () => {
    const body = cards(1200);
    expect(Buffer.byteLength(body)).toBeGreaterThan(OFF_THREAD_BODY_BYTES * 4);
    const res = await post('cards', body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ created: true, added: 1200, count: 1200 });
    const editor = await t.app.inject({
      method: 'GET',
      url: `/api/admin/decks/${res.json().id}`,
      headers: { cookie },
    });
    const fronts = (editor.json().cards as { front: string }[]).map((c) => c.front);
    expect(fronts.slice(0, 3)).toEqual(['<p>Card 0</p>', '<p>Card 1</p>', '<p>Card 2</p>']);
    expect(fronts.at(-1)).toBe('<p>Card 1199</p>');
  });

  it('stores every field of imported questions, in order, stamped with the write version', async () => {
    const add = Array.from({ length: 300 }, (_, i) => ({
      question: `<p>Question ${i}</p>` + 'q'.repeat(900),
      option1: 'A',
      option2: 'B',
      ...(i % 2
        ? { option3: 'C', option4: 'D', option5: 'E', correctOption: 5 }
        : { option3: null, option4: null, option5: null, correctOption: 2 }),
      explanation: i % 3 ? `Because ${i}` : null,
    }));
    const res = await post('questions', JSON.stringify({ name: 'Bank', add, update: [] }));
    expect(res.statusCode).toBe(200);
    const rows = await t.db
      .select()
      .from(mcqQuestion)
      .where(eq(mcqQuestion.quizId, res.json().id))
      .orderBy(asc(mcqQuestion.createdAt));
    expect(rows).toHaveLength(300);
    const [v] = await t.db.select({ v: topic.contentVersion }).from(topic).where(eq(topic.id, topicId));
    for (const [i, r] of rows.entries()) {
      expect(r.question).toBe(add[i]!.question);
      expect([r.option3, r.option4, r.option5]).toEqual(i % 2 ? ['C', 'D', 'E'] : [null, null, null]);
      expect(r.correctOption).toBe(i % 2 ? 5 : 2);
      expect(r.explanation).toBe(i % 3 ? `Because ${i}` : null);
      expect(r.rowVersion).toBe(v!.v);
    }
  });

  it('answers bad JSON and a body its schema refuses as the inline parser does', async () => {
    const big = cards(400);
    const small = cards(2);
    for (const body of [big, small]) {
      const broken = await post('cards', body.slice(0, -2));
      expect(broken.statusCode).toBe(400);
      expect(broken.json().error.code).toBe('FST_ERR_CTP_INVALID_JSON_BODY');
    }
    // A question without options: the schema's own message, large or small.
    const questions = (n: number) =>
      JSON.stringify({
        name: 'Q',
        add: Array.from({ length: n }, () => ({ question: 'q'.repeat(1000), option1: 'a' })),
        update: [],
      });
    const answers = await Promise.all([post('questions', questions(400)), post('questions', questions(2))]);
    expect(answers.map((r) => r.statusCode)).toEqual([400, 400]);
    expect(answers[0]!.json()).toEqual(answers[1]!.json());
    expect(answers[0]!.json().error.code).toBe('VALIDATION');
    // Unknown keys (a prototype-poisoning attempt) are refused, not merged.
    const poisoned = `{"__proto__":{"admin":true},${cards(400).slice(1)}`;
    expect((await post('cards', poisoned)).statusCode).toBe(400);
  });

  it('reads the body as Fastify does: too large or of another length than declared is refused', async () => {
    const body = cards(400);
    const send = (length: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/topics/${topicId}/bulk/cards`,
        headers: { cookie, 'content-type': 'application/json', 'content-length': String(length) },
        payload: body,
      });
    const tooLarge = await send(40 * 1024 * 1024);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.code).toBe('FST_ERR_CTP_BODY_TOO_LARGE');
    const longer = await send(Buffer.byteLength(body) + 10);
    expect(longer.statusCode).toBe(400);
    expect(longer.json().error.code).toBe('FST_ERR_CTP_INVALID_CONTENT_LENGTH');
  });

  it("sanitises and judges a large import's faces where it was read, answering as for a small one", async () => {
    const big = (rows: { front: string; back: string }[], name: string) =>
      JSON.stringify({ name, add: [...rows, ...fill(300)], update: [] });
    const small = (rows: { front: string; back: string }[], name: string) =>
      JSON.stringify({ name, add: rows, update: [] });
    const fill = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ front: `<p>Fill ${i}</p>`, back: 'y'.repeat(1000) }));
    const over = [{ front: '<p>Mitral <b>valve</b></p>', back: '<br>'.repeat(HTML_LIMITS.faceElements + 1) }];
    const blank = [{ front: '<p> </p>', back: 'Answer' }];
    for (const rows of [over, blank]) {
      const answers = [await post('cards', big(rows, 'Big')), await post('cards', small(rows, 'Small'))];
      expect(Buffer.byteLength(big(rows, 'Big'))).toBeGreaterThan(OFF_THREAD_BODY_BYTES);
      expect(answers.map((r) => r.statusCode)).toEqual([400, 400]);
      expect(answers[0]!.json()).toEqual(answers[1]!.json());
    }
    expect((await post('cards', big(over, 'Big'))).json().error).toEqual({
      code: 'HTML_LIMIT',
      message: MSG.htmlTooManyElements('The back of the card "Mitral valve"', HTML_LIMITS.faceElements),
    });
    const res = await post(
      'cards',
      big([{ front: ' <p onclick="x()">Safe</p> ', back: '<script>x()</script>B' }], 'Clean'),
    );
    expect(res.statusCode).toBe(200);
    const editor = await t.app.inject({
      method: 'GET',
      url: `/api/admin/decks/${res.json().id}`,
      headers: { cookie },
    });
    expect(editor.json().cards[0]).toMatchObject({ front: '<p>Safe</p>', back: 'B' });
  });

  it('refuses a body its worker cannot read within the time or memory bound, and writes nothing', async () => {
    const before = await t.app.inject({
      method: 'GET',
      url: `/api/admin/topics/${topicId}/resources`,
      headers: { cookie },
    });
    OFF_THREAD.timeMs = 1;
    const slow = await post('cards', cards(400, 'Slow'));
    expect(slow.statusCode).toBe(413);
    expect(slow.json().error).toEqual({ code: 'IMPORT_LIMIT', message: MSG.importTooLargeToRead });
    Object.assign(OFF_THREAD, bounds);
    OFF_THREAD.heapMb = 4;
    const heavy = await post('cards', cards(6000, 'Heavy'));
    expect(heavy.statusCode).toBe(413);
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/admin/topics/${topicId}/resources`,
      headers: { cookie },
    });
    expect(after.json()).toEqual(before.json());
    // The server reads the next body as before.
    Object.assign(OFF_THREAD, bounds);
    expect((await post('cards', cards(400, 'Next'))).statusCode).toBe(200);
  });

  it('answers 429 busy with a Retry-After when the pool and its queue are full, and writes nothing', async () => {
    const resources = () =>
      t.app.inject({ method: 'GET', url: `/api/admin/topics/${topicId}/resources`, headers: { cookie } });
    const before = (await resources()).json();
    Object.assign(OFF_THREAD, { concurrent: 1, queue: 0 });
    const held = holdSlot();
    try {
      const busy = await post('cards', cards(400, 'Busy'));
      expect(busy.statusCode).toBe(429);
      const seconds = Number(busy.headers['retry-after']);
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(busy.json().error).toEqual({ code: 'SERVER_BUSY', message: MSG.serverBusy(seconds) });
      expect((await resources()).json()).toEqual(before);
    } finally {
      await held.release();
    }
    expect((await post('cards', cards(400, 'Later'))).statusCode).toBe(200);
  });
});
