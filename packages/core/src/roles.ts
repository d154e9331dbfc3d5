// Roles, labels and the single permission check (SPEC §5, §6) used by server services and web guards.
// Who may DO what is a scoped action of can(); who may SEE which content is the content scope
// (contentScope / visibleScope here, canSeeModule in visibility.ts, and its SQL twin on the server).
// Outside packages/core no TypeScript compares a role (eslint.config.js); SQL still picks users by
// role where a query needs them — the superadmins a role change locks, a content event's recipients.
import { GLOBAL_YEAR_GROUP } from './constants.ts';

export const ROLES = ['user', 'admin', 'superadmin'] as const;
export type Role = (typeof ROLES)[number];

/** Label shown on the user badge: STUDENT for user, otherwise the uppercased role. */
export const roleLabel = (role: Role): string => (role === 'user' ? 'STUDENT' : role.toUpperCase());

/** The scope an admin manages (SPEC §6). */
export type Scope = { collegeId: string; yearGroup: string };

export type Actor = {
  id: string;
  role: Role;
  emailVerified: boolean;
  collegeId: string | null;
  yearGroup: string | null;
  adminCollegeId: string | null;
  adminYearGroup: string | null;
};

/** What a user's scope is read from: an Actor, a profile, a user list row, the sync engine's user. */
export type ScopeFacts = Pick<
  Actor,
  'role' | 'collegeId' | 'yearGroup' | 'adminCollegeId' | 'adminYearGroup'
>;

/**
 * Where a user works (SPEC §6): a superadmin everywhere ('all'); an admin the college + year group
 * they manage; a student (role user) their own college + year group. Either part may be missing.
 */
export type UserScope =
  | { kind: 'all' }
  | { kind: 'admin'; collegeId: string | null; yearGroup: string | null }
  | { kind: 'student'; collegeId: string | null; yearGroup: string | null };

export function scopeOf(u: ScopeFacts): UserScope {
  switch (u.role) {
    case 'superadmin':
      return { kind: 'all' };
    case 'admin':
      return { kind: 'admin', collegeId: u.adminCollegeId, yearGroup: u.adminYearGroup };
    case 'user':
      return { kind: 'student', collegeId: u.collegeId, yearGroup: u.yearGroup };
  }
}

/**
 * The content a user's scope reaches — the ONE "who → scope" rule behind adminScope, canSeeModule,
 * the server's visibility SQL and the web's sync: everything, an admin's or a student's college +
 * year group, or nothing when either part is missing (SPEC §4: an incomplete user loads nothing).
 */
export type ContentScope =
  | { kind: 'all' }
  | { kind: 'admin'; collegeId: string; yearGroup: string }
  | { kind: 'student'; collegeId: string; yearGroup: string }
  | { kind: 'none' };

export function contentScope(u: ScopeFacts): ContentScope {
  const s = scopeOf(u);
  if (s.kind === 'all') return s;
  return s.collegeId && s.yearGroup
    ? { kind: s.kind, collegeId: s.collegeId, yearGroup: s.yearGroup }
    : { kind: 'none' };
}

/** What a caller may see of the content: their contentScope, nothing before their email is verified. */
export const visibleScope = (actor: Actor): ContentScope =>
  actor.emailVerified ? contentScope(actor) : { kind: 'none' };

export function adminScope(actor: ScopeFacts): Scope | null {
  const s = contentScope(actor);
  return s.kind === 'admin' ? { collegeId: s.collegeId, yearGroup: s.yearGroup } : null;
}

/**
 * SPEC §4 Sync: content syncs by itself (start, reconnect, a visible tab, live events, periodic sync)
 * only for students; admins and superadmins press SYNC.
 */
export const autoSyncsContent = (role: Role): boolean => role === 'user';

