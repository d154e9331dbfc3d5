// Business constants of SPEC §9, in one place for server and web.
/**
 * SPEC §9's v14, then 15 (issue 18: progress rows carry the FSRS memory state; indexes unchanged), then 16
 * (issue 19: the question bank's `qbankBlocks` and `questionStats` tables).
 */
export const LOCAL_DB_VERSION = 16;
export const STALE_SYNC_LOCK_MS = 300_000;
export const SIGN_OUT_SYNC_WAIT_MS = 5_000;
export const SIGN_OUT_SYNC_POLL_MS = 100;
export const SYNC_MESSAGE_CLEAR_MS = 5_000;
export const SYNC_LOGIN_MESSAGE_CLEAR_MS = 3_000;
export const STUDY_TIMER_TICK_MS = 1_000;
export const PERIODIC_SYNC_MIN_INTERVAL_MINUTES = 720;
export const PERIODIC_SYNC_TAG = 'content-sync';
/** Rows per content-pull page (ARCHITECTURE §5). */
export const SYNC_PAGE_SIZE = 500;

export const ADMIN_PAGE_SIZE = 15;
export const ARCHIVE_PAGE_SIZE = 10;
export const USER_SEARCH_DEBOUNCE_MS = 500;
export const TOPIC_SEARCH_DEBOUNCE_MS = 300;
export const MIN_MODULE_STAGE = 1;
export const MIN_PASSWORD_LENGTH = 6;
export const GLOBAL_YEAR_GROUP = 'global';

export const SIDEBAR_BREAKPOINT_PX = 1200;
export const SUSPENDED_TEXT_MAX = 50;
export const IMPORT_PREVIEW_ROWS = 5;
export const IMPORT_PREVIEW_CELL_MAX = 50;
/** Longest stored card face, question, option or explanation (characters of HTML/text). */
export const RESOURCE_TEXT_MAX = 20_000;
/** Issue 20: distinct deletion numbers (cards) one cloze note may hold. */
export const CLOZE_NOTE_MAX_CARDS = 100;
/** Most rows one bulk import writes (one transaction). */
export const IMPORT_MAX_ROWS = 10_000;
/** Most pictures one bulk import carries inside its source (issue 21: Moodle XML's base64 `<file>`s). */
export const IMPORT_MAX_FILES = 2_000;
/** Issue 21: the largest text an import format reads (characters; a Moodle XML file with pictures is the big one). */
export const IMPORT_TEXT_MAX = 50_000_000;
/** Issue 21: the longest line (or Quizlet record) an import format reads: a few full-length fields. */
export const IMPORT_LINE_MAX = 5 * RESOURCE_TEXT_MAX;
/**
 * What admin-authored HTML may hold (issue 17), counted by the server's sanitiser as the browser's parser
 * builds it: elements per card face, per lecture page and in one bulk import, and nesting depth. Generous
 * for real content (a face is a few dozen elements, a long lecture a few thousand); each costs ~2 µs
 * to sanitise, so the largest import allowed takes a few seconds of a worker thread.
 */
export const HTML_LIMITS = {
  faceElements: 1_000,
  pageElements: 50_000,
  importElements: 1_000_000,
  depth: 100,
} as const;
export const IMAGE_OPTIMIZATION_TIMEOUT_MS = 30_000;
/** Image upload limits (ARCHITECTURE §6): png/jpeg only, ≤ 10 MB, ≤ 50 megapixels; webp ≤ 1600 px on the longest side. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 50_000_000;
export const IMAGE_MAX_SIDE_PX = 1600;
export const LECTURE_FONT = { default: 16, min: 12, max: 24, step: 1 } as const;
export const EXPORT_FORMAT_VERSION = 1;
export const ACADEMIC_YEAR_START_MONTH = 8; // September, 0-based
export const WEEK_START_DAY = 0; // Sunday

/** Keys of values kept in localStorage (SPEC §9 "Stored local keys"). */
export const LOCAL_KEYS = {
  activeSessionId: 'zan.activeSessionId',
  activeTimer: 'zan.activeTimer',
  studyMode: 'zan.studyMode',
  theme: 'zan.theme',
  deckBrowserOpen: 'zan.deckBrowserOpen',
  lastUserId: 'zan.lastUserId',
  lectureFontSize: 'zan.lectureFontSize',
  /** Prefix of the editors' unsaved drafts: `zan.draft.<userId>.<item>` (issue 22). */
  editorDraft: 'zan.draft',
  /** Prefix of the day's answers counted against the daily limits: `zan.dailyTally.<userId>` (issue 18). */
  dailyTally: 'zan.dailyTally',
  /** Prefix of the cards the other devices answered today, as last fetched: `zan.otherTally.<userId>` (issue 18). */
  otherTally: 'zan.otherTally',
  /** Prefix of 'Keep my modules on this device' ('on' / 'off', absent = on): `zan.keepModules.<userId>` (issue 18). */
  keepModules: 'zan.keepModules',
} as const;

export const stageTitle = (stage: number): string => `UG-${stage}`;

/** The largest value of a PostgreSQL `integer` (int4) column, e.g. a progress record's interval in seconds. */
export const INT32_MAX = 2_147_483_647;

/** Longest stored upload file name (characters); longer names keep their extension. */
export const FILE_NAME_MAX = 200;

// eslint-disable-next-line no-control-regex -- control characters are what it removes
const UNSAFE_IN_NAME = /[\u0000-\u001f\u007f/\\]/g;

/**
 * An uploaded file's name as stored: no control characters (NUL included) or path separators, spaces
 * folded, at most FILE_NAME_MAX characters with the extension kept; 'image' when nothing is left.
 */
export function cleanFileName(name: string): string {
  const clean = name.replace(UNSAFE_IN_NAME, ' ').replace(/\s+/g, ' ').trim();
  const chars = [...clean];
  if (chars.length === 0) return 'image';
  if (chars.length <= FILE_NAME_MAX) return clean;
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : '';
  return chars.slice(0, FILE_NAME_MAX - [...ext].length).join('') + ext;
}
