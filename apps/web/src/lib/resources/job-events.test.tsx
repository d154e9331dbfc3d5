// Issue 32: a screen following a job hears its live events (its kind only; 'resync' as "ask again"), and
// polls slowly while the stream is open, at its own pace when it is not.
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../testing/fakes.ts';
import { openLiveEvents } from '../session/live-events.ts';
import { jobPollDelay, useJobEvents } from './job-events.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  FakeEventSource.instances = [];
});

describe('job events', () => {
  it("calls back for its kind's events and on resync, not for other kinds or when disabled", () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const stop = openLiveEvents({});
    const es = FakeEventSource.latest()!;
    const heard: (string | null)[] = [];
    const { rerender, unmount } = renderHook(
      ({ on }: { on: boolean }) => useJobEvents('optimize', (id) => heard.push(id), on),
      { initialProps: { on: true } },
    );
    es.emit('job', JSON.stringify({ id: 'j1', kind: 'optimize' }));
    es.emit('job', JSON.stringify({ id: 'j2', kind: 'anki-import' }));
    es.emit('job', 'not json');
    es.emit('resync', '{}');
    expect(heard).toEqual(['j1', null]);
    rerender({ on: false });
    es.emit('job', JSON.stringify({ id: 'j3', kind: 'optimize' }));
    expect(heard).toEqual(['j1', null]);
    unmount();
    stop();
  });

  it('polls at its own pace without an open stream, every 5 s with one', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    expect(jobPollDelay(500)).toBe(500);
    const stop = openLiveEvents({});
    FakeEventSource.latest()!.onopen?.();
    expect(jobPollDelay(500)).toBe(5_000);
    FakeEventSource.latest()!.onerror?.();
    expect(jobPollDelay(500)).toBe(500);
    stop();
  });
});
