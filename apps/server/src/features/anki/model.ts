// What an Anki package holds once read (issue 20), whatever its format, and the bounds a read keeps to:
// the import service, the progress import and the tests all speak these types.

/** Legacy (`collection.anki2`), Legacy 2 (`collection.anki21`), current (`meta` + `collection.anki21b`). */
export type AnkiFormat = 'legacy1' | 'legacy2' | 'latest';

export type AnkiTemplate = {
  readonly ord: number;
  readonly name: string;
  readonly qfmt: string;
  readonly afmt: string;
};

export type AnkiNotetype = {
  readonly id: number;
  readonly name: string;
  readonly kind: 'normal' | 'cloze';
  /** Anki's Image Occlusion (a cloze kind of its own, drawn over a picture): listed as skipped. */
  readonly imageOcclusion: boolean;
  /** Field names by ordinal. */
  readonly fields: readonly string[];
  readonly templates: readonly AnkiTemplate[];
};

/** `name` with Anki's `::` between parent and child, whatever the format stored. */
export type AnkiDeck = { readonly id: number; readonly name: string; readonly filtered: boolean };

export type AnkiNote = {
  readonly id: number;
  readonly guid: string;
  readonly notetypeId: number;
  /** Field values by ordinal (HTML as Anki stores it). */
  readonly fields: readonly string[];
  readonly tags: readonly string[];
  /** Last modified, epoch seconds. */
  readonly mod: number;
};

/** FSRS memory state from the card's `data` JSON (`s`, `d`), when Anki had one. */
export type AnkiMemoryState = { readonly stability: number; readonly difficulty: number };

/** A card's scheduling as Anki stores it (type 0 new, 1 learning, 2 review, 3 relearning; queue -1 suspended). */
export type AnkiScheduling = {
  readonly type: number;
  readonly queue: number;
  /** New: position; learning: epoch seconds; review: day number from the collection's creation. */
  readonly due: number;
  /** Days (negative: seconds, in learning). */
  readonly ivl: number;
  /** Ease in permille (2500 = 250 %). */
  readonly factor: number;
  readonly reps: number;
  readonly lapses: number;
  readonly memory: AnkiMemoryState | null;
};

export type AnkiCard = {
  readonly id: number;
  readonly noteId: number;
  readonly deckId: number;
  /** Template ordinal (normal) or cloze number − 1 (cloze). */
  readonly ord: number;
  readonly scheduling: AnkiScheduling;
};

/** One review: `id` is its time in epoch ms; ease 1–4 (0: manual reschedule); type 0 learn … 4 manual. */
export type AnkiReview = {
  readonly id: number;
  readonly cardId: number;
  readonly ease: number;
  readonly ivl: number;
  readonly lastIvl: number;
  readonly factor: number;
  /** Milliseconds spent. */
  readonly time: number;
  readonly type: number;
};

export type AnkiMediaKind = 'image' | 'sound' | 'video' | 'other';
export type AnkiMediaFile = {
  readonly name: string;
  readonly kind: AnkiMediaKind;
  readonly bytes: Uint8Array;
};

export type AnkiPackage = {
  readonly format: AnkiFormat;
  /** The collection's creation (epoch seconds): review due days count from it. */
  readonly createdSecs: number;
  readonly notetypes: readonly AnkiNotetype[];
  readonly decks: readonly AnkiDeck[];
  readonly notes: readonly AnkiNote[];
  readonly cards: readonly AnkiCard[];
  readonly revlog: readonly AnkiReview[];
  readonly media: readonly AnkiMediaFile[];
  /** Files the notes refer to that the package does not hold. */
  readonly missingMedia: readonly string[];
  /** Media entries left out, with why (an unsafe name, a file the map names but the zip lacks). */
  readonly refusedMedia: readonly { readonly name: string; readonly reason: string }[];
};

