// A study data import (SPEC §5) reaches the server as one burst from the outbox: deletes for the items
// that are not in the file, upserts stamped "now" for those that are, and the sessions. The pull must
// then show exactly the imported set, and older reviews arriving later must not bring anything back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProgressOp, ProgressPullResponse } from '@zan/core';
import { createTestApp } from '../../../test/harness.ts';
import { signedInUser } from '../../../test/helpers.ts';
import { reviewOp } from '../../../test/sync-fixtures.ts';

type T = Awaited<ReturnType<typeof createTestApp>>;
const opId = () => `op-${crypto.randomUUID()}`;
const T0 = Date.UTC(2025, 9, 1, 9, 0, 0);

const upsert = (itemId: string, reviewedAt: number, interval: number) =>
  reviewOp(itemId, reviewedAt, interval, { rating: null });
const del = (itemId: string, at: number): ProgressOp => ({ opId: opId(), kind: 'delete', itemId, at });

async function push(t: T, cookie: string, deviceId: string, ops: ProgressOp[]) {
  return t.app.inject({
    method: 'POST',
    url: '/api/sync/progress',
    headers: { cookie },
    payload: { deviceId, ops },
  });
}
async function pullAll(
  t: T,
  cookie: string,
): Promise<{ records: ProgressPullResponse['records']; deleted: string[]; sessions: number }> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/sync/progress?since=0&limit=5000',
    headers: { cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  const page = res.json() as ProgressPullResponse;
  expect(page.hasMore).toBe(false);
  return { records: page.records, deleted: page.deletedItemIds, sessions: page.sessions.length };
}

describe('study data import upload', () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('import replaces progress: deletes + upserts in one upload → pull shows exactly the imported set', async () => {
    const u = await signedInUser(t.app, t.db);
    const before = ['a', 'b', 'c'].map((id, i) => upsert(id, T0 + i, 600));
    expect((await push(t, u.cookie, 'device-aaaa', before)).statusCode).toBe(200);

    const now = Date.now();
    const session: ProgressOp = {
      opId: opId(),
      kind: 'session',
      session: {
        id: crypto.randomUUID(),
        date: T0,
        durationInSeconds: 300,
        subjectId: 's1',
        subjectName: 'S',
        moduleId: 'm1',
        moduleName: 'M',
      },
    };
    const importOps = [
      del('a', now),
      del('c', now),
      upsert('b', now, 86_400),
      upsert('d', now, 3_600),
      session,
    ];
    const res = await push(t, u.cookie, 'device-aaaa', importOps);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { accepted: string[] }).accepted).toEqual(importOps.map((o) => o.opId));

    let state = await pullAll(t, u.cookie);
    expect(state.records.map((r) => [r.itemId, r.interval]).sort()).toEqual([
      ['b', 86_400],
      ['d', 3_600],
    ]);
    expect(state.deleted.sort()).toEqual(['a', 'c']);
    expect(state.sessions).toBe(1);

    // Reviews made offline on another device before the import, uploaded after it, lose.
    expect(
      (
        await push(t, u.cookie, 'device-zzzz', [
          upsert('a', T0 + 10_000, 1_200),
          upsert('b', T0 + 10_000, 1_200),
        ])
      ).statusCode,
    ).toBe(200);
    state = await pullAll(t, u.cookie);
    expect(state.records.map((r) => [r.itemId, r.interval]).sort()).toEqual([
      ['b', 86_400],
      ['d', 3_600],
    ]);
    expect(state.deleted.sort()).toEqual(['a', 'c']);
  });

  // A volume test: 3,500 ops; on a machine kept busy by other work it needs more than the default 30 s.
  it(
    'a burst of a few thousand operations uploads in batches of at most 1000, and larger requests are refused',
    { timeout: 120_000 },
    async () => {
      const u = await signedInUser(t.app, t.db);
      await push(
        t,
        u.cookie,
        'device-aaaa',
        Array.from({ length: 500 }, (_, i) => upsert(`old-${i}`, T0 + i, 600)),
      );
      const now = Date.now();
      const ops = [
        ...Array.from({ length: 500 }, (_, i) => del(`old-${i}`, now)),
        ...Array.from({ length: 2000 }, (_, i) => upsert(`new-${i}`, now, 600)),
      ];
      const tooBig = await push(t, u.cookie, 'device-aaaa', ops.slice(0, 1001));
      expect(tooBig.statusCode).toBe(400);
      for (let i = 0; i < ops.length; i += 1000) {
        const res = await push(t, u.cookie, 'device-aaaa', ops.slice(i, i + 1000));
        expect(res.statusCode, res.body).toBe(200);
      }
      const state = await pullAll(t, u.cookie);
      expect(state.records).toHaveLength(2000);
      expect(state.records.every((r) => r.itemId.startsWith('new-'))).toBe(true);
      expect(state.deleted).toHaveLength(500);
    },
  );
});
