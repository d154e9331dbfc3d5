// The model's end check: what a device holds must equal the server's own full pull (structure, the
// contents of every topic it downloaded, announcements, progress, sessions). Differences are thrown
// with enough detail to read the shrunk schedule. Ops the server refused as naming content the student
// may not see (issue 38) are set aside on the device; their items are left out of the progress check.
import { sql } from 'drizzle-orm';
import type {
  AnnouncementsPullResponse,
  ContentPullResponse,
  ProgressPullResponse,
  TopicContentResponse,
} from '@zan/core';
import { signIn } from '../helpers.ts';
import type { Device } from './device.ts';
import type { World } from './world.ts';

type Rows = Record<string, Record<string, unknown>>;
const byId = (rows: { id: string }[]): Rows =>
  Object.fromEntries([...rows].sort((a, b) => a.id.localeCompare(b.id)).map((r) => [r.id, { ...r }]));
const strip = (r: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(Object.entries(r).filter(([k]) => !keys.includes(k)));

async function get<T>(w: World, cookie: string, url: string): Promise<T> {
  const res = await w.t.app.inject({ method: 'GET', url, headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

/** What a brand-new client would receive now. */
export async function serverView(w: World) {
  const { cookie } = await signIn(w.t.app, w.student.email, w.student.password);
  const content = {
    modules: [] as { id: string }[],
    subjects: [] as { id: string }[],
    topics: [] as { id: string }[],
  };
  for (let cursor = ''; ;) {
    const p = await get<ContentPullResponse>(
      w,
      cookie,
      `/api/sync/content?cursor=${encodeURIComponent(cursor)}&limit=1000`,
    );
    content.modules.push(...p.modules);
    content.subjects.push(...p.subjects);
    content.topics.push(...p.topics);
    for (const k of ['modules', 'subjects', 'topics'] as const) {
      const gone = new Set(p.deleted[k]);
      const sent = new Set(p[k].map((r) => r.id));
      content[k] = content[k].filter((r) => !gone.has(r.id) || sent.has(r.id));
    }
    if (!p.hasMore) break;
    cursor = p.cursor;
  }
  const announcements: AnnouncementsPullResponse['announcements'] = [];
  for (let cursor = ''; ;) {
    const p = await get<AnnouncementsPullResponse>(
      w,
      cookie,
      `/api/sync/announcements?cursor=${encodeURIComponent(cursor)}`,
    );
    const gone = new Set(p.deleted);
    announcements.splice(
      0,
      announcements.length,
      ...announcements.filter((a) => !gone.has(a.id)),
      ...p.announcements.filter((a) => !a.isArchived),
    );
    if (!p.hasMore) break;
    cursor = p.cursor;
  }
  const progress = await get<ProgressPullResponse>(w, cookie, '/api/sync/progress?since=0&limit=5000');
  const topics = new Map<string, Promise<TopicContentResponse>>();
  const topic = (id: string) => {
    if (!topics.has(id))
      topics.set(id, get<TopicContentResponse>(w, cookie, `/api/sync/topics/${encodeURIComponent(id)}`));
    return topics.get(id)!;
  };
  return { content, announcements, progress, topic };
}

function same(what: string, device: string, local: unknown, server: unknown): void {
  const a = JSON.stringify(local);
  const b = JSON.stringify(server);
  if (a !== b)
    throw new Error(
      `${device}: ${what} differs from the server\n device: ${a.slice(0, 1500)}\n server: ${b.slice(0, 1500)}`,
    );
}

/**
 * The ops the device set aside (the server refused them): each must be one naming content the student
 * may not see (issue 38) — any other refusal is a failure. With the items and decks they name: the
 * device keeps what it did to them, the server does not have it.
 */
export async function setAside(d: Device) {
  const rows = (await d.db.progressOutbox.toArray()).filter((r) => r.rejectedAt !== undefined);
  const items = new Set<string>();
  const decks = new Set<string>();
  for (const r of rows) {
    if (!r.rejectedReason?.startsWith('not visible: '))
      throw new Error(`${d.name}: op ${r.opId} (${r.kind}) set aside: ${r.rejectedReason}`);
    const p = r.payload;
    if (p.kind === 'upsert') items.add(p.record.itemId);
    else if (p.kind === 'delete' || p.kind === 'undo') items.add(p.itemId);
    else if (p.kind === 'resetDeck') decks.add(p.deckId);
  }
  return { opIds: new Set(rows.map((r) => r.opId)), items, decks };
}

export async function checkDevice(d: Device, server: Awaited<ReturnType<typeof serverView>>): Promise<void> {
  const local = d.db;
  const aside = await setAside(d);
  const kept = (r: { itemId: string; deckId?: string | null }) =>
    !aside.items.has(r.itemId) && !(r.deckId && aside.decks.has(r.deckId));
  same('modules', d.name, byId(await local.modules.toArray()), byId(server.content.modules));
  same('subjects', d.name, byId(await local.subjects.toArray()), byId(server.content.subjects));
  const topics = await local.topics.toArray();
  const localTopics = byId(
    topics.map(
      (t) =>
        strip({ ...t, contentVersion: t['serverContentVersion'] ?? t['contentVersion'] }, [
          'lastSynced',
          'serverContentVersion',
        ]) as { id: string },
    ),
  );
  same('topics', d.name, localTopics, byId(server.content.topics));
  for (const t of topics.filter((x) => x['lastSynced'] !== undefined)) {
    const c = await server.topic(t.id);
    same(`topic ${t.id} content version`, d.name, t['contentVersion'], c.topic.contentVersion);
    const decks = await local.flashcardDecks.where('topicId').equals(t.id).toArray();
    same(`topic ${t.id} decks`, d.name, byId(decks), byId(c.decks));
    const cards = await local.cards
      .where('deckId')
      .anyOf(decks.map((x) => x.id))
      .toArray();
    same(`topic ${t.id} cards`, d.name, byId(cards), byId(c.cards));
  }
  const downloaded = new Set(topics.filter((x) => x['lastSynced'] !== undefined).map((x) => x.id));
  const strayDecks = (await local.flashcardDecks.toArray()).filter(
    (x) => !downloaded.has(x['topicId'] as string),
  );
  same('decks of topics not downloaded', d.name, strayDecks, []);
  same('announcements', d.name, byId(await local.announcements.toArray()), byId(server.announcements));
  const progress = (await local.userProgress.toArray())
    .filter(kept)
    .map((r) => ({
      itemId: r.itemId,
      interval: Math.round(r.interval),
      easeFactor: r.easeFactor,
      dueDate: r.dueDate?.getTime() ?? null,
      isSuspended: r.isSuspended,
      reviewedAt: r.reviewedAt?.getTime(),
    }))
    .sort((a, b) => a.itemId.localeCompare(b.itemId));
  const remote = server.progress.records
    .filter(kept)
    .map((r) => ({
      itemId: r.itemId,
      interval: r.interval,
      easeFactor: r.easeFactor,
      dueDate: r.dueDate,
      isSuspended: r.isSuspended,
      reviewedAt: r.reviewedAt,
    }))
    .sort((a, b) => a.itemId.localeCompare(b.itemId));
  same('progress', d.name, progress, remote);
  const sessions = (await local.studySessions.toArray()).map((s) => [s.uuid, s.durationInSeconds]).sort();
  same('sessions', d.name, sessions, server.progress.sessions.map((s) => [s.id, s.durationInSeconds]).sort());
  const waiting = (await local.progressOutbox.toArray()).filter((r) => r.rejectedAt === undefined).length;
  same('outbox after settling', d.name, waiting, 0);
}

/** Every op id the server applied for the user. */
export async function opLedger(t: World['t'], userId: string): Promise<Set<string>> {
  const res = await t.db.execute<{ op_id: string }>(
    sql`select op_id from progress_op where user_id = ${userId}`,
  );
  return new Set(res.rows.map((r) => r.op_id));
}
