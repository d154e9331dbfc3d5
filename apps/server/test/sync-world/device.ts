// One device of a student for engine-against-server tests: its own IndexedDB (fake-indexeddb), the
// real web sync engine, a network that can fail, and a clock that may be off.
import 'fake-indexeddb/auto';
import type { UserProfile } from '@zan/core';
import { openUserDb, type ZanDb } from '../../../web/src/local/db.ts';
import { createSyncEngine, type SyncEngine } from '../../../web/src/sync/engine.ts';
import type { SyncUser } from '../../../web/src/sync/engine-context.ts';
import { injectApi, Network, type Injector } from './inject-api.ts';

let seq = 0;

export type Device = {
  name: string;
  db: ZanDb;
  net: Network;
  engine: SyncEngine;
  /** Milliseconds this device's clock is ahead (negative: behind). */
  skewMs: number;
  now: () => number;
  close: () => void;
};

export function createDevice(opts: {
  user: SyncUser;
  servers: () => Injector;
  skewMs?: number;
  name?: string;
}): Device {
  const name = opts.name ?? `device-${++seq}`;
  const db = openUserDb(`${name}-${crypto.randomUUID()}`);
  const net = new Network();
  const device: Device = {
    name,
    db,
    net,
    skewMs: opts.skewMs ?? 0,
    now: () => Date.now() + device.skewMs,
    engine: undefined as unknown as SyncEngine,
    close: () => {
      device.engine.dispose();
      db.close();
    },
  };
  device.engine = createSyncEngine({
    db,
    user: opts.user,
    api: injectApi(opts.servers, net),
    now: () => device.now(),
    webLocks: null,
    deviceId: `${name}-${crypto.randomUUID().slice(0, 8)}`,
  });
  return device;
}

export const syncUserOf = (p: Pick<UserProfile, 'uid' | 'role' | 'collegeId' | 'yearGroup'>): SyncUser => ({
  uid: p.uid,
  role: p.role,
  collegeId: p.collegeId,
  yearGroup: p.yearGroup,
  adminCollegeId: null,
  adminYearGroup: null,
});
