// Reads an Anki package (issue 20) of any of its three formats into one model, bounded in every size it
// has, and answers a clear refusal instead of throwing. Which collection is read: `meta` says the version
// when present (current Anki writes it); otherwise collection.anki21b > .anki21 > .anki2 — a current or
// Legacy 2 package also holds a dummy collection.anki2 whose only note asks to update Anki, never read
// while a newer collection is there. A `.colpkg` has the very same layout as an `.apkg` (Anki writes both
// through one function), so a whole collection is told apart by the file name the user gave it.
import { AnkiRefusal, InflateBudget, listZip, malformed, type ZipEntry } from './bounded-inflate.ts';
import {
  ANKI_LIMITS,
  ANKI_READ_MESSAGES,
  mediaKind,
  unsafeMediaName,
  type AnkiFormat,
  type AnkiLimits,
  type AnkiMediaFile,
  type AnkiNote,
  type AnkiReadProgress,
  type AnkiReadResult,
} from './model.ts';
import { protoAll, protoHas, protoNumber, protoString, readProto } from './protobuf.ts';
import { readCollection } from './read-collection.ts';
import { isSqlite, openCollection } from './sqlite.ts';

export type AnkiReadOptions = {
  readonly limits?: Partial<AnkiLimits>;
  /** The uploaded file's name: a `.colpkg` is a whole collection. */
  readonly fileName?: string;
  /** A student's progress import takes a whole collection too. */
  readonly allowCollection?: boolean;
  /**
   * false: the media files are not read (a student's progress import needs only the collection; a whole
   * collection's media may be far larger than its notes).
   */
  readonly media?: boolean;
  readonly onProgress?: (p: AnkiReadProgress) => void;
};

/** `PackageMetadata.Version`: 1 Legacy 1, 2 Legacy 2, 3 latest (0 or beyond: a newer Anki). */
const COLLECTION_FILE: Record<AnkiFormat, string> = {
  legacy1: 'collection.anki2',
  legacy2: 'collection.anki21',
  latest: 'collection.anki21b',
};

function formatOf(
  entries: ReadonlyMap<string, ZipEntry>,
  budget: InflateBudget,
  buf: Uint8Array,
): AnkiFormat {
  const meta = entries.get('meta');
  if (meta) {
    let version: number;
    try {
      version = protoNumber(readProto(budget.unzip(buf, meta, 64 * 1024)), 1);
    } catch (err) {
      if (err instanceof AnkiRefusal) throw err;
      throw malformed('its meta file cannot be read');
    }
    if (version === 1) return 'legacy1';
    if (version === 2) return 'legacy2';
    if (version === 3) return 'latest';
    throw new AnkiRefusal({ code: 'too-new', message: ANKI_READ_MESSAGES.tooNew });
  }
  if (entries.has('collection.anki21b')) return 'latest';
  if (entries.has('collection.anki21')) return 'legacy2';
  if (entries.has('collection.anki2')) return 'legacy1';
  throw new AnkiRefusal({ code: 'not-a-package', message: ANKI_READ_MESSAGES.notAPackage });
}

/** The media map: zip entry name → media file name. */
function mediaMap(
  entries: ReadonlyMap<string, ZipEntry>,
  budget: InflateBudget,
  buf: Uint8Array,
  format: AnkiFormat,
  limits: AnkiLimits,
): [string, string][] {
  const entry = entries.get('media');
  if (!entry) return [];
  const cap = 64 * 1024 * 1024;
  const raw = budget.unzip(buf, entry, cap);
  if (format === 'latest') {
    const bytes = budget.zstd(raw, 'its media list', cap);
    let list: Uint8Array[];
    try {
      list = protoAll(readProto(bytes), 1);
    } catch {
      throw malformed('its media list cannot be read');
    }
    if (list.length > limits.maxMedia) throw tooManyMedia(limits);
    return list.map((e, i) => {
      const m = readProto(e);
      return [String(protoHas(m, 255) ? protoNumber(m, 255) : i), protoString(m, 1)];
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(raw));
  } catch {
    throw malformed('its media list cannot be read');
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw malformed('its media list cannot be read');
  const pairs = Object.entries(json as Record<string, unknown>);
  if (pairs.length > limits.maxMedia) throw tooManyMedia(limits);
  return pairs.map(([k, v]) => [k, typeof v === 'string' ? v : '']);
}

const tooManyMedia = (limits: AnkiLimits) =>
  new AnkiRefusal({ code: 'too-many-media', message: ANKI_READ_MESSAGES.tooManyMedia(limits.maxMedia) });

const MEDIA_REF = /<img\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))|\[sound:([^\]]+)\]/gi;

