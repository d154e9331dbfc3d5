// user: better-auth's user table plus Zan's profile, role and admin scope (SPEC §3 user).
import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { college } from './college.ts';

export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    collegeId: text('college_id').references(() => college.id, { onDelete: 'set null' }),
    yearGroup: text('year_group'),
    role: text('role', { enum: ['user', 'admin', 'superadmin'] })
      .notNull()
      .default('user'),
    adminCollegeId: text('admin_college_id').references(() => college.id, { onDelete: 'set null' }),
    adminYearGroup: text('admin_year_group'),
    activeSessionId: text('active_session_id'),
    ...timestamps(),
  },
  (t) => [
    index('user_role_email_idx').on(t.role, t.email),
    index('user_scope_idx').on(t.collegeId, t.yearGroup, t.email),
    index('user_admin_scope_idx').on(t.adminCollegeId, t.adminYearGroup),
  ],
);
