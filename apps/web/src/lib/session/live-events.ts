// Live events from GET /api/events (Server-Sent Events, same-origin cookie): the profile changed,
// the session was replaced on another device, content or an image changed, a job of the user's changed
// (issue 32). Reconnects with backoff.
import type { LiveEvent } from '@zan/core';

export type LiveHandlers = Partial<Record<LiveEvent, (data: string) => void>> & {
  /** The stream was closed by the server (e.g. 401): the session may have ended. */
  onClosed?: () => void;
};

const MAX_BACKOFF_MS = 30_000;

/**
 * Extra listeners beside the session's own handlers (the sync engine follows 'content', 'progress' and
 * 'resync': sent by a server that missed events, and emitted here when the stream reopens).
 */
const subscribers = new Map<string, Set<(data: string) => void>>();
const STREAM_EVENTS = [
  'profile',
  'session-replaced',
  'content',
  'image',
  'progress',
  'resync',
  'job',
] as const;
/** Whether the signed-in stream is open now (a job's progress then comes as events; polling slows). */
let streamOpen = false;
export const liveStreamOpen = (): boolean => streamOpen;
const emit = (name: string, data: string) => {
  for (const fn of subscribers.get(name) ?? []) fn(data);
};

/** Listen to a live event of the signed-in stream (opened by AuthProvider); returns the unsubscribe. */
export function onLiveEvent(name: (typeof STREAM_EVENTS)[number], fn: (data: string) => void): () => void {
  const set = subscribers.get(name) ?? new Set();
  subscribers.set(name, set);
  set.add(fn);
  return () => set.delete(fn);
}

export function openLiveEvents(handlers: LiveHandlers, url = '/api/events'): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  let source: EventSource | null = null;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let backoff = 2_000;
  let opened = false;

  const connect = () => {
    if (stopped) return;
    const es = new EventSource(url, { withCredentials: true });
    source = es;
    es.onopen = () => {
      streamOpen = true;
      backoff = 2_000;
      // Reopened: events sent while the stream was down are gone, so the sync catches up.
      if (opened) emit('resync', '{}');
      opened = true;
    };
    for (const name of STREAM_EVENTS) {
      es.addEventListener(name, (ev) => {
        const data = (ev as MessageEvent<string>).data ?? '';
        if (name !== 'progress' && name !== 'resync' && name !== 'job') handlers[name]?.(data);
        emit(name, data);
      });
    }
    es.onerror = () => {
      streamOpen = false;
      // The browser retries by itself unless the response was an error status (readyState CLOSED).
      if (es.readyState !== EventSource.CLOSED || stopped) return;
      handlers.onClosed?.();
      retry = setTimeout(connect, backoff);
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
    };
  };
  connect();
  return () => {
    stopped = true;
    streamOpen = false;
    clearTimeout(retry);
    source?.close();
  };
}
