import { describe, expect, it } from 'vitest';
import { topicCache } from './topic-cache.ts';

describe('topic content cache', () => {
  it('serves only the row version it was filled at', () => {
    const c = topicCache(1000);
    c.set('t1', 5, '"a"');
    expect(c.get('t1', 5)).toBe('"a"');
    expect(c.get('t1', 6)).toBeUndefined();
    expect(c.get('t2', 5)).toBeUndefined();
  });

  it('a newer version replaces the older; an older one never replaces a newer', () => {
    const c = topicCache(1000);
    c.set('t1', 5, 'old');
    c.set('t1', 7, 'new');
    c.set('t1', 6, 'between');
    expect(c.get('t1', 7)).toBe('new');
    expect(c.get('t1', 6)).toBeUndefined();
    expect(c.size()).toEqual({ entries: 1, chars: 3 });
  });

  it('evicts the least recently used past its bound and skips entries over a quarter of it', () => {
    const c = topicCache(100);
    c.set('a', 1, 'x'.repeat(25));
    c.set('b', 1, 'y'.repeat(25));
    c.set('c', 1, 'z'.repeat(25));
    c.set('d', 1, 'w'.repeat(25));
    expect(c.get('a', 1)).toBe('x'.repeat(25)); // a is now the most recent, b the least
    c.set('e', 1, 'v'.repeat(10)); // 110 > 100: b goes
    expect(c.get('b', 1)).toBeUndefined();
    expect(['a', 'c', 'd', 'e'].every((id) => c.get(id, 1) !== undefined)).toBe(true);
    expect(c.size()).toEqual({ entries: 4, chars: 85 });
    c.set('f', 1, 'u'.repeat(26)); // over a quarter of the bound: not kept
    expect(c.get('f', 1)).toBeUndefined();
  });
});

describe('compressed responses in the topic cache', () => {
  const bytes = (s: string) => Buffer.from(s);

  it('serves them only for the row version and content clock they were made at', () => {
    const c = topicCache(1000);
    c.setWire('t1', 5, 40, 'br', bytes('zz')); // no JSON held for the row version: not kept
    expect(c.getWire('t1', 5, 40, 'br')).toBeUndefined();
    c.set('t1', 5, '"a"');
    c.setWire('t1', 5, 40, 'br', bytes('br40'));
    c.setWire('t1', 5, 40, 'gzip', bytes('gz40'));
    expect(c.getWire('t1', 5, 40, 'br')?.toString()).toBe('br40');
    expect(c.getWire('t1', 5, 40, 'gzip')?.toString()).toBe('gz40');
    expect(c.getWire('t1', 5, 41, 'br')).toBeUndefined(); // the clock moved
    expect(c.getWire('t1', 6, 40, 'br')).toBeUndefined();
    expect(c.size()).toEqual({ entries: 1, chars: 3 + 8 });
    c.setWire('t1', 5, 41, 'gzip', bytes('gz41')); // a newer clock replaces both encodings
    expect(c.getWire('t1', 5, 40, 'br')).toBeUndefined();
    expect(c.getWire('t1', 5, 41, 'gzip')?.toString()).toBe('gz41');
    c.setWire('t1', 5, 40, 'br', bytes('late')); // a slower request of an older clock: ignored
    expect(c.getWire('t1', 5, 41, 'br')).toBeUndefined();
    expect(c.size()).toEqual({ entries: 1, chars: 3 + 4 });
    c.set('t1', 5, '"a"'); // the same JSON again keeps the bytes
    expect(c.getWire('t1', 5, 41, 'gzip')?.toString()).toBe('gz41');
    c.set('t1', 6, '"b"'); // a new row version drops them
    expect(c.getWire('t1', 6, 41, 'gzip')).toBeUndefined();
    expect(c.size()).toEqual({ entries: 1, chars: 3 });
  });

  it('counts them against the bound', () => {
    const c = topicCache(100);
    c.set('a', 1, 'x'.repeat(20));
    c.set('b', 1, 'y'.repeat(20));
    c.setWire('a', 1, 1, 'br', Buffer.alloc(70)); // 110 > 100: b, the least recently used, goes
    expect(c.get('b', 1)).toBeUndefined();
    expect(c.getWire('a', 1, 1, 'br')).toHaveLength(70);
  });
});
