// Access checks, written once (immich's requireAccess): `requireAccess` loads the target, answers 404
// when it is missing, then lets can(actor, action, target) decide (403); `allow` is the check alone.
// A topic's child rows — decks, quizzes, pages, cards, questions, cloze notes, import records — are
// resolved to their topic here, a whole set of ids in one query (access-repository.ts):
// `requireAccess(actor, 'resource.edit', { card: ids }, { db: tx, lock: true })`.
// Services call these; no service writes the load / 404 / can() / 403 sequence by hand.
import { can, contentTarget, MSG, type Action, type ActionTargets, type Actor } from '@zan/core';
import type { DbOrTx } from '../db/client.ts';
import { forbidden, notFound } from '../errors.ts';
import { accessRepository as repo, type Resolved } from './access-repository.ts';

/** Throws 403 with `message` unless `allowed` (the result of a can() call). */
export function allow(allowed: boolean, message: string = MSG.outOfScope): void {
  if (!allowed) throw forbidden(message);
}

type AccessCheck<A extends Action, T> = {
  /** The row, or null / undefined when it is missing (or the caller may not see it). */
  load: () => Promise<T | null | undefined>;
  /** The 404 a missing row answers, with the resource's own message. */
  notFound: () => Error;
  /** Rules between the load and the permission: a row in the wrong state throws its own 4xx here. */
  check?: (row: T) => void;
  /** What can() judges. */
  target: (row: T) => ActionTargets[A];
  /** The 403's message (default MSG.outOfScope), or a function of the row. */
  forbidden?: string | ((row: T) => string);
  /** A refusal answers the same 404 as a missing row: the caller does not learn that it exists. */
  hidden?: boolean;
};

/**
 * The action judged: one, or — when it depends on the row (a role change is judged from the loaded
 * role) — a function of it, null when the request changes nothing (the row is returned unjudged).
 */
type ActionOf<A extends Action, T> = A | ((row: T) => A | null);

/** The row in hand (already loaded, e.g. from memory) when it exists and the actor may `action` it. */
export function checkAccess<A extends Action, T>(
  actor: Actor,
  action: ActionOf<A, T>,
  row: T | null | undefined,
  access: Omit<AccessCheck<A, T>, 'load'>,
): T {
  if (row === null || row === undefined) throw access.notFound();
  access.check?.(row);
  const judged = typeof action === 'function' ? action(row) : action;
  if (judged !== null && !can(actor, judged, access.target(row))) {
    if (access.hidden) throw access.notFound();
    const message = typeof access.forbidden === 'function' ? access.forbidden(row) : access.forbidden;
    allow(false, message);
  }
  return row;
}

// ---- a topic's child rows ----

/** What each kind of child resolves to: its row(s) and the topic it belongs to. */
type ChildRows = {
  deck: Awaited<ReturnType<typeof repo.decks>>[number];
  quiz: Awaited<ReturnType<typeof repo.quizzes>>[number];
  page: Awaited<ReturnType<typeof repo.pages>>[number];
  /** A card with its deck. */
  card: Awaited<ReturnType<typeof repo.cards>>[number];
  /** A question with its quiz. */
  question: Awaited<ReturnType<typeof repo.questions>>[number];
  /** A cloze note (issue 20): the deck its cards are in. */
  note: Awaited<ReturnType<typeof repo.notes>>[number];
  /** A bulk or Anki import's record (issue 21). */
  import: Awaited<ReturnType<typeof repo.imports>>[number];
};
type ChildKind = keyof ChildRows;

/** The actions judged on a child row's topic. */
type TopicAction = 'resource.edit' | 'resource.view';

const itemNotFound = () => notFound('Item not found.', 'ITEM_NOT_FOUND');
const deckNotFound = () => notFound(MSG.deckNotFound, 'DECK_NOT_FOUND');
const quizNotFound = () => notFound(MSG.quizNotFound, 'QUIZ_NOT_FOUND');
/** One 404 whether the row is missing or hidden. */
const either = (answer: () => Error) => ({ missing: answer, hidden: answer });

