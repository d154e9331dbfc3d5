// Automatic syncs: content only for the role user (start, online, visible, live 'content', periodic
// sync message); progress for everyone.
import type { Role } from '@zan/core';
import { describe, expect, it } from 'vitest';
import { stubEngine } from './testing/stub-engine.ts';
import { attachSyncTriggers, PERIODIC_SYNC_MESSAGE, VISIBLE_SYNC_MIN_INTERVAL_MS } from './triggers.ts';

function sources() {
  const win = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const worker = new EventTarget();
  const live = new Map<string, () => void>();
  let t = 0;
  return {
    src: {
      win: win as unknown as Window,
      doc: doc as unknown as Document,
      worker: worker as unknown as ServiceWorkerContainer,
      onLive: (name: string, fn: () => void) => {
        live.set(name, fn);
        return () => live.delete(name);
      },
      now: () => t,
    },
    fire: {
      online: () => win.dispatchEvent(new Event('online')),
      visible: () => doc.dispatchEvent(new Event('visibilitychange')),
      periodic: () =>
        worker.dispatchEvent(new MessageEvent('message', { data: { type: PERIODIC_SYNC_MESSAGE } })),
      live: (name: string) => live.get(name)?.(),
    },
    advance: (ms: number) => (t += ms),
  };
}

function fireAll(role: Role) {
  const { engine } = stubEngine(role);
  const { src, fire, advance } = sources();
  const stop = attachSyncTriggers(engine, src);
  fire.online();
  advance(VISIBLE_SYNC_MIN_INTERVAL_MS);
  fire.visible();
  fire.live('content');
  fire.periodic();
  fire.live('progress');
  stop();
  return engine;
}

describe('automatic sync', () => {
  it('a student syncs content on start, online, visible, live content and periodic sync', () => {
    const engine = fireAll('user');
    expect(engine.syncNow).toHaveBeenCalledTimes(5);
    expect(engine.syncAnnouncements).not.toHaveBeenCalled(); // the content sync carries them
    expect(engine.watchOutbox).toHaveBeenCalledTimes(1);
  });

  for (const role of ['admin', 'superadmin'] as const) {
    it(`${role}: no automatic content sync, but announcements pull by themselves and the progress outbox still uploads`, () => {
      const engine = fireAll(role);
      expect(engine.syncNow).not.toHaveBeenCalled();
      // Issue 7: start, online, visible, live content and periodic sync each pull announcements.
      expect(engine.syncAnnouncements).toHaveBeenCalledTimes(5);
      expect(engine.syncProgress).toHaveBeenCalled();
      expect(engine.watchOutbox).toHaveBeenCalledTimes(1);
    });
  }

  it("the start's sync waits for the first screen (startAfter); a stop before then cancels it", async () => {
    const { engine } = stubEngine('user');
    let painted = () => undefined as void;
    const startAfter = new Promise<void>((r) => (painted = r));
    attachSyncTriggers(engine, { ...sources().src, startAfter });
    await Promise.resolve();
    expect(engine.syncNow).not.toHaveBeenCalled();
    painted();
    await startAfter;
    await Promise.resolve();
    expect(engine.syncNow).toHaveBeenCalledTimes(1);

    const other = stubEngine('user').engine;
    let paintedLater = () => undefined as void;
    const later = new Promise<void>((r) => (paintedLater = r));
    const stop = attachSyncTriggers(other, { ...sources().src, startAfter: later });
    stop();
    paintedLater();
    await later;
    await Promise.resolve();
    expect(other.syncNow).not.toHaveBeenCalled();
  });

  it('a tab shown again syncs at most every 30 s', () => {
    const { engine } = stubEngine('user');
    const { src, fire, advance } = sources();
    const stop = attachSyncTriggers(engine, src);
    expect(engine.syncNow).toHaveBeenCalledTimes(1); // start
    fire.visible();
    advance(VISIBLE_SYNC_MIN_INTERVAL_MS - 1);
    fire.visible();
    expect(engine.syncNow).toHaveBeenCalledTimes(1);
    advance(1);
    fire.visible();
    expect(engine.syncNow).toHaveBeenCalledTimes(2);
    stop();
    advance(VISIBLE_SYNC_MIN_INTERVAL_MS);
    fire.visible();
    fire.online();
    expect(engine.syncNow).toHaveBeenCalledTimes(2);
  });

  it('issue 9 case 11: a live resync (the stream reopened, or the server missed events) syncs', () => {
    for (const role of ['user', 'admin'] as const) {
      const { engine } = stubEngine(role);
      const { src, fire } = sources();
      const stop = attachSyncTriggers(engine, src);
      const before = [engine.syncNow.mock.calls.length, engine.syncProgress.mock.calls.length];
      fire.live('resync');
      if (role === 'user') expect(engine.syncNow.mock.calls.length).toBe((before[0] ?? 0) + 1);
      else expect(engine.syncProgress.mock.calls.length).toBe((before[1] ?? 0) + 1);
      stop();
    }
  });
});
