import {
  buildExportFile,
  DEFAULT_SCHEDULER_SETTINGS,
  parseExportFile,
  type ImportedStudyData,
  type QbankBlockDto,
} from '@zan/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeUserDb, getUserDb, type UserProgressRow } from './db.ts';
import { outboxRow } from './outbox.ts';
import { getSchedulerSettingsRow } from './scheduler-settings.ts';
import { readStudyData, replaceStudyData } from './study-data.ts';

const uid = () => 'data-' + crypto.randomUUID();
const now = new Date('2026-03-01T10:00:00Z');
const earlier = new Date('2026-02-01T10:00:00Z');

afterEach(() => {
  vi.restoreAllMocks();
  closeUserDb();
});

const row = (userId: string, itemId: string): UserProgressRow => ({
  id: `${userId}_${itemId}`,
  userId,
  itemId,
  cardId: itemId,
  subjectId: 's1',
  deckId: 'd1',
  type: 'flashcard',
  easeFactor: 2.5,
  interval: 600,
  dueDate: earlier,
  isSuspended: false,
  reviewedAt: earlier,
});

async function seed(userId: string) {
  const db = getUserDb(userId);
  await db.userProgress.bulkPut([row(userId, 'a'), row(userId, 'b')]);
  await db.studySessions.add({
    uuid: crypto.randomUUID(),
    date: earlier,
    durationInSeconds: 60,
    subjectId: 's1',
    subjectName: 'S',
    moduleId: 'm1',
    moduleName: 'M',
  });
  return db;
}

const imported: ImportedStudyData = {
  userProgress: [
    {
      id: 'someone-else_b',
      userId: 'someone-else',
      itemId: 'b',
      cardId: 'b',
      subjectId: 's1',
      deckId: 'd1',
      type: 'flashcard',
      easeFactor: 2.2,
      interval: 86_400,
      dueDate: now,
      isSuspended: true,
    },
    {
      itemId: 'q1',
      questionId: 'q1',
      subjectId: 's2',
      type: 'mcq',
      easeFactor: 2.5,
      interval: 0,
      dueDate: null,
      isSuspended: false,
    },
  ],
  studySessions: [
    {
      date: earlier,
      durationInSeconds: 120,
      subjectId: 's1',
      subjectName: 'S',
      moduleId: 'm1',
      moduleName: 'M',
    },
    {
      uuid: '8f0c1f59-2f7a-4a53-9f51-0c3b4fd1e0a1',
      date: now,
      durationInSeconds: 30,
      subjectId: 's2',
      subjectName: 'T',
      moduleId: 'm1',
      moduleName: 'M',
    },
  ],
};

describe('readStudyData', () => {
  it("reads the user's progress and sessions", async () => {
    const userId = uid();
    await seed(userId);
    const data = await readStudyData(userId);
    expect(data.userProgress.map((r) => r.itemId).sort()).toEqual(['a', 'b']);
    expect(data.studySessions).toHaveLength(1);
  });
});

describe('replaceStudyData', () => {
  it('replaces progress and sessions under the current user and queues delete / upsert / session ops', async () => {
    const userId = uid();
    const db = await seed(userId);
    const summary = await replaceStudyData(userId, imported, now);
    expect(summary).toEqual({ imported: 4, progress: 2, sessions: 2, deleted: 1, queued: 5, blocks: 0 });

    const rows = await db.userProgress.orderBy('itemId').toArray();
    expect(rows.map((r) => [r.id, r.userId, r.itemId])).toEqual([
      [`${userId}_b`, userId, 'b'],
      [`${userId}_q1`, userId, 'q1'],
    ]);
    expect(rows[0]).toMatchObject({ interval: 86_400, isSuspended: true, dueDate: now, reviewedAt: now });
    const sessions = await db.studySessions.toArray();
    expect(sessions).toHaveLength(2);
    expect(sessions.every((s) => /^[0-9a-f-]{36}$/.test(s.uuid))).toBe(true);
    expect(sessions.map((s) => s.uuid)).toContain('8f0c1f59-2f7a-4a53-9f51-0c3b4fd1e0a1');

    const ops = (await db.progressOutbox.orderBy('createdAt').toArray()).map((r) => r.payload);
    expect(ops.map((o) => o.kind)).toEqual(['import', 'upsert', 'upsert', 'session', 'session']);
    expect(ops[0]).toMatchObject({ kind: 'import', at: now.getTime() });
    expect(ops[1]).toMatchObject({
      kind: 'upsert',
      rating: null,
      record: { itemId: 'b', reviewedAt: now.getTime(), dueDate: now.getTime(), isSuspended: true },
    });
    expect(ops[2]).toMatchObject({
      kind: 'upsert',
      record: { itemId: 'q1', type: 'mcq', questionId: 'q1', cardId: null, dueDate: null },
    });
    expect(
      new Set(ops.filter((o) => o.kind === 'session').map((o) => (o.kind === 'session' ? o.session.id : ''))),
    ).toEqual(new Set(sessions.map((s) => s.uuid)));
  });

  it('an empty file clears everything and deletes every item on the server', async () => {
    const userId = uid();
    const db = await seed(userId);
    const summary = await replaceStudyData(userId, { userProgress: [], studySessions: [] }, now);
    expect(summary).toMatchObject({ imported: 0, deleted: 2, queued: 1 });
    expect(await db.userProgress.count()).toBe(0);
    expect(await db.studySessions.count()).toBe(0);
  });

  it('drops queued uploads of sessions the file does not keep', async () => {
    const userId = uid();
    const db = await seed(userId);
    const session = {
      id: crypto.randomUUID(),
      date: 1,
      durationInSeconds: 5,
      subjectId: 's',
      subjectName: 'S',
      moduleId: 'm',
      moduleName: 'M',
    };
    await db.progressOutbox.add({
      opId: 'old-session-op',
      createdAt: 1,
      kind: 'session',
      payload: { opId: 'old-session-op', kind: 'session', session },
    });
    await replaceStudyData(userId, imported, now);
    expect(await db.progressOutbox.get('old-session-op')).toBeUndefined();
  });

  it('a failure changes nothing: rows, sessions and outbox as before', async () => {
    const userId = uid();
    const db = await seed(userId);
    const before = { rows: await db.userProgress.toArray(), sessions: await db.studySessions.toArray() };
    vi.spyOn(db.progressOutbox, 'bulkAdd').mockRejectedValue(new Error('disk full'));
    await expect(replaceStudyData(userId, imported, now)).rejects.toThrow('disk full');
    expect(await db.userProgress.toArray()).toEqual(before.rows);
    expect(await db.studySessions.toArray()).toEqual(before.sessions);
    expect(await db.progressOutbox.count()).toBe(0);
  });
});

