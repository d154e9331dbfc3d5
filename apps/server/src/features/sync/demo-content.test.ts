// The demo content seed as the demo student experiences it: one content version, the granted paid
// module visible and the other not, topic content, announcements (expired one left out), images.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AnnouncementsPullResponse, TopicContentResponse } from '@zan/core';
import { seedDemoContent } from '../../db/seed/content-seed.ts';
import { DEMO_CONTENT } from '../../db/seed/content/index.ts';
import { DEMO_ACCOUNTS, seedDemo } from '../../db/seed/demo.ts';
import { createTestApp } from '../../../test/harness.ts';
import { signIn } from '../../../test/helpers.ts';
import { LocalStore } from '../../../test/sync-fixtures.ts';

const account = (role: string) => DEMO_ACCOUNTS.find((a) => a.role === role) ?? { email: '', password: '' };

describe('demo content seed', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zan-storage-'));
  let student: { cookie: string };

  beforeAll(async () => {
    t = await createTestApp({ storageDir });
    await seedDemo(t.db);
    const first = await seedDemoContent(t.db, { storageDir });
    expect(first.seeded).toBe(true);
    expect(await seedDemoContent(t.db, { storageDir })).toEqual({ seeded: false, version: null });
    student = await signIn(t.app, account('user').email, account('user').password);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  it('inserts everything in one content version, with enough real content', async () => {
    const versions = await t.db.execute<{ v: string }>(sql`select distinct row_version as v from (
      select row_version from module union all select row_version from subject union all select row_version from topic
      union all select row_version from card union all select row_version from mcq_question union all select row_version from html_content) x`);
    expect(versions.rows).toHaveLength(1);
    const n = async (table: string) =>
      Number(
        (await t.db.execute<{ n: string }>(sql`select count(*) as n from ${sql.identifier(table)}`)).rows[0]
          ?.n,
      );
    expect(await n('card')).toBeGreaterThanOrEqual(80);
    expect(await n('mcq_question')).toBeGreaterThanOrEqual(30);
    expect(await n('module')).toBe(DEMO_CONTENT.modules.length);
    expect(await n('purchased_module')).toBe(
      DEMO_CONTENT.modules.filter((m) => m.grantToDemoStudent && !m.isFree).length,
    );
  });

  it('the demo student sees the free, global and granted modules, not the paid one without a grant', async () => {
    const local = new LocalStore();
    await local.sync(t.app, student.cookie);
    const names = [...local.modules.values()].map((m) => (m as { name: string }).name).sort();
    const expected = DEMO_CONTENT.modules
      .filter((m) => m.isFree || m.grantToDemoStudent)
      .map((m) => m.name)
      .sort();
    expect(names).toEqual(expected);
    expect(DEMO_CONTENT.modules.some((m) => !m.isFree && !m.grantToDemoStudent)).toBe(true);
    const global = [...local.modules.values()].find((m) => (m as { isGlobal: boolean }).isGlobal) as
      { yearGroup: string } | undefined;
    expect(global?.yearGroup).toBe('global');

    // Every visible topic's content comes on demand, cards as HTML.
    let cards = 0;
    for (const id of local.topics.keys()) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/sync/topics/${id}`,
        headers: { cookie: student.cookie },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json() as TopicContentResponse;
      cards += body.cards.length;
      for (const d of body.decks)
        expect(d.cardCount).toBe(body.cards.filter((c) => c.deckId === d.id).length);
    }
    expect(cards).toBeGreaterThan(0);
  });

  it('announcements: every live one of the year group, not the expired one', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/sync/announcements',
      headers: { cookie: student.cookie },
    });
    const body = res.json() as AnnouncementsPullResponse;
    const live = DEMO_CONTENT.announcements.filter((a) => a.expiresOffsetDays > 0);
    expect(body.announcements.map((a) => a.title).sort()).toEqual(live.map((a) => a.title).sort());
    expect(body.deleted).toHaveLength(DEMO_CONTENT.announcements.length - live.length);
    expect(new Set(body.announcements.map((a) => a.type))).toEqual(
      new Set(['General', 'Exam', 'Holiday', 'Reminder', 'Event']),
    );
    const next = await t.app.inject({
      method: 'GET',
      url: `/api/sync/announcements?cursor=${encodeURIComponent(body.cursor)}&visibleSet=${body.visibleSet}`,
      headers: { cookie: student.cookie },
    });
    expect(next.json()).toMatchObject({ announcements: [], deleted: [], hasMore: false, reset: false });
  });

  it('serves the demo images from storage, safely', async () => {
    const img = DEMO_CONTENT.images[0];
    const res = await t.app.inject({ method: 'GET', url: `/demo-images/${img?.fileName}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(img?.svg);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    for (const bad of ['nope.svg', '..%2Fsecret.svg', 'x.html']) {
      expect((await t.app.inject({ method: 'GET', url: `/demo-images/${bad}` })).statusCode, bad).toBe(404);
    }
    // Every image the HTML refers to exists.
    const html = JSON.stringify(DEMO_CONTENT.modules);
    const referred = [...html.matchAll(/\/demo-images\/([a-z0-9-]+\.svg)/g)].map(([, file]) => file);
    expect(referred.length).toBeGreaterThan(0);
    const files = DEMO_CONTENT.images.map((i) => i.fileName);
    expect(referred.filter((file) => !files.includes(file!))).toEqual([]);
  });
});
