// Two writers on separate connections, interleaved with pulls: the clock's row lock makes version
// order = commit order, so the cursor never passes a row that commits later.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.ts';
import { createCollege, signedInUser } from '../../../test/helpers.ts';
import { LocalStore, pullPage } from '../../../test/sync-fixtures.ts';

const Y1 = 'Year 1, 2025-2026';

/** The content writer's steps on a raw connection: clock first, then a module stamped with it. */
async function begin(client: pg.PoolClient) {
  await client.query('BEGIN');
}
async function bump(client: pg.PoolClient): Promise<number> {
  const r = await client.query<{ version: string }>(
    `insert into sync_clock (scope, version) values ('content', 1)
     on conflict (scope) do update set version = sync_clock.version + 1 returning version`,
  );
  const version = Number(r.rows[0]?.version);
  // What domain/clock-repository.ts does too: the version the row_version triggers stamp (migration 0001).
  await client.query(`select set_config('zan.content_version', $1, true)`, [String(version)]);
  return version;
}
async function insertModule(client: pg.PoolClient, collegeId: string, version: number): Promise<string> {
  const id = crypto.randomUUID();
  await client.query(
    `insert into module (id, name, stage, college_id, year_group, row_version) values ($1, $2, 1, $3, $4, $5)`,
    [id, `M ${id.slice(0, 4)}`, collegeId, Y1, version],
  );
  return id;
}

describe('concurrent writers', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('never skips a committed row when transactions interleave with pulls', async () => {
    const c = await createCollege(t.db, { years: [Y1] });
    const s = await signedInUser(t.app, t.db, { collegeId: c.id, yearGroup: Y1 });
    const a = await t.pool.connect();
    const b = await t.pool.connect();
    try {
      const local = new LocalStore();
      await local.sync(t.app, s.cookie);

      // B begins first and does slow work; A takes the clock first.
      await begin(b);
      await b.query('select 1');
      await begin(a);
      const va = await bump(a);
      const rowA1 = await insertModule(a, c.id, va);
      // B now wants the clock: it waits for A (its version will be greater and commit later).
      const vbPending = bump(b);
      let bGotClock = false;
      void vbPending.then(() => (bGotClock = true));
      await new Promise((r) => setTimeout(r, 100));
      expect(bGotClock).toBe(false);

      // A pull now sees neither.
      await local.sync(t.app, s.cookie);
      expect(local.modules.size).toBe(0);

      const rowA2 = await insertModule(a, c.id, va);
      await a.query('COMMIT');
      const vb = await vbPending;
      expect(vb).toBe(va + 1);
      const rowB = await insertModule(b, c.id, vb);

      // Pull between the commits: A's rows, cursor inside A's version; B's row not yet visible.
      await local.sync(t.app, s.cookie);
      expect([...local.modules.keys()].sort()).toEqual([rowA1, rowA2].sort());
      expect(local.cursor.startsWith(`${va}:`)).toBe(true);

      await b.query('COMMIT');
      await local.sync(t.app, s.cookie);
      expect([...local.modules.keys()].sort()).toEqual([rowA1, rowA2, rowB].sort());
      expect([...local.received.values()].every((n) => n === 1)).toBe(true);
    } finally {
      a.release();
      b.release();
    }
  });

  it('a rolled-back writer leaves no hole: the next writer reuses its version and is delivered', async () => {
    const c = await createCollege(t.db, { years: [Y1] });
    const s = await signedInUser(t.app, t.db, { collegeId: c.id, yearGroup: Y1 });
    const local = new LocalStore();
    await local.sync(t.app, s.cookie);
    const a = await t.pool.connect();
    try {
      await begin(a);
      const v = await bump(a);
      await insertModule(a, c.id, v);
      await a.query('ROLLBACK');
      await begin(a);
      const v2 = await bump(a);
      expect(v2).toBe(v);
      const kept = await insertModule(a, c.id, v2);
      await a.query('COMMIT');
      await local.sync(t.app, s.cookie);
      expect([...local.modules.keys()]).toEqual([kept]);
    } finally {
      a.release();
    }
  });

  it('two writer loops and a puller with small pages: every committed row arrives exactly once', async () => {
    const c = await createCollege(t.db, { years: [Y1] });
    const s = await signedInUser(t.app, t.db, { collegeId: c.id, yearGroup: Y1 });
    const written: string[] = [];
    const writer = async () => {
      const client = await t.pool.connect();
      try {
        for (let i = 0; i < 12; i++) {
          await begin(client);
          const v = await bump(client);
          const ids = [await insertModule(client, c.id, v), await insertModule(client, c.id, v)];
          await new Promise((r) => setTimeout(r, Math.random() * 8));
          await client.query('COMMIT');
          written.push(...ids);
        }
      } finally {
        client.release();
      }
    };
    const local = new LocalStore();
    let writing = true;
    const puller = (async () => {
      while (writing) {
        const page = await pullPage(t.app, s.cookie, {
          cursor: local.cursor,
          visibleSet: local.visibleSet,
          limit: 3,
        });
        local.apply(page);
      }
    })();
    await Promise.all([writer(), writer()]);
    writing = false;
    await puller;
    await local.sync(t.app, s.cookie, 3);
    expect(written).toHaveLength(48);
    expect([...local.modules.keys()].sort()).toEqual([...written].sort());
    expect([...local.received.values()].every((n) => n === 1)).toBe(true);
  });
});