type AnkiReadErrorCode =
  | 'too-large'
  | 'bomb'
  | 'not-a-package'
  | 'collection-package'
  | 'too-new'
  | 'malformed'
  | 'too-many-notes'
  | 'too-many-media';

export type AnkiReadError = { readonly code: AnkiReadErrorCode; readonly message: string };
export type AnkiReadResult = { readonly package: AnkiPackage } | { readonly error: AnkiReadError };

export type AnkiLimits = {
  /** The package file itself. */
  readonly maxPackageBytes: number;
  /** Everything inflated from it (collection and media), added up. */
  readonly maxUncompressedBytes: number;
  /** Inflated ÷ compressed, per entry, once an entry is past 1 MiB (smaller ones may compress well). */
  readonly maxRatio: number;
  /** The SQLite collection once inflated (it is loaded whole into sql.js). */
  readonly maxCollectionBytes: number;
  readonly maxNotes: number;
  readonly maxCards: number;
  readonly maxReviews: number;
  readonly maxMedia: number;
};

export const ANKI_LIMITS: AnkiLimits = {
  maxPackageBytes: 500 * 1024 * 1024,
  maxUncompressedBytes: 1024 * 1024 * 1024,
  maxRatio: 200,
  maxCollectionBytes: 512 * 1024 * 1024,
  maxNotes: 100_000,
  maxCards: 300_000,
  maxReviews: 2_000_000,
  maxMedia: 20_000,
};

/** Progress of a read, for the import screen. */
export type AnkiReadProgress = {
  readonly stage: 'unzip' | 'collection' | 'media';
  readonly done: number;
  readonly total: number;
};

const mb = (n: number) => `${Math.round(n / (1024 * 1024))} MB`;

/** The messages a refused package gets (the admin sees them as they are). */
export const ANKI_READ_MESSAGES = {
  tooLarge: (max: number) => `This Anki package is larger than ${mb(max)}.`,
  bomb: (max: number) =>
    `This Anki package unpacks to more than ${mb(max)} or compresses suspiciously well, so it was not read.`,
  notAPackage: 'This file is not an Anki package (.apkg).',
  collectionPackage:
    'This is a whole Anki collection (.colpkg). In Anki, export the deck as an Anki Deck Package (.apkg) and import that.',
  tooNew:
    'This Anki package was made by a newer Anki than Zan can read. In Anki, export it again with "Support older Anki versions" ticked.',
  malformed: (what: string) => `This Anki package is damaged: ${what}.`,
  tooManyNotes: (max: number) =>
    `This Anki package has more than ${max.toLocaleString('en')} notes or cards.`,
  tooManyMedia: (max: number) => `This Anki package has more than ${max.toLocaleString('en')} media files.`,
} as const;

const SOUND = new Set(['mp3', 'ogg', 'oga', 'wav', 'm4a', 'aac', 'flac', 'opus', 'spx', 'amr', '3gp']);
const VIDEO = new Set(['mp4', 'webm', 'mov', 'mkv', 'avi', 'ogv', 'mpg', 'mpeg', 'flv', 'wmv', 'm4v']);
const IMAGE = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg', 'bmp', 'tif', 'tiff', 'avif', 'ico']);

/** What a media file is, by its extension (sound and video are counted apart and skipped). */
export function mediaKind(name: string): AnkiMediaKind {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  return IMAGE.has(ext) ? 'image' : SOUND.has(ext) ? 'sound' : VIDEO.has(ext) ? 'video' : 'other';
}

/** Why a media name is refused (a path, a parent reference, NUL), or null when it is a plain file name. */
export function unsafeMediaName(name: string): string | null {
  if (name === '' || name.length > 255) return 'an empty or overlong name';
  if (name.includes('\0')) return 'a NUL in its name';
  if (name.includes('/') || name.includes('\\')) return 'a path in its name';
  if (name === '.' || name === '..' || name.includes('..')) return 'a parent reference in its name';
  return null;
}
