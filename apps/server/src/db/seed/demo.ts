// Demo data (idempotent, one transaction): a college with two year groups and three verified
// accounts — superadmin, admin (First Year scope) and student — for trying Zan right away.
import { eq } from 'drizzle-orm';
import type { Role } from '@zan/core';
import { hashPassword } from '../../platform/password.ts';
import type { Database, DbOrTx } from '../client.ts';
import { account, college, user } from '../schema/index.ts';

export const DEMO_COLLEGE = {
  id: 'demo-medical-college',
  name: 'Demo Medical College',
  years: ['First Year, 2025-2026', 'Second Year, 2025-2026'],
};
const FIRST_YEAR = DEMO_COLLEGE.years[0] ?? '';

/** The demo sign-ins, each with the scope it is seeded with (a superadmin has none). */
export const DEMO_ACCOUNTS: {
  email: string;
  password: string;
  role: Role;
  firstName: string;
  lastName: string;
  collegeId?: string;
  yearGroup?: string;
  adminCollegeId?: string;
  adminYearGroup?: string;
}[] = [
  {
    email: 'super@demo.test',
    password: 'demo-super-1',
    role: 'superadmin',
    firstName: 'Sara',
    lastName: 'Super',
  },
  {
    email: 'admin@demo.test',
    password: 'demo-admin-1',
    role: 'admin',
    firstName: 'Adam',
    lastName: 'Admin',
    collegeId: DEMO_COLLEGE.id,
    yearGroup: FIRST_YEAR,
    adminCollegeId: DEMO_COLLEGE.id,
    adminYearGroup: FIRST_YEAR,
  },
  {
    email: 'student@demo.test',
    password: 'demo-student-1',
    role: 'user',
    firstName: 'Sam',
    lastName: 'Student',
    collegeId: DEMO_COLLEGE.id,
    yearGroup: FIRST_YEAR,
  },
];

/** Inserts a verified user with a credential account (argon2id), unless the email exists. */
export async function insertUserWithPassword(
  tx: DbOrTx,
  u: {
    email: string;
    password: string;
    role: Role;
    firstName: string;
    lastName: string;
    emailVerified?: boolean;
    collegeId?: string | null;
    yearGroup?: string | null;
    adminCollegeId?: string | null;
    adminYearGroup?: string | null;
  },
): Promise<{ id: string; created: boolean }> {
  const email = u.email.toLowerCase();
  const [existing] = await tx.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (existing) return { id: existing.id, created: false };
  const id = crypto.randomUUID();
  await tx.insert(user).values({
    id,
    email,
    name: `${u.firstName} ${u.lastName}`.trim(),
    emailVerified: u.emailVerified ?? true,
    firstName: u.firstName,
    lastName: u.lastName,
    role: u.role,
    collegeId: u.collegeId ?? null,
    yearGroup: u.yearGroup ?? null,
    adminCollegeId: u.adminCollegeId ?? null,
    adminYearGroup: u.adminYearGroup ?? null,
  });
  await tx.insert(account).values({
    id: crypto.randomUUID(),
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: await hashPassword(u.password),
  });
  return { id, created: true };
}

export async function seedDemo(db: Database): Promise<{ created: string[] }> {
  const created: string[] = [];
  await db.transaction(async (tx) => {
    await tx.insert(college).values(DEMO_COLLEGE).onConflictDoNothing({ target: college.id });
    for (const a of DEMO_ACCOUNTS) {
      const r = await insertUserWithPassword(tx, a);
      if (r.created) created.push(a.email);
    }
  });
  return { created };
}

/** True when the demo accounts exist (the server then prints their sign-ins). */
export async function demoAccountsPresent(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, 'super@demo.test'));
  return Boolean(row);
}
