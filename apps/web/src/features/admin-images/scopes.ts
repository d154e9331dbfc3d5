// The college and year-group scopes whose images the actor may manage: every college's year groups
// (and its global content) that core can(actor, 'resource.edit', …) allows — an admin gets their own.
import { can, GLOBAL_YEAR_GROUP, type Actor, type College } from '@zan/core';

export type ImageScopeOption = { collegeId: string; collegeName: string; yearGroup: string };

export function imageScopes(actor: Actor | null, colleges: readonly College[]): ImageScopeOption[] {
  const out: ImageScopeOption[] = [];
  for (const c of colleges) {
    for (const yearGroup of [...[...c.years].sort((a, b) => a.localeCompare(b)), GLOBAL_YEAR_GROUP]) {
      const target = { collegeId: c.id, yearGroup, isGlobal: yearGroup === GLOBAL_YEAR_GROUP };
      if (can(actor, 'resource.edit', target)) out.push({ collegeId: c.id, collegeName: c.name, yearGroup });
    }
  }
  return out;
}

export const yearLabel = (yearGroup: string) =>
  yearGroup === GLOBAL_YEAR_GROUP ? 'Global content' : yearGroup;
