// Drafts on this device: per user and item, damaged or foreign entries read as none.
import { afterEach, describe, expect, it } from 'vitest';
import { draftKey, readDraft, removeDraft, stringRecord, writeDraft } from './draft-store.ts';

const parse = stringRecord(['title', 'html'] as const);
afterEach(() => localStorage.clear());

describe('draft store', () => {
  it('keeps a draft per user and per item', () => {
    writeDraft(draftKey('u1', 'page:p1'), { title: 'T', html: '<p>x</p>' }, 1000);
    expect(readDraft(draftKey('u1', 'page:p1'), parse)).toEqual({
      savedAt: 1000,
      data: { title: 'T', html: '<p>x</p>' },
    });
    expect(readDraft(draftKey('u2', 'page:p1'), parse)).toBeNull();
    expect(readDraft(draftKey('u1', 'page:p2'), parse)).toBeNull();
    removeDraft(draftKey('u1', 'page:p1'));
    expect(readDraft(draftKey('u1', 'page:p1'), parse)).toBeNull();
  });

  it('reads a damaged or differently shaped entry as none', () => {
    const key = draftKey('u1', 'page:p1');
    localStorage.setItem(key, '{not json');
    expect(readDraft(key, parse)).toBeNull();
    localStorage.setItem(key, JSON.stringify({ savedAt: 1, data: { title: 'T' } }));
    expect(readDraft(key, parse)).toBeNull();
    localStorage.setItem(key, JSON.stringify({ savedAt: 'yesterday', data: { title: 'T', html: '' } }));
    expect(readDraft(key, parse)).toBeNull();
  });
});
