// The syncLocks table (SPEC §4 Sync: stale after 5 minutes, then cleared; an unavailable lock aborts)
// and the Web Locks path across tabs.
import { STALE_SYNC_LOCK_MS } from '@zan/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSyncEngine } from './engine.ts';
import { withSyncLock, type WebLocks } from './locks.ts';
import { freshDb, ok, page, stubFetch, student } from './testing/fake-server.ts';

afterEach(() => vi.unstubAllGlobals());

describe('syncLocks table', () => {
  it('a fresh lock held by another syncer aborts a new sync without a request', async () => {
    const db = freshDb();
    const now = 1_000_000;
    await db.syncLocks.put({
      id: 'contentSync',
      timestamp: now - STALE_SYNC_LOCK_MS + 1,
      owner: 'other-tab',
    });
    const { requests } = stubFetch(() => ok(page()));
    const engine = createSyncEngine({
      db,
      user: student('u1'),
      webLocks: null,
      now: () => now,
      deviceId: 'device-test-1',
    });
    expect(await engine.syncNow()).toBe('locked');
    expect(requests).toHaveLength(0);
    expect(await db.syncLocks.get('contentSync')).toMatchObject({ owner: 'other-tab' });
  });

  it('a lock older than 5 minutes is stale: cleared, taken, and released after the sync', async () => {
    const db = freshDb();
    const now = 1_000_000;
    await db.syncLocks.put({ id: 'contentSync', timestamp: now - STALE_SYNC_LOCK_MS, owner: 'crashed-tab' });
    stubFetch((req) =>
      req.path === '/api/sync/content'
        ? ok(page())
        : req.path === '/api/sync/announcements'
          ? ok({ announcements: [], deleted: [], cursor: '', hasMore: false })
          : ok({ records: [], deletedItemIds: [], sessions: [], version: 0, hasMore: false }),
    );
    const engine = createSyncEngine({
      db,
      user: student('u1'),
      webLocks: null,
      now: () => now,
      deviceId: 'device-test-1',
    });
    expect(await engine.syncNow()).toBe('success');
    expect(await db.syncLocks.get('contentSync')).toBeUndefined();
  });

  it('holds the row while running and frees it on failure too', async () => {
    const db = freshDb();
    let seen: unknown;
    await expect(
      withSyncLock(
        db,
        'announcementSync',
        async () => {
          seen = await db.syncLocks.get('announcementSync');
          throw new Error('boom');
        },
        { webLocks: null },
      ),
    ).rejects.toThrow('boom');
    expect(seen).toMatchObject({ id: 'announcementSync' });
    expect(await db.syncLocks.get('announcementSync')).toBeUndefined();
  });

  it('touch keeps a long sync fresh and notices a takeover', async () => {
    const db = freshDb();
    let t = 0;
    const result = withSyncLock(
      db,
      'contentSync',
      async (touch) => {
        t = STALE_SYNC_LOCK_MS - 1;
        await touch();
        expect((await db.syncLocks.get('contentSync'))?.timestamp).toBe(STALE_SYNC_LOCK_MS - 1);
        await db.syncLocks.put({ id: 'contentSync', timestamp: t, owner: 'thief' });
        await touch();
      },
      { webLocks: null, now: () => t },
    );
    await expect(result).rejects.toThrow(/taken over/);
    expect(await db.syncLocks.get('contentSync')).toMatchObject({ owner: 'thief' });
  });
});

describe('Web Locks across tabs', () => {
  /** A LockManager of one browser: ifAvailable answers null while the name is held. */
  function fakeWebLocks(): WebLocks {
    const held = new Set<string>();
    return {
      async request(name, _options, callback) {
        if (held.has(name)) return callback(null);
        held.add(name);
        try {
          return await callback({ name });
        } finally {
          held.delete(name);
        }
      },
    };
  }

  it('a second tab cannot run while the first holds the Web Lock', async () => {
    const db = freshDb();
    const locks = fakeWebLocks();
    let release!: () => void;
    const first = withSyncLock(
      db,
      'contentSync',
      () => new Promise<string>((r) => (release = () => r('done'))),
      { webLocks: locks },
    );
    await vi.waitFor(() => expect(release).toBeDefined());
    expect(await withSyncLock(db, 'contentSync', async () => 'second', { webLocks: locks })).toEqual({
      acquired: false,
    });
    release();
    expect(await first).toEqual({ acquired: true, value: 'done' });
  });

  it('with the Web Lock held, a row left by a dead tab does not block', async () => {
    const db = freshDb();
    await db.syncLocks.put({ id: 'contentSync', timestamp: Date.now(), owner: 'dead-tab' });
    expect(await withSyncLock(db, 'contentSync', async () => 'ran', { webLocks: fakeWebLocks() })).toEqual({
      acquired: true,
      value: 'ran',
    });
  });
});
