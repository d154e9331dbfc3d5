// Which scopes the images tab offers: an admin exactly their own college and year group, a superadmin
// every year group of every college plus its global content, a student none.
import { describe, expect, it } from 'vitest';
import type { Actor, College } from '@zan/core';
import { imageScopes } from './scopes.ts';

const colleges: College[] = [
  { id: 'c1', name: 'North', years: ['Y2', 'Y1'] },
  { id: 'c2', name: 'South', years: ['Y1'] },
];
const actor = (role: Actor['role'], scope: Partial<Actor> = {}): Actor => ({
  id: 'u',
  role,
  emailVerified: true,
  collegeId: null,
  yearGroup: null,
  adminCollegeId: null,
  adminYearGroup: null,
  ...scope,
});

describe('imageScopes', () => {
  it('gives an admin only their own scope', () => {
    const a = actor('admin', { adminCollegeId: 'c1', adminYearGroup: 'Y2' });
    expect(imageScopes(a, colleges)).toEqual([{ collegeId: 'c1', collegeName: 'North', yearGroup: 'Y2' }]);
  });
  it('gives a superadmin every year group and global, sorted', () => {
    const scopes = imageScopes(actor('superadmin'), colleges).map((s) => `${s.collegeId}/${s.yearGroup}`);
    expect(scopes).toEqual(['c1/Y1', 'c1/Y2', 'c1/global', 'c2/Y1', 'c2/global']);
  });
  it('gives a student nothing', () => {
    expect(imageScopes(actor('user', { collegeId: 'c1', yearGroup: 'Y1' }), colleges)).toEqual([]);
  });
});
