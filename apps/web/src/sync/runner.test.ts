// One sync at a time; requests made meanwhile queue one follow-up that runs afterwards.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSyncEngine } from './engine.ts';
import { SingleFlight } from './runner.ts';
import { freshDb, ok, page, stubFetch, student } from './testing/fake-server.ts';

afterEach(() => vi.unstubAllGlobals());

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('SingleFlight', () => {
  it('runs a request made meanwhile after the first, never concurrently', async () => {
    const log: string[] = [];
    const gates = [deferred(), deferred()];
    let active = 0;
    let n = 0;
    const flight = new SingleFlight<string, string>(async (kind) => {
      const i = n++;
      active++;
      expect(active).toBe(1);
      log.push(`start ${kind}`);
      await gates[i]!.promise;
      log.push(`end ${kind}`);
      active--;
      return kind;
    });
    const a = flight.run('first');
    const b = flight.run('second');
    const c = flight.run('third');
    expect(flight.busy).toBe(true);
    gates[0]!.resolve();
    expect(await a).toBe('first');
    gates[1]!.resolve();
    // Requests made during the first run collapse into one follow-up.
    expect(await b).toBe('third');
    expect(await c).toBe('third');
    expect(log).toEqual(['start first', 'end first', 'start third', 'end third']);
    expect(flight.busy).toBe(false);
  });

  it('a queued full sync wins over a queued delta', async () => {
    const kinds: string[] = [];
    const gate = deferred();
    const flight = new SingleFlight<'delta' | 'full', void>(
      async (k) => {
        kinds.push(k);
        if (kinds.length === 1) await gate.promise;
      },
      (a, b) => (a === 'full' || b === 'full' ? 'full' : 'delta'),
    );
    const first = flight.run('delta');
    const q1 = flight.run('full');
    const q2 = flight.run('delta');
    gate.resolve();
    await Promise.all([first, q1, q2]);
    expect(kinds).toEqual(['delta', 'full']);
  });

  it('reports busy changes once per busy period', async () => {
    const changes: boolean[] = [];
    const gate = deferred();
    const flight = new SingleFlight<number, void>(
      () => gate.promise,
      undefined,
      (b) => changes.push(b),
    );
    const a = flight.run(1);
    const b = flight.run(2);
    gate.resolve();
    await Promise.all([a, b]);
    expect(changes).toEqual([true, false]);
  });
});

describe('engine queueing', () => {
  it('two syncNow calls: the second runs after the first finished, as its own request', async () => {
    const db = freshDb();
    const gate = deferred();
    let inFlight = 0;
    let maxInFlight = 0;
    const { requests } = stubFetch(async (req) => {
      if (req.path === '/api/sync/content') {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        if (requests.filter((r) => r.path === '/api/sync/content').length === 1) await gate.promise;
        inFlight--;
        return ok(page({ cursor: `c${requests.length}` }));
      }
      if (req.path === '/api/sync/announcements')
        return ok({ announcements: [], deleted: [], cursor: '', hasMore: false });
      return ok({ records: [], deletedItemIds: [], sessions: [], version: 0, hasMore: false });
    });
    const engine = createSyncEngine({ db, user: student('u1'), webLocks: null, deviceId: 'device-test-1' });
    const first = engine.syncNow();
    const second = engine.syncNow();
    expect(engine.getState().status).toBe('syncing');
    await vi.waitFor(() => expect(requests.length).toBe(1));
    gate.resolve();
    expect(await first).toBe('success');
    expect(await second).toBe('success');
    const content = requests.filter((r) => r.path === '/api/sync/content');
    expect(content).toHaveLength(2);
    expect(content[1]!.query.get('cursor')).not.toBe('');
    expect(maxInFlight).toBe(1);
    expect(engine.getState().status).toBe('idle');
  });
});
