// Content, topic and announcement sync rules (ARCHITECTURE §5): what the caller may see, paged in
// one snapshot behind a composite cursor, with deletions for rows the caller lost and a reset when
// the caller's visible set changed.
import {
  MSG,
  SYNC_PAGE_SIZE,
  type Actor,
  type AnnouncementDto,
  type AnnouncementsPullResponse,
  type ContentPullResponse,
  type ModuleDto,
  type SubjectDto,
  type TopicContentResponse,
  type TopicDto,
  topicContentResponseSchema,
} from '@zan/core';
import type { Database } from '../../db/client.ts';
import { currentVersion } from '../../domain/clock-repository.ts';
import { notFound } from '../../errors.ts';
import { ANNOUNCEMENT_RANK, announcementsRepository as annRepo } from './announcements-repository.ts';
import { contentRepository as repo, RANK } from './content-repository.ts';
import { inSnapshot } from '../../domain/snapshot.ts';
import { decodeCursor } from './cursor.ts';
import { visibleTopicsRepository as topics } from '../../domain/visible-topics-repository.ts';
import {
  announcementDto,
  cardDto,
  deckDto,
  htmlContentDto,
  moduleDto,
  questionDto,
  quizDto,
  subjectDto,
  topicDto,
} from '../../domain/content-dto.ts';
import { syncHeads } from './heads.ts';
import { topicCache, type TopicCache } from './topic-cache.ts';
import { compressText, type Encoding } from '../../platform/wire-compress.ts';
import { COMPRESS_THRESHOLD } from '../../plugins/compression.ts';
import { assemblePage, type StreamItem } from './page.ts';
import { announcementVisibleSet, contentVisibleSet, grantsInVisibleSet } from '../../domain/visible-set.ts';

type ContentTable = 'modules' | 'subjects' | 'topics';
type ContentRow = ModuleDto | SubjectDto | TopicDto;
const TOMBSTONE_TABLE = { module: 'modules', subject: 'subjects', topic: 'topics' } as const;

export type ContentPullQuery = { cursor?: string; visibleSet?: string; limit?: number };

