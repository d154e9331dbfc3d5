// Topic content as it goes over the wire, kept per topic row version: when a class downloads the
// topics an admin just published, the database and the serializer work once per topic version, not
// once per student. A topic's row version changes with every write to it or under it (domain/subtree),
// so a key never serves stale content; each instance keeps its own, bounded by size.

/** Default bound: about 32 MB of JSON (a 200-card topic is ~140 KB, so a couple of hundred topics). */
export const TOPIC_CACHE_CHARS = 32 * 1024 * 1024;

export type TopicCache = {
  get(topicId: string, rowVersion: number): string | undefined;
  set(topicId: string, rowVersion: number, json: string): void;
  /** Entries and characters held (tests, diagnostics). */
  size(): { entries: number; chars: number };
};

/** An LRU map topicId → (rowVersion, json); a newer version of a topic replaces the older one. */
export function topicCache(maxChars = TOPIC_CACHE_CHARS): TopicCache {
  const entries = new Map<string, { rowVersion: number; json: string }>();
  let chars = 0;
  const drop = (topicId: string) => {
    const old = entries.get(topicId);
    if (!old) return;
    entries.delete(topicId);
    chars -= old.json.length;
  };
  return {
    get(topicId, rowVersion) {
      const e = entries.get(topicId);
      if (!e || e.rowVersion !== rowVersion) return undefined;
      entries.delete(topicId); // most recently used goes last
      entries.set(topicId, e);
      return e.json;
    },
    set(topicId, rowVersion, json) {
      const old = entries.get(topicId);
      if (old && old.rowVersion > rowVersion) return; // a slower reader of an older version
      drop(topicId);
      if (json.length > maxChars / 4) return; // one huge topic must not flush everything else
      entries.set(topicId, { rowVersion, json });
      chars += json.length;
      for (const id of entries.keys()) {
        if (chars <= maxChars) break;
        drop(id);
      }
    },
    size: () => ({ entries: entries.size, chars }),
  };
}
