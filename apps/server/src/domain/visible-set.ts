// The visible-set fingerprint: what decides which content a caller sees besides the rows themselves
// (core's scopeOf: everything, or the admin's or the student's scope, plus a student's granted
// modules). A client whose fingerprint differs gets `reset` (a full sync).
import crypto from 'node:crypto';
import { scopeOf, type Actor } from '@zan/core';

const hash = (parts: unknown[]) =>
  crypto.createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 32);

/** Grants count for students only (their granted paid modules); the sync service reads them then. */
export const grantsInVisibleSet = (actor: Actor): boolean => scopeOf(actor).kind === 'student';

export function contentVisibleSet(actor: Actor, grantedModuleIds: readonly string[]): string {
  const s = scopeOf(actor);
  if (s.kind === 'all') return `v1.${hash(['superadmin'])}`;
  if (s.kind === 'admin') return `v1.${hash(['admin', s.collegeId, s.yearGroup])}`;
  return `v1.${hash(['user', s.collegeId, s.yearGroup, [...grantedModuleIds].sort()])}`;
}

export function announcementVisibleSet(actor: Actor): string {
  const s = scopeOf(actor);
  if (s.kind === 'all') return `v1.${hash(['superadmin'])}`;
  if (s.kind === 'admin') return `v1.${hash(['admin', s.collegeId, s.yearGroup])}`;
  return `v1.${hash(['user', s.collegeId, s.yearGroup])}`;
}