describe('scheduler settings in the study data (issue 18)', () => {
  it('are read for the export when set, and an import with settings makes them this account’s', async () => {
    const userId = uid();
    const db = await seed(userId);
    expect((await readStudyData(userId)).schedulerSettings).toBeUndefined();
    const settings = {
      ...DEFAULT_SCHEDULER_SETTINGS,
      scheduler: 'fsrs' as const,
      desiredRetention: 0.88,
      updatedAt: 1,
    };
    await replaceStudyData(userId, { ...imported, schedulerSettings: settings }, now);
    const row = await getSchedulerSettingsRow(db, userId);
    expect(row).toMatchObject({ dirty: true, settings: { ...settings, updatedAt: now.getTime() } });
    expect((await readStudyData(userId)).schedulerSettings).toEqual(row?.settings);
  });
});

describe('question-bank blocks in the study data (issue 19)', () => {
  const block = (id: string, updatedAt: number, flagged = false): QbankBlockDto => ({
    id,
    mode: 'tutor',
    secondsPerQuestion: 90,
    startedAt: earlier.getTime(),
    endedAt: null,
    current: 0,
    shownAt: earlier.getTime(),
    questions: [
      {
        questionId: 'q1',
        subjectId: 's1',
        topicId: 't1',
        order: [2, 1],
        answer: 2,
        checked: true,
        flagged,
        struck: [1],
        timeMs: 5000,
      },
    ],
    updatedAt,
  });
  const ids = {
    a: crypto.randomUUID(),
    b: crypto.randomUUID(),
    c: crypto.randomUUID(),
    d: crypto.randomUUID(),
  };

  it('round-trips through the export file and imports additively, queueing a block op each', async () => {
    const from = uid();
    const source = getUserDb(from);
    await source.qbankBlocks.bulkPut([block(ids.a, 100, true), block(ids.b, 100), block(ids.c, 100)]);
    const data = await readStudyData(from);
    const file = buildExportFile(data.userProgress, data.studySessions, now, [], undefined, data.qbankBlocks);
    expect(file.version).toBe(1);
    closeUserDb();

    const parsed = parseExportFile(JSON.stringify(file));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.data.qbankBlocks).toHaveLength(3);

    const to = uid();
    const db = getUserDb(to);
    // This device: b is later here (kept), c has an unsent older change (replaced), d is not in the file (stays).
    await db.qbankBlocks.bulkPut([block(ids.b, 200), block(ids.c, 50), block(ids.d, 10)]);
    await db.progressOutbox.add(outboxRow({ opId: 'op-old-c', kind: 'block', block: block(ids.c, 50) }, 1));
    const summary = await replaceStudyData(to, parsed.data, now);
    expect(summary.blocks).toBe(2);
    const stored = new Map((await db.qbankBlocks.toArray()).map((b) => [b.id, b]));
    expect(stored.get(ids.a)).toEqual(block(ids.a, 100, true));
    expect(stored.get(ids.b)?.updatedAt).toBe(200);
    expect(stored.get(ids.c)?.updatedAt).toBe(100);
    expect(stored.get(ids.d)?.updatedAt).toBe(10);
    const blockOps = (await db.progressOutbox.toArray()).flatMap((r) =>
      r.kind === 'block' ? [r.payload] : [],
    );
    expect(blockOps.map((o) => o.block.id).sort()).toEqual([ids.a, ids.c].sort());
  });

  it('an unreadable block is left out and the rest of the file still imports', () => {
    const file = buildExportFile([], [], now, [], undefined, [block(ids.a, 1)]);
    const broken = { ...file, data: { ...file.data, qbankBlocks: [block(ids.a, 1), { id: 'nope' }] } };
    const parsed = parseExportFile(JSON.stringify(broken));
    expect(parsed.ok && parsed.data.qbankBlocks?.map((b) => b.id)).toEqual([ids.a]);
    // An older file without the field imports as before.
    const old = parseExportFile(JSON.stringify(buildExportFile([], [], now)));
    expect(old.ok && 'qbankBlocks' in old.data).toBe(false);
  });
});
