// Test doubles for the web units: a scripted fetch (JSON routes), a controllable EventSource and an idle
// sync engine as the UI sees it.
import type { UserProfile } from '@zan/core';
import { vi } from 'vitest';
import type { SyncApiForUi } from '../../sync/use-sync.ts';

type Answer = { status: number; body?: unknown } | 'network';
/** A scripted answer; a promise holds the response back until the test resolves it. */
export type Route = (init: RequestInit | undefined, url: string) => Answer | Promise<Answer>;

/** Installs fetch answering `METHOD /path` from `routes`; unknown routes answer 404. Returns the spy. */
export function mockFetch(routes: Record<string, Route>) {
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const key = `${init?.method ?? 'GET'} ${url}`;
    const route = routes[key];
    const answer = route
      ? await route(init, url)
      : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } };
    if (answer === 'network') throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', spy);
  return spy;
}

export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = 1;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, Array<(e: MessageEvent<string>) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(name: string, fn: (e: MessageEvent<string>) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
  }
  close() {
    this.readyState = 2;
  }
  emit(name: string, data: string) {
    for (const fn of this.listeners.get(name) ?? []) fn(new MessageEvent(name, { data }));
  }
  static latest(): FakeEventSource | undefined {
    return FakeEventSource.instances.filter((i) => i.readyState !== 2).at(-1);
  }
}

export function profile(over: Partial<UserProfile> = {}): UserProfile {
  return {
    uid: 'u-' + Math.random().toString(36).slice(2),
    email: 'ada@example.test',
    emailVerified: true,
    firstName: 'Ada',
    lastName: 'Lovelace',
    displayName: 'Ada Lovelace',
    collegeId: 'c1',
    collegeName: 'Kasr Al Ainy',
    yearGroup: 'Third Year, 2025-2026',
    role: 'user',
    adminCollegeId: null,
    adminCollegeName: null,
    adminYearGroup: null,
    activeSessionId: null,
    ...over,
  };
}

/** The sync engine as the UI sees it, idle: every call succeeds at once; `scheduleProgressUpload` is a spy. */
export function fakeSyncApi(): SyncApiForUi {
  const done = async () => 'success' as const;
  return {
    status: 'idle',
    message: null,
    lastSyncedAt: null,
    syncNow: done,
    fullSync: done,
    flushProgress: async () => 0,
    syncTopic: async () => 'synced' as never,
    ensureSubjectTopics: async () => 'synced' as never,
    refreshStaleTopics: async () => 'synced' as never,
    scheduleProgressUpload: vi.fn(),
  };
}