/** A module, subject, topic or announcement as permissions see it: where it lives and whether it is global. */
export type ContentTarget = { collegeId: string; yearGroup: string; isGlobal: boolean };
/** A row as can() judges it: where it lives and whether it is global (its flag or the 'global' year). */
export const contentTarget = (r: ContentTarget): ContentTarget => ({
  collegeId: r.collegeId,
  yearGroup: r.yearGroup,
  isGlobal: r.isGlobal || r.yearGroup === GLOBAL_YEAR_GROUP,
});
/** A user acted on (role changes, deletion, grants): their id, role and student scope. */
export type UserTarget = { id: string; role: Role; collegeId: string | null; yearGroup: string | null };
/** A superadmin about to step down, and (when known) how many other superadmins there are. */
type RevokeTarget = UserTarget & { otherSuperadmins?: number };
/** A paid-module grant: the student and (when judging one grant) the module. */
type GrantTarget = { user: UserTarget; module?: ContentTarget };
/** An admin's Anki import job (issue 20): who started it. */
type ImportJobTarget = { ownerId: string };

/**
 * Each action and the target it is judged on. Called WITHOUT a target, can() answers "may the actor
 * do this to anything at all" (show a tab or an Add button); with one, "to this thing".
 */
export type ActionTargets = {
  /** The admin area and its admin-level routes. */
  'admin.area': never;
  /** The superadmin-only tabs and routes (colleges, global modules, archive, role changes). */
  'superadmin.area': never;
  'colleges.manage': never;
  /** A user list filtered to a scope (an admin: only their own). */
  'users.list': Partial<Scope>;
  'users.promote': UserTarget;
  'users.updateScope': UserTarget;
  'users.demote': UserTarget;
  'users.makeSuperadmin': UserTarget;
  /**
   * A superadmin stepping down or being stepped down to admin or user. With `otherSuperadmins`
   * known, the last one cannot (0: refused).
   */
  'users.revokeSuperadmin': RevokeTarget;
  'users.delete': UserTarget;
  /** Target: the module as it would be saved (global mode: isGlobal, yearGroup 'global'). */
  'module.create': ContentTarget;
  'module.edit': ContentTarget;
  'module.archive': ContentTarget;
  'module.restore': ContentTarget;
  'module.permanentDelete': ContentTarget;
  /** Target: the PARENT module (SPEC §6: only superadmins add subjects to global modules). */
  'subject.create': ContentTarget;
  /** Target: the subject to be saved as global (SPEC §5: 'Only Super Admins can create Global Subjects.'). */
  'subject.createGlobal': ContentTarget;
  'subject.edit': ContentTarget;
  'subject.archive': ContentTarget;
  'subject.restore': ContentTarget;
  'subject.permanentDelete': ContentTarget;
  /** Target: the PARENT subject. */
  'topic.create': ContentTarget;
  'topic.edit': ContentTarget;
  /** Target: the PARENT subject; a superadmin marks a topic global only under a global parent. */
  'topic.makeGlobal': ContentTarget;
  'topic.archive': ContentTarget;
  'topic.restore': ContentTarget;
  'topic.permanentDelete': ContentTarget;
  /** Decks, cards, quizzes, questions and pages of a topic (add, edit, permanent delete). Target: the topic. */
  'resource.edit': ContentTarget;
  /**
   * The deck, quiz and lecture editors' reads. Target: the topic. Any admin: which topics they see is
   * the content scope's to decide (a global topic opens read-only for an admin).
   */
  'resource.view': ContentTarget;
  /** An Anki import job's progress, preview pictures and import: only the admin who started it. */
  'ankiImport.job': ImportJobTarget;
  /** Issue 32: a student's 'Import Anki progress' job (follow, cancel, try again): its owner alone, any role. */
  'ankiProgress.job': ImportJobTarget;
  'announcement.create': ContentTarget;
  'announcement.edit': ContentTarget;
  /** The announcements tab's Delete (a soft archive). */
  'announcement.archive': ContentTarget;
  'globalModules.manage': never;
  'archive.manage': never;
  'grants.manage': GrantTarget;
  /** Issue 19: whose first answer to a question counts in the peer figures (students only). */
  'qbank.countAnswer': never;
};
export type Action = keyof ActionTargets;

const inScope = (scope: Scope, t: { collegeId: string | null; yearGroup: string | null }) =>
  t.collegeId === scope.collegeId && t.yearGroup === scope.yearGroup;
const isGlobalTarget = (t: ContentTarget) => t.isGlobal || t.yearGroup === GLOBAL_YEAR_GROUP;
/** An admin's own, non-global content (no target: any). */
const ownContent = (scope: Scope, t: ContentTarget | undefined) =>
  !t || (!isGlobalTarget(t) && inScope(scope, t));

