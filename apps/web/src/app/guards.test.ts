import { describe, expect, it } from 'vitest';
import type { AuthStatus } from '../lib/session/index.ts';
import { guardRedirect } from './guards.ts';

const PATHS = [
  '/',
  '/verify-email',
  '/dashboard',
  '/dashboard/account',
  '/dashboard/users',
  '/install',
  '/admin/topic/1',
  '/nope',
];

// Expected destination per state and path: null = stays (unknown paths then show 404). '/nope' is the
// one path that matches no route.
const TABLE: Record<Exclude<AuthStatus, 'loading'>, Record<string, string | null>> = {
  signedOut: {
    '/': null,
    '/verify-email': '/',
    '/dashboard': '/',
    '/dashboard/account': '/',
    '/dashboard/users': '/',
    '/install': '/',
    '/admin/topic/1': '/',
    '/nope': null,
  },
  unverified: {
    '/': '/verify-email',
    '/verify-email': null,
    '/dashboard': '/verify-email',
    '/dashboard/account': '/verify-email',
    '/dashboard/users': '/verify-email',
    '/install': '/verify-email',
    '/admin/topic/1': '/verify-email',
    '/nope': '/verify-email',
  },
  signedIn: {
    '/': '/dashboard',
    '/verify-email': '/dashboard',
    '/dashboard': null,
    '/dashboard/account': null,
    '/dashboard/users': null,
    '/install': null,
    '/admin/topic/1': null,
    '/nope': null,
  },
};

describe('guardRedirect (SPEC §2 access by sign-in state)', () => {
  for (const [status, row] of Object.entries(TABLE)) {
    for (const path of PATHS) {
      it(`${status} on ${path} → ${row[path] ?? 'stays'}`, () => {
        expect(guardRedirect(status as AuthStatus, path, path === '/nope')).toBe(row[path]);
      });
    }
  }

  it('lets every state open a password-reset link', () => {
    for (const status of ['signedOut', 'unverified', 'signedIn'] as const) {
      expect(guardRedirect(status, '/reset-password')).toBeNull();
    }
  });

  it('decides nothing while the session is loading', () => {
    expect(guardRedirect('loading', '/dashboard')).toBeNull();
  });
});
