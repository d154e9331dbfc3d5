// The visible-set fingerprint: what decides which content a caller sees besides the rows themselves
// (role, scope, granted modules). A client whose fingerprint differs gets `reset` (a full sync).
import crypto from 'node:crypto';
import type { Actor } from '@zan/core';

const hash = (parts: unknown[]) =>
  crypto.createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 32);

export function contentVisibleSet(actor: Actor, grantedModuleIds: readonly string[]): string {
  if (actor.role === 'superadmin') return `v1.${hash(['superadmin'])}`;
  if (actor.role === 'admin') return `v1.${hash(['admin', actor.adminCollegeId, actor.adminYearGroup])}`;
  return `v1.${hash(['user', actor.collegeId, actor.yearGroup, [...grantedModuleIds].sort()])}`;
}

export function announcementVisibleSet(actor: Actor): string {
  if (actor.role === 'superadmin') return `v1.${hash(['superadmin'])}`;
  if (actor.role === 'admin') return `v1.${hash(['admin', actor.adminCollegeId, actor.adminYearGroup])}`;
  return `v1.${hash(['user', actor.collegeId, actor.yearGroup])}`;
}
