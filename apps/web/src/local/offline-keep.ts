// Offline by choice (issue 11): which modules the student keeps available offline (a syncMetadata row,
// so the store's schema stays at v14), the topics that choice covers, and how much of each module and
// subject is on this device. Topic content itself stays on demand (SPEC §4 Sync); this only chooses.
import { OFFLINE_KEEP_ID, type LocalTopic, type OfflineKeep, type ZanDb } from './db.ts';
import { notArchived } from './not-archived.ts';

export type OfflineTarget = { kind: 'everything' } | { kind: 'module'; moduleId: string };

/** The keep choice of `userId` (nothing kept when absent or written for another owner). */
export async function getOfflineKeep(db: ZanDb, userId: string): Promise<OfflineKeep> {
  const row = await db.syncMetadata.get(OFFLINE_KEEP_ID);
  return row?.id === OFFLINE_KEEP_ID && row.ownerId === userId
    ? row
    : { id: OFFLINE_KEEP_ID, ownerId: userId, everything: false, modules: [] };
}

/** Records the choice (kept until the user's local store goes); returns the new choice. */
export async function addOfflineKeep(db: ZanDb, userId: string, target: OfflineTarget): Promise<OfflineKeep> {
  return db.transaction('rw', db.syncMetadata, async () => {
    const keep = await getOfflineKeep(db, userId);
    const next: OfflineKeep =
      target.kind === 'everything'
        ? { ...keep, everything: true }
        : {
            ...keep,
            modules: keep.modules.includes(target.moduleId)
              ? keep.modules
              : [...keep.modules, target.moduleId],
          };
    await db.syncMetadata.put(next);
    return next;
  });
}

/**
 * Forgets the choice: 'everything' forgets it all, a module only itself. The content already here
 * stays (like any opened subject's); it is just no longer topped up at every sync.
 */
export async function removeOfflineKeep(
  db: ZanDb,
  userId: string,
  target: OfflineTarget,
): Promise<OfflineKeep> {
  return db.transaction('rw', db.syncMetadata, async () => {
    const keep = await getOfflineKeep(db, userId);
    const next: OfflineKeep =
      target.kind === 'everything'
        ? { ...keep, everything: false, modules: [] }
        : { ...keep, modules: keep.modules.filter((m) => m !== target.moduleId) };
    await db.syncMetadata.put(next);
    return next;
  });
}

export const isKept = (keep: OfflineKeep, moduleId: string): boolean =>
  keep.everything || keep.modules.includes(moduleId);
export const hasKeep = (keep: OfflineKeep): boolean => keep.everything || keep.modules.length > 0;

/** A topic whose content is missing here, or older than the version the content pull reported. */
export const needsDownload = (t: LocalTopic): boolean =>
  t.lastSynced === undefined || (t.serverContentVersion ?? t.contentVersion) > t.contentVersion;

/** The visible (non-archived) topics of the target's modules, as stored locally. */
export async function topicsOf(db: ZanDb, target: OfflineTarget | OfflineKeep): Promise<LocalTopic[]> {
  const wanted =
    'kind' in target
      ? (m: string) => target.kind === 'everything' || m === target.moduleId
      : (m: string) => isKept(target, m);
  const [modules, subjects] = await Promise.all([db.modules.toArray(), db.subjects.toArray()]);
  const moduleIds = new Set(modules.filter((m) => notArchived(m) && wanted(m.id)).map((m) => m.id));
  const subjectIds = subjects.filter((s) => notArchived(s) && moduleIds.has(s.moduleId)).map((s) => s.id);
  if (subjectIds.length === 0) return [];
  const topics = await db.topics.where('subjectId').anyOf(subjectIds).toArray();
  return topics.filter(notArchived);
}

export type Availability = { topics: number; downloaded: number };
export type OfflineOverview = {
  keep: OfflineKeep;
  modules: Map<string, Availability>;
  subjects: Map<string, Availability>;
};

/** Per module and subject: how many visible topics, and how many have their content on this device. */
export async function loadOfflineOverview(db: ZanDb, userId: string): Promise<OfflineOverview> {
  const [keep, modules, subjects, topics] = await Promise.all([
    getOfflineKeep(db, userId),
    db.modules.toArray(),
    db.subjects.toArray(),
    db.topics.toArray(),
  ]);
  const liveModules = new Set(modules.filter(notArchived).map((m) => m.id));
  const subjectModule = new Map<string, string>();
  const bySubject = new Map<string, Availability>();
  const byModule = new Map<string, Availability>();
  for (const m of liveModules) byModule.set(m, { topics: 0, downloaded: 0 });
  for (const s of subjects) {
    if (!notArchived(s) || !liveModules.has(s.moduleId)) continue;
    subjectModule.set(s.id, s.moduleId);
    bySubject.set(s.id, { topics: 0, downloaded: 0 });
  }
  for (const t of topics) {
    const subject = bySubject.get(t.subjectId);
    if (!subject || !notArchived(t)) continue;
    const module = byModule.get(subjectModule.get(t.subjectId) ?? '');
    const done = needsDownload(t) ? 0 : 1;
    subject.topics += 1;
    subject.downloaded += done;
    if (module) {
      module.topics += 1;
      module.downloaded += done;
    }
  }
  return { keep, modules: byModule, subjects: bySubject };
}

/** Fully available offline: at least one topic, and every topic's current content is here. */
export const isFullyOffline = (a: Availability | undefined): boolean =>
  !!a && a.topics > 0 && a.downloaded === a.topics;
