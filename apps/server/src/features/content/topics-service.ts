// Topic rules (SPEC §2 topics tab, §5 Topic form, §6): name and subject required ('All fields are
// required.'), the module derived from the subject, name_lowercase kept in step, 'Make this a GLOBAL
// topic' for a superadmin under a global parent, global topics edited and archived by superadmins only.
// searchTopics is `list` with a search term. Every write through withContentWrite.
import {
  ADMIN_PAGE_SIZE,
  can,
  GLOBAL_YEAR_GROUP,
  MSG,
  type Actor,
  type AdminTopic,
  type TopicCreateBody,
  type TopicListQuery,
  type TopicListResponse,
  type TopicUpdateBody,
} from '@zan/core';
import type { Tx } from '../../db/client.ts';
import { withContentWrite } from '../../domain/content-write.ts';
import { badRequest, notFound } from '../../errors.ts';
import { page } from '../../domain/list-cursor.ts';
import { decodeListCursor } from './cursor.ts';
import type { ContentDeps } from './deps.ts';
import { allow, requireAccess } from '../../domain/access.ts';
import { archiveItem } from './archiving.ts';
import { adminTopicDto, targetOf } from './dto.ts';
import { readRepository as read, type SubjectRow, type TopicRow } from './read-repository.ts';
import { subjectNotFound } from './subjects-service.ts';
import { writeRepository as write } from './write-repository.ts';

const topicNotFound = () => notFound(MSG.topicNotFound, 'TOPIC_NOT_FOUND');
const listKey = (r: TopicRow) => ({ k: r.nameLowercase, i: r.id });

/** A live parent subject (module live too) the caller may see; a given module must be its module. */
async function parentSubject(
  tx: Tx,
  actor: Actor,
  subjectId: string,
  moduleId: string | undefined,
): Promise<SubjectRow> {
  const s = await read.subject(tx, actor, subjectId);
  if (!s || s.isArchived) throw subjectNotFound();
  const m = await read.module(tx, actor, s.moduleId);
  if (!m || m.isArchived) throw subjectNotFound();
  if (moduleId && moduleId !== s.moduleId) throw badRequest(MSG.subjectNotInModule, 'SUBJECT_NOT_IN_MODULE');
  return s;
}

/** The topic's scope under `s`: global when marked or under a global subject. */
function placement(s: SubjectRow, isGlobal: boolean) {
  const global = isGlobal || targetOf(s).isGlobal;
  return {
    subjectId: s.id,
    moduleId: s.moduleId,
    collegeId: s.collegeId,
    yearGroup: global ? GLOBAL_YEAR_GROUP : s.yearGroup,
    isGlobal,
  };
}

export function topicsService(deps: ContentDeps) {
  const { db } = deps;
  /** The topic as the caller sees it, locked (undefined: not there for them). */
  const locked = (tx: Tx, actor: Actor, id: string) => () => read.topic(tx, actor, id, { lock: true });
  const reload = async (tx: Tx, actor: Actor, id: string) => {
    const row = await locked(tx, actor, id)();
    if (!row) throw topicNotFound();
    return adminTopicDto(row);
  };

  return {
    /** searchTopics: by topic, subject or module name; optionally one subject's topics. */
    async list(actor: Actor, q: TopicListQuery): Promise<TopicListResponse> {
      allow(can(actor, 'admin.area'));
      const rows = await read.listTopics(db, actor, {
        search: q.search?.trim() || undefined,
        cursor: decodeListCursor(q.cursor),
        limit: ADMIN_PAGE_SIZE + 1,
        ...(q.subjectId ? { subjectId: q.subjectId } : {}),
      });
      const p = page(rows, ADMIN_PAGE_SIZE, listKey);
      return { topics: p.items.map(adminTopicDto), nextCursor: p.nextCursor };
    },

    async get(actor: Actor, id: string): Promise<AdminTopic> {
      allow(can(actor, 'admin.area'));
      const row = await read.topic(db, actor, id);
      if (!row) throw topicNotFound();
      return adminTopicDto(row);
    },

    async create(actor: Actor, body: TopicCreateBody): Promise<AdminTopic> {
      allow(can(actor, 'admin.area'));
      return withContentWrite(deps, async ({ tx }) => {
        const s = await parentSubject(tx, actor, body.subjectId, body.moduleId);
        allow(can(actor, 'topic.create', targetOf(s)));
        const isGlobal = body.isGlobal ?? false;
        if (isGlobal) allow(can(actor, 'topic.makeGlobal', targetOf(s)), MSG.makeGlobalDenied);
        const id = await write.insertTopic(tx, {
          name: body.name,
          nameLowercase: body.name.toLowerCase(),
          ...placement(s, isGlobal),
          createdBy: actor.id,
        });
        return reload(tx, actor, id);
      });
    },

    /** Rename, move to another subject (the module follows), mark or unmark global. */
    async update(actor: Actor, id: string, body: TopicUpdateBody): Promise<AdminTopic> {
      allow(can(actor, 'admin.area'));
      return withContentWrite(deps, async (uow) => {
        const cur = await requireAccess(actor, 'topic.edit', {
          load: locked(uow.tx, actor, id),
          notFound: topicNotFound,
          target: targetOf,
          forbidden: (r) => (targetOf(r).isGlobal ? MSG.globalTopicDenied : MSG.outOfScope),
        });
        const subjectId = body.subjectId ?? cur.subjectId;
        const s = await parentSubject(uow.tx, actor, subjectId, body.moduleId);
        const isGlobal = body.isGlobal ?? cur.isGlobal;
        if (subjectId !== cur.subjectId) allow(can(actor, 'topic.create', targetOf(s)));
        if (isGlobal !== cur.isGlobal || (isGlobal && subjectId !== cur.subjectId)) {
          allow(can(actor, 'topic.makeGlobal', targetOf(s)), MSG.makeGlobalDenied);
        }
        const name =
          body.name !== undefined ? { name: body.name, nameLowercase: body.name.toLowerCase() } : {};
        const next = placement(s, isGlobal);
        const root = { topic: id };
        if (
          next.subjectId === cur.subjectId &&
          next.yearGroup === cur.yearGroup &&
          isGlobal === cur.isGlobal
        ) {
          await write.updateTopic(uow.tx, id, name);
        } else {
          await uow.visibilityChange(root, async () => {
            await write.updateTopic(uow.tx, id, { ...name, ...next });
            await write.propagateScope(uow.tx, root);
          });
        }
        return reload(uow.tx, actor, id);
      });
    },

    async archive(actor: Actor, id: string): Promise<AdminTopic> {
      return withContentWrite(deps, async (uow) => {
        await archiveItem(uow, actor, 'topics', id, {
          load: locked(uow.tx, actor, id),
          notFound: topicNotFound,
        });
        return reload(uow.tx, actor, id);
      });
    },
  };
}

export type TopicsService = ReturnType<typeof topicsService>;
