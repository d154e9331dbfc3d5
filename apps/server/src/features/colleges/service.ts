// College rules (SPEC §5 Colleges, §6 superadmin): add, rename, set year groups, delete — each in one
// transaction, so bad input changes nothing.
//
// What happens to people and content (decided here):
// - Removing a year group that users (students or admins) or modules / announcements still use is
//   refused with a message naming the counts; nothing is silently orphaned.
// - Deleting a college that still has modules or announcements is refused (the FKs would cascade-delete
//   content without sync tombstones). Its users are kept: students lose college + year group, admins
//   lose their scope (and so load nothing until a superadmin re-scopes them); each gets a profile event.
import {
  can,
  MSG,
  normalizeYears,
  type Actor,
  type College,
  type CreateCollegeBody,
  type DeleteCollegeBody,
  type UpdateCollegeBody,
} from '@zan/core';
import type { Database } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { collegesRepository as repo } from './repository.ts';

/** Publishes a live 'profile' event to each user (wired to platform/events.ts by routes.ts). */
export type ProfileNotifier = (userIds: string[]) => Promise<void>;
export type CollegesServiceDeps = { db: Database; notifyProfile: ProfileNotifier };

export function collegesService({ db, notifyProfile }: CollegesServiceDeps) {
  const requireManage = (actor: Actor | null) => {
    if (!can(actor, 'colleges.manage')) throw forbidden();
  };

  return {
    /** Public: the sign-up form needs it. Sorted by name. */
    list: async (): Promise<College[]> => repo.list(db),

    async create(actor: Actor | null, body: CreateCollegeBody): Promise<College> {
      requireManage(actor);
      const name = body.name.trim();
      if (!name) throw badRequest(MSG.collegeNameEmpty);
      const years = normalizeYears(body.years ?? []);
      return db.transaction(async (tx) => {
        await repo.lockNames(tx);
        if (await repo.nameTaken(tx, name)) throw conflict(MSG.collegeNameTaken, 'COLLEGE_NAME_TAKEN');
        return repo.insert(tx, { name, years });
      });
    },

    async update(actor: Actor | null, id: string, body: UpdateCollegeBody): Promise<College> {
      requireManage(actor);
      return db.transaction(async (tx) => {
        if (body.name !== undefined) await repo.lockNames(tx);
        const current = await repo.get(tx, id, { forUpdate: true });
        if (!current) throw notFound(MSG.collegeNotFound);
        const values: { name?: string; years?: string[] } = {};
        if (body.name !== undefined) {
          const name = body.name.trim();
          if (!name) throw badRequest(MSG.collegeNameEmpty);
          if (name !== current.name && (await repo.nameTaken(tx, name, id))) {
            throw conflict(MSG.collegeNameTaken, 'COLLEGE_NAME_TAKEN');
          }
          values.name = name;
        }
        if (body.years !== undefined) {
          const years = normalizeYears(body.years);
          const removed = current.years.filter((y) => !years.includes(y));
          const usage = await repo.yearUsage(tx, id, removed);
          for (const [year, use] of usage) {
            if (use.users > 0 || use.items > 0) {
              throw conflict(MSG.yearGroupInUse(year, use.users, use.items), 'YEAR_GROUP_IN_USE');
            }
          }
          values.years = years;
        }
        if (values.name === undefined && values.years === undefined) return current;
        return repo.update(tx, id, values);
      });
    },

    async remove(actor: Actor | null, id: string, body: DeleteCollegeBody): Promise<void> {
      requireManage(actor);
      const touched = await db.transaction(async (tx) => {
        const current = await repo.get(tx, id, { forUpdate: true });
        if (!current) throw notFound(MSG.collegeNotFound);
        if (body.confirmName !== current.name)
          throw badRequest(MSG.confirmationMismatch, 'CONFIRMATION_MISMATCH');
        const content = await repo.contentCounts(tx, id);
        if (content.modules > 0 || content.announcements > 0) {
          throw conflict(
            MSG.collegeHasContent(content.modules, content.announcements),
            'COLLEGE_HAS_CONTENT',
          );
        }
        const ids = await repo.clearScopeOfCollege(tx, id);
        await repo.remove(tx, id);
        return ids;
      });
      if (touched.length > 0) await notifyProfile(touched);
    },
  };
}

export type CollegesService = ReturnType<typeof collegesService>;
