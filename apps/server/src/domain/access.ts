// Access checks, written once (immich's requireAccess): `requireAccess` loads the target, answers 404
// when it is missing, then lets can(actor, action, target) decide (403); `allow` is the check alone.
// Services call these; no service writes the load / 404 / can() / 403 sequence by hand.
import { can, MSG, type Action, type ActionTargets, type Actor } from '@zan/core';
import { forbidden } from '../errors.ts';

/** Throws 403 with `message` unless `allowed` (the result of a can() call). */
export function allow(allowed: boolean, message: string = MSG.outOfScope): void {
  if (!allowed) throw forbidden(message);
}

export type AccessCheck<A extends Action, T> = {
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

/** The loaded row when it exists and the actor may `action` it; else 404 (`notFound`) or 403. */
export async function requireAccess<A extends Action, T>(
  actor: Actor,
  action: A,
  access: AccessCheck<A, T>,
): Promise<T> {
  const row = await access.load();
  if (row === null || row === undefined) throw access.notFound();
  access.check?.(row);
  if (!can(actor, action, access.target(row))) {
    if (access.hidden) throw access.notFound();
    const message = typeof access.forbidden === 'function' ? access.forbidden(row) : access.forbidden;
    allow(false, message);
  }
  return row;
}
