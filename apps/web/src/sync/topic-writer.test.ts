// Topic writes batched (issue 11, first full sync): several downloaded topics in one transaction, each
// with its own result; a stale download written not at all; one bad topic failing alone.
import type { TopicContentResponse } from '@zan/core';
import { describe, expect, it, vi } from 'vitest';
import { GLOBAL_SYNC_ID } from '../local/db.ts';
import { replaceTopicContents } from '../local/topic-content.ts';
import { counts, freshDb, topic, topicContent } from './testing/fake-server.ts';
import { topicWriter } from './topic-sync.ts';

const content = (id: string, tag = 'a', version?: number): TopicContentResponse => ({
  ...topicContent(topic(id, 's1', 'm1'), tag),
  ...(version === undefined ? {} : { version }),
});

describe('replaceTopicContents', () => {
  it('replaces several topics in one transaction and skips a stale download', async () => {
    const db = freshDb();
    await replaceTopicContents(db, [content('t1'), content('t2'), content('t3')], 1);
    await db.syncMetadata.put({ id: GLOBAL_SYNC_ID, appliedVersion: 10 } as never);
    const spy = vi.spyOn(db, 'transaction');
    const results = await replaceTopicContents(
      db,
      [content('t1', 'b', 12), content('t2', 'b', 9), content('t3', 'b')],
      2,
    );
    expect(results).toEqual([true, false, true]);
    expect(spy).toHaveBeenCalledTimes(1);
    // t1 and t3 now hold only their new rows, t2 (stale: read at 9 < 10 applied) its old ones.
    const cardIds = (await db.cards.toCollection().primaryKeys()).sort();
    expect(cardIds).toEqual(
      ['t1-card-b1', 't1-card-b2', 't2-card-a1', 't2-card-a2', 't3-card-b1', 't3-card-b2'].sort(),
    );
    expect((await db.topics.get('t1'))?.lastSynced).toBe(2);
    expect((await db.topics.get('t2'))?.lastSynced).toBe(1);
    expect(await counts(db)).toMatchObject({
      topics: 3,
      decks: 3,
      cards: 6,
      quizzes: 3,
      questions: 3,
      html: 3,
    });
  });

  it('keeps the last of two downloads of one topic in a batch', async () => {
    const db = freshDb();
    expect(await replaceTopicContents(db, [content('t1', 'a'), content('t1', 'b')], 1)).toEqual([true, true]);
    expect((await db.cards.toCollection().primaryKeys()).sort()).toEqual(['t1-card-b1', 't1-card-b2']);
  });
});

describe('topicWriter', () => {
  it('writes the first topic at once and the ones arriving meanwhile together', async () => {
    const db = freshDb();
    const spy = vi.spyOn(db, 'transaction');
    const write = topicWriter(db, () => 7);
    const ids = ['t1', 't2', 't3', 't4', 't5'];
    expect(await Promise.all(ids.map((id) => write(content(id))))).toEqual(ids.map(() => true));
    expect(spy).toHaveBeenCalledTimes(2); // t1 alone, then t2–t5 in one transaction
    expect(await counts(db)).toMatchObject({ topics: 5, cards: 10 });
    expect((await db.topics.toArray()).every((t) => t.lastSynced === 7)).toBe(true);
  });

  it('bounds a batch', async () => {
    const db = freshDb();
    const spy = vi.spyOn(db, 'transaction');
    const write = topicWriter(db, () => 1, 2);
    await Promise.all(['t1', 't2', 't3', 't4', 't5'].map((id) => write(content(id))));
    expect(spy).toHaveBeenCalledTimes(3); // t1; t2 t3; t4 t5
  });

  it('a topic whose write fails fails alone; the others of its batch are written', async () => {
    const db = freshDb();
    const write = topicWriter(db, () => 1);
    const bad = content('t3');
    bad.cards = [{ ...bad.cards[0]!, id: undefined as unknown as string }]; // no primary key: DataError
    const results = await Promise.allSettled(
      ['t1', 't2', 't3', 't4'].map((id) => write(id === 't3' ? bad : content(id))),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((await db.topics.toCollection().primaryKeys()).sort()).toEqual(['t1', 't2', 't4']);
    expect(await counts(db)).toMatchObject({ cards: 6 });
  });
});