export function syncService({ db, cache = topicCache() }: { db: Database; cache?: TopicCache }) {
  /** One topic's content in a read-only snapshot, with the topic's row version it was read at. */
  const readTopic = (actor: Actor, topicId: string) =>
    inSnapshot(db, async (tx) => {
      const t = await topics.visibleTopic(tx, actor, topicId);
      if (!t) throw notFound(MSG.topicNotFound, 'TOPIC_NOT_FOUND');
      const c = await repo.topicContent(tx, topicId);
      const body: TopicContentResponse = {
        topic: topicDto(t),
        decks: c.decks.map(deckDto),
        cards: c.cards.map(cardDto),
        quizzes: c.quizzes.map(quizDto),
        questions: c.questions.map(questionDto),
        htmlContent: c.pages.map(htmlContentDto),
        version: await currentVersion(tx, 'content'),
      };
      return { rowVersion: t.rowVersion, body };
    });

  return {
    async pullContent(actor: Actor, q: ContentPullQuery): Promise<ContentPullResponse> {
      const limit = q.limit ?? SYNC_PAGE_SIZE;
      const from = decodeCursor(q.cursor);
      return inSnapshot(db, async (tx) => {
        const granted = grantsInVisibleSet(actor) ? await repo.grantedModuleIds(tx, actor.id) : [];
        const visibleSet = contentVisibleSet(actor, granted);
        if (q.visibleSet && q.visibleSet !== visibleSet) {
          const none = { modules: [], subjects: [], topics: [] };
          return { reset: true, visibleSet, ...none, deleted: none, cursor: '', hasMore: true };
        }
        const n = limit + 1;
        const item = <R extends ContentRow>(
          table: ContentTable,
          rank: number,
          r: { row: { id: string; rowVersion: number }; visible: boolean },
          dto: () => R,
        ) =>
          ({
            key: { version: r.row.rowVersion, rank, id: r.row.id },
            table,
            id: r.row.id,
            row: r.visible ? dto() : null,
          }) satisfies StreamItem<ContentTable, ContentRow>;
        const tombs: StreamItem<ContentTable, ContentRow>[] = (
          await repo.tombstonesAfter(tx, actor, from, n)
        ).map((t) => ({
          key: { version: t.version, rank: RANK.tombstone, id: String(t.seq), numericId: true },
          table: TOMBSTONE_TABLE[t.entity as keyof typeof TOMBSTONE_TABLE],
          id: t.entityId,
          row: null,
        }));
        const modules = (await repo.modulesAfter(tx, actor, from, n)).map((r) =>
          item('modules', RANK.module, r, () => moduleDto(r.row)),
        );
        const subjects = (await repo.subjectsAfter(tx, actor, from, n)).map((r) =>
          item('subjects', RANK.subject, r, () => subjectDto(r.row)),
        );
        const topics = (await repo.topicsAfter(tx, actor, from, n)).map((r) =>
          item('topics', RANK.topic, r, () => topicDto(r.row)),
        );
        const page = assemblePage<ContentTable, ContentRow>(
          ['modules', 'subjects', 'topics'],
          [tombs, modules, subjects, topics],
          limit,
          from,
        );
        // The last page tells the client where its other streams end (it may skip those pulls).
        const heads = page.hasMore
          ? undefined
          : { ...(await syncHeads(tx, actor)), announcementsVisibleSet: announcementVisibleSet(actor) };
        return {
          reset: false,
          visibleSet,
          modules: page.rows.modules as ModuleDto[],
          subjects: page.rows.subjects as SubjectDto[],
          topics: page.rows.topics as TopicDto[],
          deleted: page.deleted,
          cursor: page.cursor,
          hasMore: page.hasMore,
          ...(heads ? { heads } : {}),
          version: await currentVersion(tx, 'content'),
        };
      });
    },

    /** Everything under one topic the caller may see; 404 'Topic not found.' otherwise (never leaks). */
    async topicContent(actor: Actor, topicId: string): Promise<TopicContentResponse> {
      return (await readTopic(actor, topicId)).body;
    },

    /**
     * The same as the route sends it: JSON text whose topic part comes from the cache when its row
     * version is unchanged (the snapshot's clock is read with the topic in one statement), compressed in
     * `encoding` from COMPRESS_THRESHOLD up, and those bytes reused while the content clock stands still.
     */
    async topicContentWire(
      actor: Actor,
      topicId: string,
      encoding: Encoding | null,
    ): Promise<{ body: string | Buffer; encoding: Encoding | null }> {
      const head = await repo.visibleTopicWithClock(db, actor, topicId);
      if (!head) throw notFound(MSG.topicNotFound, 'TOPIC_NOT_FOUND');
      let rowVersion = head.row.rowVersion;
      let clock = head.clock;
      let tail = cache.get(topicId, rowVersion);
      if (tail === undefined) {
        const read = await readTopic(actor, topicId);
        const { version, ...rest } = topicContentResponseSchema.encode(read.body);
        tail = JSON.stringify(rest).slice(1); // without its opening brace
        rowVersion = read.rowVersion;
        clock = version ?? 0;
        cache.set(topicId, rowVersion, tail);
      }
      const json = `{"version":${clock},${tail}`;
      if (!encoding || json.length < COMPRESS_THRESHOLD) return { body: json, encoding: null };
      let bytes = cache.getWire(topicId, rowVersion, clock, encoding);
      if (!bytes) {
        bytes = await compressText(json, encoding);
        cache.setWire(topicId, rowVersion, clock, encoding, bytes);
      }
      return { body: bytes, encoding };
    },

    /** The freshness check: contentVersion of each visible topic (invisible / unknown ids are left out). */
    async topicVersions(actor: Actor, topicIds: string[]): Promise<{ versions: Record<string, number> }> {
      const rows = await topics.visibleTopicVersions(db, actor, [...new Set(topicIds)]);
      return { versions: Object.fromEntries(rows.map((r) => [r.id, r.contentVersion])) };
    },

    async pullAnnouncements(
      actor: Actor,
      q: { cursor?: string; visibleSet?: string; limit?: number },
    ): Promise<AnnouncementsPullResponse> {
      const limit = q.limit ?? SYNC_PAGE_SIZE;
      const from = decodeCursor(q.cursor);
      const visibleSet = announcementVisibleSet(actor);
      if (q.visibleSet && q.visibleSet !== visibleSet) {
        return { reset: true, visibleSet, announcements: [], deleted: [], cursor: '', hasMore: true };
      }
      return inSnapshot(db, async (tx) => {
        const now = new Date();
        const tombs: StreamItem<'announcements', AnnouncementDto>[] = (
          await annRepo.tombstonesAfter(tx, actor, from, limit + 1)
        ).map((t) => ({
          key: { version: t.version, rank: ANNOUNCEMENT_RANK.tombstone, id: String(t.seq), numericId: true },
          table: 'announcements',
          id: t.entityId,
          row: null,
        }));
        const rows: StreamItem<'announcements', AnnouncementDto>[] = (
          await annRepo.changedAfter(tx, actor, from, limit + 1, now)
        ).map((r) => ({
          key: { version: r.row.rowVersion, rank: ANNOUNCEMENT_RANK.announcement, id: r.row.id },
          table: 'announcements',
          id: r.row.id,
          row: r.visible ? announcementDto(r.row) : null,
        }));
        const page = assemblePage(['announcements'], [tombs, rows], limit, from);
        return {
          reset: false,
          visibleSet,
          announcements: page.rows.announcements,
          deleted: page.deleted.announcements,
          cursor: page.cursor,
          hasMore: page.hasMore,
        };
      });
    },
  };
}
