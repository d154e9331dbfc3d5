// The one content-write path (issue 7 decision 1, ARCHITECTURE §5): every content mutation runs in
// withContentWrite — clock first (its version stamped on every row by the database triggers), the
// write, tombstones and subtree re-stamps where visibility changed, and the live event after commit.
// The database refuses a content row written outside it (migration 0001).
import type { Database, Tx } from '../db/client.ts';
import type { EventBus } from '../platform/events.ts';
import { stampAnnouncements, stampContent } from './clock-repository.ts';
import { collegesAt } from './content-write-repository.ts';
import { notifyContentChanged, notifyImagesChanged } from './notify.ts';
import {
  stampSubtree,
  tombstoneAnnouncement,
  tombstoneSubtree,
  touchTopics,
  type SubtreeRoot,
} from './subtree-repository.ts';

export type WriteDeps = {
  db: Database;
  /** null only before the server listens (the demo seed): nobody is connected to tell. */
  events: Pick<EventBus, 'publish'> | null;
  log?: { warn: (obj: unknown, msg: string) => void };
};

export type ContentUow = {
  tx: Tx;
  /** The content version of this transaction (every row written carries it). */
  version: number;
  /**
   * A change that may change who sees `root` and everything under it (archive, restore, isFree,
   * scope, global): tombstones the subtree with its current scope, runs `change`, then re-stamps
   * the subtree — callers who still see it get the rows (same version, rows win), the others the
   * tombstones.
   */
  visibilityChange: <T>(root: SubtreeRoot, change: () => Promise<T>) => Promise<T>;
  /** Decks, cards, quizzes, questions or pages of these topics changed: new contentVersion. */
  topicContentChanged: (topicIds: readonly string[]) => Promise<void>;
  /**
   * Image rows were inserted, updated or deleted: after commit a live 'image' event ({ imageId }) goes
   * to everyone who may see them (the users of their colleges, and superadmins).
   */
  imagesChanged: (images: readonly { id: string; collegeId: string }[]) => void;
  /**
   * Work for after the commit only (never on rollback), e.g. removing the files of deleted image rows.
   * A failure is logged, never thrown at the caller: the write itself has committed.
   */
  afterCommit: (fn: () => Promise<void>) => void;
};

export type AnnouncementUow = {
  tx: Tx;
  version: number;
  /** An announcement is about to move to another scope: its current scope gets a tombstone. */
  beforeRescope: (id: string) => Promise<void>;
};

const warn = (deps: WriteDeps) => (err: unknown) =>
  deps.log?.warn({ err }, 'could not publish the content event');

/** Runs `work` as one content transaction and announces it after commit. */
export async function withContentWrite<T>(
  deps: WriteDeps,
  work: (uow: ContentUow) => Promise<T>,
): Promise<T> {
  const images: { id: string; collegeId: string }[] = [];
  const after: (() => Promise<void>)[] = [];
  const { result, version, colleges } = await deps.db.transaction(async (tx) => {
    const version = await stampContent(tx);
    const uow: ContentUow = {
      tx,
      version,
      async visibilityChange(root, change) {
        await tombstoneSubtree(tx, version, root);
        const out = await change();
        await stampSubtree(tx, version, root);
        return out;
      },
      topicContentChanged: (topicIds) => touchTopics(tx, version, topicIds),
      imagesChanged: (rows) => void images.push(...rows),
      afterCommit: (fn) => void after.push(fn),
    };
    const result = await work(uow);
    const colleges = await collegesAt(
      tx,
      version,
      ['module', 'subject', 'topic'],
      ['module', 'subject', 'topic'],
    );
    return { result, version, colleges };
  });
  for (const fn of after)
    await fn().catch((err: unknown) =>
      deps.log?.warn({ err }, 'after-commit work of a content write failed'),
    );
  if (deps.events && colleges.length)
    await notifyContentChanged(deps.events, deps.db, { collegeIds: colleges, version }).catch(warn(deps));
  if (deps.events && images.length) await notifyImagesChanged(deps.events, deps.db, images).catch(warn(deps));
  return result;
}

/** The same for announcements, on their own clock. */
export async function withAnnouncementWrite<T>(
  deps: WriteDeps,
  work: (uow: AnnouncementUow) => Promise<T>,
): Promise<T> {
  const { result, version, colleges } = await deps.db.transaction(async (tx) => {
    const version = await stampAnnouncements(tx);
    const uow: AnnouncementUow = {
      tx,
      version,
      beforeRescope: (id) => tombstoneAnnouncement(tx, version, id),
    };
    const result = await work(uow);
    const colleges = await collegesAt(tx, version, ['announcement'], ['announcement']);
    return { result, version, colleges };
  });
  if (deps.events && colleges.length) {
    await notifyContentChanged(deps.events, deps.db, {
      collegeIds: colleges,
      version,
      stream: 'announcements',
    }).catch(warn(deps));
  }
  return result;
}
