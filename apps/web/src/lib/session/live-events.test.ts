// The live event stream: a reopened stream (after the browser's own reconnect) tells the sync to
// resync, since events sent while it was closed are gone (issue 9 case 11).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onLiveEvent, openLiveEvents } from './live-events.ts';

class FakeEventSource extends EventTarget {
  static CLOSED = 2;
  static last: FakeEventSource | null = null;
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    super();
    FakeEventSource.last = this;
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('live events', () => {
  it('a stream that opens again emits resync to the subscribers; the first open does not', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const resync = vi.fn();
    const off = onLiveEvent('resync', resync);
    const stop = openLiveEvents({});
    const es = FakeEventSource.last!;
    es.onopen?.();
    expect(resync).not.toHaveBeenCalled();
    es.onerror?.(); // the browser reconnects by itself (readyState not CLOSED)
    es.onopen?.();
    expect(resync).toHaveBeenCalledTimes(1);
    es.dispatchEvent(new MessageEvent('resync', { data: '{}' }));
    expect(resync).toHaveBeenCalledTimes(2);
    stop();
    off();
  });
});
