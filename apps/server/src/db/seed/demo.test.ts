import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, college, user } from '../schema/index.ts';
import { createTestApp } from '../../../test/harness.ts';
import { signIn } from '../../../test/helpers.ts';
import { DEMO_ACCOUNTS, DEMO_COLLEGE, demoAccountsPresent, seedDemo } from './demo.ts';

describe('demo seed', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('is idempotent and creates working, verified demo accounts', async () => {
    expect(await demoAccountsPresent(t.db)).toBe(false);
    expect((await seedDemo(t.db)).created).toHaveLength(3);
    expect((await seedDemo(t.db)).created).toEqual([]);
    expect(await demoAccountsPresent(t.db)).toBe(true);
    expect(await t.db.select().from(college)).toEqual([
      expect.objectContaining({ name: 'Demo Medical College', years: DEMO_COLLEGE.years }),
    ]);
    expect(await t.db.select().from(user)).toHaveLength(3);
    expect(await t.db.select().from(account)).toHaveLength(3);

    const profiles: Record<string, unknown>[] = [];
    for (const a of DEMO_ACCOUNTS) {
      const s = await signIn(t.app, a.email, a.password);
      profiles.push(
        (await t.app.inject({ method: 'GET', url: '/api/session/me', headers: { cookie: s.cookie } })).json()
          .profile,
      );
    }
    expect(profiles[0]).toMatchObject({
      email: 'super@demo.test',
      role: 'superadmin',
      emailVerified: true,
      displayName: 'Sara Super',
    });
    expect(profiles[1]).toMatchObject({
      email: 'admin@demo.test',
      role: 'admin',
      emailVerified: true,
      adminCollegeName: 'Demo Medical College',
      adminYearGroup: 'First Year, 2025-2026',
      collegeName: 'Demo Medical College',
      yearGroup: 'First Year, 2025-2026',
    });
    expect(profiles[2]).toMatchObject({
      email: 'student@demo.test',
      role: 'user',
      emailVerified: true,
      collegeName: 'Demo Medical College',
      yearGroup: 'First Year, 2025-2026',
    });
  });
});
