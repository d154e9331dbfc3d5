// The world of the engine-against-server tests: a fresh server database, one college, a student
// with devices, and admin writes. Used by the case regression tests and the randomized model.
import type { createTestApp } from '../harness.ts';
import { createCollege, createUser, signIn, type TestUser } from '../helpers.ts';
import { adminWrites, type Admin } from './admin.ts';
import { createDevice, syncUserOf, type Device } from './device.ts';
import type { Injector } from './inject-api.ts';

export const Y1 = 'Y1';
export const Y2 = 'Y2';

export type World = {
  t: Awaited<ReturnType<typeof createTestApp>>;
  collegeId: string;
  student: TestUser;
  yearGroup: string;
  admin: Admin;
  device: (skewMs?: number) => Promise<Device>;
  signIn: (d: Device) => Promise<void>;
  /** The device whose session is the current one (a sign-in replaces the other's). */
  holder: Device | null;
  close: () => Promise<void>;
};

/** `t`: an app to share (the model runs many worlds on one database); closing the world leaves it open. */
export async function createWorld(opts: { servers?: () => Injector; t?: World['t'] } = {}): Promise<World> {
  const shared = opts.t;
  // The harness needs vitest's provided context: loaded only when this world makes its own app.
  const t = shared ?? (await (await import('../harness.ts')).createTestApp());
  const c = await createCollege(t.db, { years: [Y1, Y2] });
  const student = await createUser(t.db, { collegeId: c.id, yearGroup: Y1 });
  const servers = opts.servers ?? (() => t.app);
  const devices: Device[] = [];
  const world: World = {
    t,
    collegeId: c.id,
    student,
    yearGroup: Y1,
    holder: null,
    admin: adminWrites(t.db),
    async device(skewMs = 0) {
      const d = createDevice({
        user: syncUserOf({ uid: student.id, role: 'user', collegeId: c.id, yearGroup: world.yearGroup }),
        servers,
        skewMs,
      });
      devices.push(d);
      await world.signIn(d);
      return d;
    },
    async signIn(d) {
      d.net.cookie = (await signIn(t.app, student.email, student.password)).cookie;
      world.holder = d;
      d.engine.setUser(
        syncUserOf({ uid: student.id, role: 'user', collegeId: c.id, yearGroup: world.yearGroup }),
      );
    },
    close: async () => {
      for (const d of devices) d.close();
      if (!shared) await t.close();
    },
  };
  return world;
}

/** Sets the student's year group on the server and tells the given devices (as /me would). */
export async function changeYear(w: World, yearGroup: string, devices: Device[]): Promise<void> {
  await w.admin.setYear(w.student.id, yearGroup);
  w.yearGroup = yearGroup;
  for (const d of devices) d.engine.setUser({ ...d.engine.user, yearGroup });
}

export const deferred = () => {
  let release!: () => void;
  const promise = new Promise<void>((r) => (release = r));
  return { promise, release };
};