/**
 * Each kind: its query, the 404 when an id matches no row (`missing`) and when the caller does not see
 * the row's topic (`hidden`; a card or question answers as its deck or quiz would, as the editors
 * always have). `lock` takes the rows writes on the child serialise on (access-repository.ts).
 */
const KINDS: {
  [K in ChildKind]: {
    rows: (db: DbOrTx, actor: Actor, ids: readonly string[], lock: boolean) => Promise<ChildRows[K][]>;
    missing: () => Error;
    hidden: () => Error;
  };
} = {
  deck: { rows: repo.decks, ...either(deckNotFound) },
  quiz: { rows: repo.quizzes, ...either(quizNotFound) },
  page: { rows: repo.pages, ...either(() => notFound(MSG.contentNotFound, 'CONTENT_NOT_FOUND')) },
  card: { rows: repo.cards, missing: itemNotFound, hidden: deckNotFound },
  question: { rows: repo.questions, missing: itemNotFound, hidden: quizNotFound },
  note: { rows: repo.notes, ...either(() => notFound(MSG.clozeNoteNotFound, 'NOTE_NOT_FOUND')) },
  import: { rows: repo.imports, ...either(() => notFound(MSG.importNotFound, 'IMPORT_NOT_FOUND')) },
};

type ChildOptions = {
  db: DbOrTx;
  /** Lock the rows writes on the child serialise on (FOR UPDATE): the deck of a deck, card or note, … */
  lock?: boolean;
};

/** The rows of `ids` (in that order, each once) with their topics, or the kind's 404, or 403. */
async function resolveChildren<K extends ChildKind>(
  actor: Actor,
  action: TopicAction,
  kind: K,
  ids: readonly string[],
  opts: ChildOptions,
): Promise<ChildRows[K][]> {
  const k = KINDS[kind];
  const wanted = [...new Set(ids)];
  const found = new Map<string, ChildRows[K]>();
  for (const row of await k.rows(opts.db, actor, wanted, opts.lock ?? false))
    if (!found.has(row.key)) found.set(row.key, row);
  const rows = wanted.map((id) => found.get(id));
  if (rows.some((r) => !r)) throw k.missing();
  const present = rows as (ChildRows[K] & Resolved)[];
  if (present.some((r) => !r.visible)) throw k.hidden();
  if (present.some((r) => !can(actor, action, contentTarget(r.topic)))) allow(false);
  return present;
}

/**
 * The loaded row when it exists and the actor may `action` it; else 404 (`notFound`) or 403.
 *
 * Or a topic's child — `{ deck: id }`, `{ card: ids }`, `{ quiz }`, `{ question }`, `{ page }`,
 * `{ note }`, `{ import }` — resolved to its topic in one query: the row(s) with their topic (an array
 * for an array of ids), or the kind's 404 when one is missing or its topic not visible to the caller,
 * or 403 when can(actor, action, topic) refuses one.
 */
export function requireAccess<A extends Action, T>(
  actor: Actor,
  action: ActionOf<A, T>,
  access: AccessCheck<A, T>,
): Promise<T>;
export function requireAccess<K extends ChildKind>(
  actor: Actor,
  action: TopicAction,
  child: Record<K, string>,
  opts: ChildOptions,
): Promise<ChildRows[K]>;
export function requireAccess<K extends ChildKind>(
  actor: Actor,
  action: TopicAction,
  child: Record<K, readonly string[]>,
  opts: ChildOptions,
): Promise<ChildRows[K][]>;
export async function requireAccess(
  actor: Actor,
  action: ActionOf<Action, unknown>,
  access: AccessCheck<Action, unknown> | Partial<Record<ChildKind, string | readonly string[]>>,
  opts?: ChildOptions,
): Promise<unknown> {
  if (!opts) {
    const check = access as AccessCheck<Action, unknown>;
    return checkAccess(actor, action, await check.load(), check);
  }
  const [entry, ...more] = Object.entries(access) as [ChildKind, string | readonly string[]][];
  if (!entry || more.length) throw new Error('requireAccess: name exactly one child kind');
  const [kind, ids] = entry;
  const rows = await resolveChildren(
    actor,
    action as TopicAction,
    kind,
    typeof ids === 'string' ? [ids] : ids,
    opts,
  );
  return typeof ids === 'string' ? rows[0] : rows;
}
