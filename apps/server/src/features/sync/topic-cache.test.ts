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
    expect(c.get('a', 1)).toBeDefined(); // a is now the most recent, b the least
    c.set('e', 1, 'v'.repeat(10)); // 110 > 100: b goes
    expect(c.get('b', 1)).toBeUndefined();
    expect(['a', 'c', 'd', 'e'].every((id) => c.get(id, 1) !== undefined)).toBe(true);
    expect(c.size()).toEqual({ entries: 4, chars: 85 });
    c.set('f', 1, 'u'.repeat(26)); // over a quarter of the bound: not kept
    expect(c.get('f', 1)).toBeUndefined();
  });
});
