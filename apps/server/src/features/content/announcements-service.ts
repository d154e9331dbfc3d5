// Announcement rules (SPEC §2 announcements tab, §5 Announcements, §6): title, event date and expiry
// required, expiry not before the event date; an admin's land in their scope, a superadmin chooses
// the college and year group (or 'global' for the whole college); Delete is a soft archive. Writes go
// through withAnnouncementWrite (their own clock), so students and admins pull them at once.
import {
  ADMIN_PAGE_SIZE,
  adminScope,
  can,
  GLOBAL_YEAR_GROUP,
  MSG,
  type Actor,
  type AdminAnnouncement,
  type AnnouncementCreateBody,
  type AnnouncementListQuery,
  type AnnouncementListResponse,
  type AnnouncementUpdateBody,
} from '@zan/core';
import type { Tx } from '../../db/client.ts';
import { withAnnouncementWrite } from '../../domain/content-write.ts';
import { badRequest, notFound } from '../../errors.ts';
import { announcementsRepository as repo } from './announcements-repository.ts';
import { page } from '../../domain/list-cursor.ts';
import { decodeListCursor } from './cursor.ts';
import { checkCollegeYear } from '../../domain/college-scope.ts';
import type { ContentDeps } from './deps.ts';
import { allow, requireAccess } from '../../domain/access.ts';
import { adminAnnouncementDto, targetOf } from './dto.ts';

const announcementNotFound = () => notFound(MSG.resourceNotFound('Announcement'), 'ANNOUNCEMENT_NOT_FOUND');
const targetOfAnnouncement = (r: { collegeId: string; yearGroup: string }) =>
  targetOf({ ...r, isGlobal: r.yearGroup === GLOBAL_YEAR_GROUP });

export function announcementsService(deps: ContentDeps) {
  const { db } = deps;
  /** The live announcement as the caller sees it, locked (undefined: archived or not there for them). */
  const locked = (tx: Tx, actor: Actor, id: string) => async () => {
    const row = await repo.get(tx, actor, id, { lock: true });
    return row && !row.isArchived ? row : undefined;
  };
  const load = async (tx: Tx, actor: Actor, id: string) => {
    const row = await locked(tx, actor, id)();
    if (!row) throw announcementNotFound();
    return row;
  };

  return {
    async list(actor: Actor, q: AnnouncementListQuery): Promise<AnnouncementListResponse> {
      allow(can(actor, 'admin.area'));
      const rows = await repo.list(db, actor, {
        search: q.search?.trim() || undefined,
        cursor: decodeListCursor(q.cursor),
        limit: ADMIN_PAGE_SIZE + 1,
      });
      const p = page(rows, ADMIN_PAGE_SIZE, (r) => ({ k: r.date.getTime(), i: r.id }));
      return { announcements: p.items.map(adminAnnouncementDto), nextCursor: p.nextCursor };
    },

    async create(actor: Actor, body: AnnouncementCreateBody): Promise<AdminAnnouncement> {
      const scope = adminScope(actor);
      const collegeId = body.collegeId?.trim() || scope?.collegeId;
      const yearGroup = body.yearGroup?.trim() || scope?.yearGroup;
      if (!collegeId || !yearGroup) throw badRequest(MSG.scopeRequired, 'SCOPE_REQUIRED');
      allow(can(actor, 'announcement.create', targetOfAnnouncement({ collegeId, yearGroup })));
      return withAnnouncementWrite(deps, async ({ tx }) => {
        await checkCollegeYear(tx, collegeId, yearGroup, { allowGlobal: true });
        const id = await repo.insert(tx, {
          title: body.title,
          description: body.description || null,
          type: body.type ?? 'General',
          date: new Date(body.date),
          expiresAt: new Date(body.expiresAt),
          collegeId,
          yearGroup,
          createdBy: actor.id,
        });
        return adminAnnouncementDto(await load(tx, actor, id));
      });
    },

    async update(actor: Actor, id: string, body: AnnouncementUpdateBody): Promise<AdminAnnouncement> {
      allow(can(actor, 'admin.area'));
      return withAnnouncementWrite(deps, async ({ tx }) => {
        const cur = await requireAccess(actor, 'announcement.edit', {
          load: locked(tx, actor, id),
          notFound: announcementNotFound,
          target: targetOfAnnouncement,
        });
        const date = body.date ?? cur.date.getTime();
        const expiresAt = body.expiresAt ?? cur.expiresAt.getTime();
        if (expiresAt < date) throw badRequest(MSG.announcementExpiryBeforeDate, 'EXPIRY_BEFORE_DATE');
        await repo.update(tx, id, {
          ...(body.title !== undefined ? { title: body.title } : {}),
          ...(body.description !== undefined ? { description: body.description || null } : {}),
          ...(body.type !== undefined ? { type: body.type } : {}),
          date: new Date(date),
          expiresAt: new Date(expiresAt),
        });
        return adminAnnouncementDto(await load(tx, actor, id));
      });
    },

    /** The tab's Delete: a soft archive; devices drop it at their next announcement pull. */
    async archive(actor: Actor, id: string): Promise<void> {
      allow(can(actor, 'admin.area'));
      await withAnnouncementWrite(deps, async ({ tx }) => {
        await requireAccess(actor, 'announcement.archive', {
          load: locked(tx, actor, id),
          notFound: announcementNotFound,
          target: targetOfAnnouncement,
        });
        await repo.update(tx, id, { isArchived: true, archivedBy: actor.id, archivedAt: new Date() });
      });
    },
  };
}

export type AnnouncementsService = ReturnType<typeof announcementsService>;