/** What an admin (never a superadmin: superadminMay judges them) may do; null scope = loads nothing. */
function adminMay(actor: Actor, scope: Scope | null, action: Action, target: unknown): boolean {
  if (action === 'admin.area' || action === 'resource.view') return true;
  if (action === 'ankiImport.job') return ownJob(actor, target);
  if (!scope) return false;
  switch (action) {
    case 'users.list': {
      const t = target as Partial<Scope> | undefined;
      return !t || (t.collegeId === scope.collegeId && t.yearGroup === scope.yearGroup);
    }
    case 'module.create':
    case 'module.edit':
    case 'subject.create':
    case 'subject.edit':
    case 'topic.create':
    case 'topic.edit':
    case 'resource.edit':
    case 'announcement.create':
    case 'announcement.edit':
    case 'announcement.archive':
      return ownContent(scope, target as ContentTarget | undefined);
    case 'grants.manage': {
      const t = target as GrantTarget | undefined;
      if (!t) return true;
      const m = t.module;
      const moduleOk =
        !m || (m.collegeId === scope.collegeId && (isGlobalTarget(m) || m.yearGroup === scope.yearGroup));
      return t.user.role === 'user' && inScope(scope, t.user) && moduleOk;
    }
    default:
      return false;
  }
}

/** The actor's own import job (no target: any job of theirs). */
const ownJob = (actor: Actor, target: unknown) => !target || (target as ImportJobTarget).ownerId === actor.id;

/** What a superadmin may do: everything, but what the target rules out. */
function superadminMay(actor: Actor, action: Action, target: unknown): boolean {
  const user = target as UserTarget | undefined;
  switch (action) {
    case 'ankiImport.job':
      return ownJob(actor, target);
    case 'users.promote':
      return !user || user.role === 'user';
    case 'users.updateScope':
    case 'users.demote':
      return !user || user.role === 'admin';
    case 'users.revokeSuperadmin': {
      const t = target as RevokeTarget | undefined;
      return !t || (t.role === 'superadmin' && t.otherSuperadmins !== 0);
    }
    case 'users.makeSuperadmin':
      return !user || user.role !== 'superadmin';
    case 'users.delete':
      return !user || user.id !== actor.id;
    case 'topic.makeGlobal':
      return !target || isGlobalTarget(target as ContentTarget);
    case 'grants.manage': {
      const t = target as GrantTarget | undefined;
      if (!t) return true;
      const m = t.module;
      return (
        t.user.role === 'user' &&
        (!m || (m.collegeId === t.user.collegeId && (isGlobalTarget(m) || m.yearGroup === t.user.yearGroup)))
      );
    }
    default:
      return true;
  }
}

/**
 * can(actor, action, target?) — the one permission check (ARCHITECTURE §4, §7). Unverified or
 * missing actors may do nothing; students nothing here but count in peer figures; admins act on their
 * own college + year group (never on global content, never archive); superadmins do everything the
 * target allows. An Anki import job is its owner's alone, a superadmin's included.
 */
export function can<A extends Action>(actor: Actor | null, action: A, target?: ActionTargets[A]): boolean {
  if (!actor || !actor.emailVerified) return false;
  if (action === 'qbank.countAnswer') return actor.role === 'user';
  if (action === 'ankiProgress.job') return ownJob(actor, target);
  if (actor.role === 'superadmin') return superadminMay(actor, action, target);
  if (actor.role === 'admin') return adminMay(actor, adminScope(actor), action, target);
  return false;
}

/** The actions a role change is judged as. */
export type RoleChangeAction =
  'users.promote' | 'users.updateScope' | 'users.demote' | 'users.makeSuperadmin' | 'users.revokeSuperadmin';

/** The role-change action a setRole request is (SPEC §4 User admin actions). */
export function roleChangeAction(from: Role, to: Role): RoleChangeAction {
  if (to === 'superadmin') return 'users.makeSuperadmin';
  if (from === 'superadmin') return 'users.revokeSuperadmin';
  if (to === 'user') return 'users.demote';
  return from === 'user' ? 'users.promote' : 'users.updateScope';
}