const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };
const decodeEntities = (s: string) => s.replace(/&(amp|lt|gt|quot|apos|#39);/g, (_, e: string) => ENTITY[e]!);

/** The media file names the notes refer to (`<img src>`, `[sound:…]`), entities decoded. */
function referencedMedia(notes: readonly AnkiNote[]): Set<string> {
  const out = new Set<string>();
  for (const n of notes)
    for (const f of n.fields)
      for (const m of f.matchAll(MEDIA_REF)) {
        const raw = m[1] ?? m[2] ?? m[3] ?? m[4] ?? '';
        if (/^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(raw)) continue; // a web address, not a package file
        const name = m[4] !== undefined ? raw : decodeEntities(raw);
        if (name !== '') out.add(name);
      }
  return out;
}

async function read(bytes: Uint8Array, options: AnkiReadOptions): Promise<AnkiReadResult> {
  const limits: AnkiLimits = { ...ANKI_LIMITS, ...options.limits };
  const progress = options.onProgress ?? (() => undefined);
  if (bytes.length > limits.maxPackageBytes)
    return { error: { code: 'too-large', message: ANKI_READ_MESSAGES.tooLarge(limits.maxPackageBytes) } };
  const list = listZip(bytes, limits.maxMedia + 16);
  if (!list) return { error: { code: 'not-a-package', message: ANKI_READ_MESSAGES.notAPackage } };
  if (!options.allowCollection && /\.colpkg$/i.test(options.fileName ?? ''))
    return { error: { code: 'collection-package', message: ANKI_READ_MESSAGES.collectionPackage } };
  const entries = new Map(list.map((e) => [e.name, e]));
  const budget = new InflateBudget(limits);
  progress({ stage: 'unzip', done: 0, total: 1 });

  const format = formatOf(entries, budget, bytes);
  const colEntry = entries.get(COLLECTION_FILE[format]);
  if (!colEntry) throw malformed(`it lacks ${COLLECTION_FILE[format]}`);
  let colBytes = budget.unzip(bytes, colEntry, limits.maxCollectionBytes);
  if (format === 'latest') colBytes = budget.zstd(colBytes, 'its collection', limits.maxCollectionBytes);
  if (!isSqlite(colBytes)) throw malformed('its collection is not an SQLite database');
  progress({ stage: 'collection', done: 0, total: 1 });

  let db;
  try {
    db = await openCollection(colBytes);
  } catch {
    throw malformed('its collection cannot be opened');
  }
  let collection;
  try {
    collection = readCollection(db, limits);
  } catch (err) {
    if (err instanceof AnkiRefusal) throw err;
    throw malformed('its collection cannot be read');
  } finally {
    db.close();
  }
  progress({ stage: 'collection', done: 1, total: 1 });
  if (options.media === false)
    return { package: { format, ...collection, media: [], missingMedia: [], refusedMedia: [] } };

  const map = mediaMap(entries, budget, bytes, format, limits);
  const media: AnkiMediaFile[] = [];
  const refusedMedia: { name: string; reason: string }[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < map.length; i++) {
    const [zipName, name] = map[i]!;
    if (i % 50 === 0) progress({ stage: 'media', done: i, total: map.length });
    const unsafe = unsafeMediaName(name);
    if (unsafe !== null) {
      refusedMedia.push({ name, reason: unsafe });
      continue;
    }
    if (seen.has(name)) continue;
    const entry = entries.get(zipName);
    if (!entry) {
      refusedMedia.push({ name, reason: 'not in the package' });
      continue;
    }
    const cap = limits.maxUncompressedBytes;
    let file = budget.unzip(bytes, entry, cap);
    if (format === 'latest') file = budget.zstd(file, `media file "${name}"`, cap);
    seen.add(name);
    media.push({ name, kind: mediaKind(name), bytes: file.slice() });
  }
  progress({ stage: 'media', done: map.length, total: map.length });
  const missingMedia = [...referencedMedia(collection.notes)].filter((n) => !seen.has(n)).sort();
  return { package: { format, ...collection, media, missingMedia, refusedMedia } };
}

/**
 * The package's content, or why it is refused (too large, a bomb, not a package, a whole collection, too
 * new, damaged, too many notes or media). Never throws for any input.
 */
export async function readAnkiPackage(
  bytes: Uint8Array,
  options: AnkiReadOptions = {},
): Promise<AnkiReadResult> {
  try {
    return await read(bytes, options);
  } catch (err) {
    if (err instanceof AnkiRefusal) return { error: err.error };
    return { error: malformed('it cannot be read').error };
  }
}
