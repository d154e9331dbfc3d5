// Topic content as it goes over the wire, kept per topic row version: when a class downloads the
// topics an admin just published, the database and the serializer work once per topic version, not
// once per student. A topic's row version changes with every write to it or under it (domain/subtree),
// so a key never serves stale content; each instance keeps its own, bounded by size.
//
// Next to the JSON, an entry keeps the compressed response (br or gzip) of the content clock it was
// last sent at: the clock is part of the body, so those bytes are reused until any content write moves
// the clock, and then compressed again from the JSON (compressing ~140 KB per download was the larger
// part of the server's CPU in a first full sync).

/** Default bound: about 32 MB of JSON (a 200-card topic is ~140 KB, so a couple of hundred topics). */
const TOPIC_CACHE_CHARS = 32 * 1024 * 1024;

type WireEncoding = 'br' | 'gzip';

export type TopicCache = {
  get(topicId: string, rowVersion: number): string | undefined;
  set(topicId: string, rowVersion: number, json: string): void;
  /** The compressed response of this row version at this content clock, if kept. */
  getWire(topicId: string, rowVersion: number, clock: number, encoding: WireEncoding): Buffer | undefined;
  /** Keeps a compressed response; only for the row version whose JSON is held (set first). */
  setWire(topicId: string, rowVersion: number, clock: number, encoding: WireEncoding, bytes: Buffer): void;
  /** Entries and characters (JSON characters plus compressed bytes) held (tests, diagnostics). */
  size(): { entries: number; chars: number };
};

type Entry = {
  rowVersion: number;
  json: string;
  wire: { clock: number; bytes: Partial<Record<WireEncoding, Buffer>> } | null;
};

const wireSize = (e: Entry) =>
  e.wire ? Object.values(e.wire.bytes).reduce((s, b) => s + (b?.length ?? 0), 0) : 0;

/** An LRU map topicId → (rowVersion, json, compressed bytes); a newer version replaces the older one. */
export function topicCache(maxChars = TOPIC_CACHE_CHARS): TopicCache {
  const entries = new Map<string, Entry>();
  let chars = 0;
  const drop = (topicId: string) => {
    const old = entries.get(topicId);
    if (!old) return;
    entries.delete(topicId);
    chars -= old.json.length + wireSize(old);
  };
  const evict = () => {
    for (const id of entries.keys()) {
      if (chars <= maxChars) break;
      drop(id);
    }
  };
  const touch = (topicId: string, rowVersion: number): Entry | undefined => {
    const e = entries.get(topicId);
    if (!e || e.rowVersion !== rowVersion) return undefined;
    entries.delete(topicId); // most recently used goes last
    entries.set(topicId, e);
    return e;
  };
  return {
    get: (topicId, rowVersion) => touch(topicId, rowVersion)?.json,
    set(topicId, rowVersion, json) {
      const old = entries.get(topicId);
      if (old && old.rowVersion > rowVersion) return; // a slower reader of an older version
      if (old && old.rowVersion === rowVersion && old.json === json) return; // keeps its compressed bytes
      drop(topicId);
      if (json.length > maxChars / 4) return; // one huge topic must not flush everything else
      entries.set(topicId, { rowVersion, json, wire: null });
      chars += json.length;
      evict();
    },
    getWire(topicId, rowVersion, clock, encoding) {
      const e = touch(topicId, rowVersion);
      return e?.wire?.clock === clock ? e.wire.bytes[encoding] : undefined;
    },
    setWire(topicId, rowVersion, clock, encoding, bytes) {
      const e = touch(topicId, rowVersion);
      if (!e) return;
      if (e.wire && e.wire.clock > clock) return; // a slower request read an older clock
      chars -= wireSize(e);
      if (!e.wire || e.wire.clock !== clock) e.wire = { clock, bytes: {} };
      e.wire.bytes[encoding] = bytes;
      chars += wireSize(e);
      evict();
    },
    size: () => ({ entries: entries.size, chars }),
  };
}
