// The SQL visibility (visibility-repository.ts) agrees with core's canSeeModule on a generated matrix of
// callers (every kind of core visibleScope) × modules, grants included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canSeeModule, visibleScope, type Actor } from '@zan/core';
import type { Database } from '../db/client.ts';
import { module, user } from '../db/schema/index.ts';
import { createTestApp } from '../../test/harness.ts';
import { createCollege } from '../../test/helpers.ts';
import { grant } from '../../test/sync-fixtures.ts';
import { withContentWrite } from './content-write.ts';
import { moduleVisibleSql } from './visibility-repository.ts';

/** A user row without credentials (no password hashing: the matrix needs many). */
async function createUser(
  db: Database,
  o: Partial<typeof user.$inferInsert> & { verified?: boolean },
): Promise<{ id: string }> {
  const id = crypto.randomUUID();
  await db.insert(user).values({
    id,
    name: 'u',
    email: `${id}@test.zan`,
    emailVerified: o.verified ?? true,
    role: o.role ?? 'user',
    collegeId: o.collegeId ?? o.adminCollegeId ?? null,
    yearGroup: o.yearGroup ?? o.adminYearGroup ?? null,
    adminCollegeId: o.adminCollegeId ?? null,
    adminYearGroup: o.adminYearGroup ?? null,
  });
  return { id };
}

describe('visibility: SQL = canSeeModule', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('agrees for every caller and module of the matrix', async () => {
    const A = await createCollege(t.db, { years: ['Y1', 'Y2'] });
    const B = await createCollege(t.db, { years: ['Y1', 'Y2'] });
    const facts: (typeof module.$inferInsert)[] = [];
    for (const collegeId of [A.id, B.id])
      for (const yearGroup of ['Y1', 'Y2', 'global'])
        for (const isGlobal of [false, true])
          for (const isFree of [false, true])
            for (const isArchived of [false, true]) {
              facts.push({
                id: crypto.randomUUID(),
                name: 'm',
                stage: 1,
                collegeId,
                yearGroup,
                isGlobal,
                isFree,
                isArchived,
              });
            }
    await withContentWrite({ db: t.db, events: null }, ({ tx }) => tx.insert(module).values(facts));

    const actors: Actor[] = [];
    const granted = new Map<string, Set<string>>();
    const base = {
      emailVerified: true,
      collegeId: null,
      yearGroup: null,
      adminCollegeId: null,
      adminYearGroup: null,
    };
    for (const collegeId of [A.id, B.id, null])
      for (const yearGroup of ['Y1', 'Y2', null])
        for (const grants of [false, true]) {
          const u = await createUser(t.db, { collegeId, yearGroup });
          const mine = new Set<string>();
          if (grants) {
            // Grant every other paid module, in and out of scope.
            for (const [i, m] of facts.entries()) if (!m.isFree && i % 2 === 0 && m.id) mine.add(m.id);
            for (const id of mine) await grant(t.db, u.id, id, yearGroup ?? 'Y1');
          }
          granted.set(u.id, mine);
          actors.push({ ...base, id: u.id, role: 'user', collegeId, yearGroup });
        }
    for (const adminCollegeId of [A.id, null])
      for (const adminYearGroup of ['Y1', 'Y2', null]) {
        const u = await createUser(t.db, { role: 'admin', adminCollegeId, adminYearGroup });
        actors.push({
          ...base,
          id: u.id,
          role: 'admin',
          adminCollegeId,
          adminYearGroup,
          collegeId: adminCollegeId,
          yearGroup: adminYearGroup,
        });
      }
    const sa = await createUser(t.db, { role: 'superadmin' });
    actors.push({ ...base, id: sa.id, role: 'superadmin' });
    const unverified = await createUser(t.db, { collegeId: A.id, yearGroup: 'Y1', verified: false });
    actors.push({
      ...base,
      id: unverified.id,
      role: 'user',
      emailVerified: false,
      collegeId: A.id,
      yearGroup: 'Y1',
    });

    let checked = 0;
    for (const actor of actors) {
      const rows = await t.db.select({ id: module.id }).from(module).where(moduleVisibleSql(actor));
      const sqlSees = new Set(rows.map((r) => r.id));
      const g = granted.get(actor.id) ?? new Set<string>();
      for (const m of facts) {
        const expected = canSeeModule(
          actor,
          {
            id: m.id ?? '',
            collegeId: m.collegeId,
            yearGroup: m.yearGroup,
            isGlobal: m.isGlobal ?? false,
            isFree: m.isFree ?? true,
            isArchived: m.isArchived ?? false,
          },
          g,
        );
        expect({ actor: actor.id, role: actor.role, module: m, sees: sqlSees.has(m.id ?? '') }).toEqual({
          actor: actor.id,
          role: actor.role,
          module: m,
          sees: expected,
        });
        checked++;
      }
    }
    expect(checked).toBe(actors.length * facts.length);
    // The SQL switches on core's visibleScope: the matrix holds a caller of every kind it returns.
    expect(new Set(actors.map((a) => visibleScope(a).kind))).toEqual(
      new Set(['all', 'admin', 'student', 'none']),
    );
    // The matrix exercises both answers for students, admins and superadmins.
    expect(
      actors.some(
        (a) =>
          a.role === 'user' &&
          facts.some(
            (m) =>
              canSeeModule(
                a,
                {
                  ...m,
                  id: m.id ?? '',
                  isGlobal: !!m.isGlobal,
                  isFree: !!m.isFree,
                  isArchived: !!m.isArchived,
                },
                granted.get(a.id) ?? new Set(),
              ) && !m.isFree,
          ),
      ),
    ).toBe(true);
  });
});
