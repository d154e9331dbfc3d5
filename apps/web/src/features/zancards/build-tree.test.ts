import type { QueueProgress } from '@zan/core';
import { describe, expect, it } from 'vitest';
import { buildDeckTree, type TreeInput, type TreeNode, UNCATEGORIZED_TITLE } from './build-tree.ts';

const now = new Date('2025-03-01T12:00:00Z');
const past = new Date(now.getTime() - 60_000);
const future = new Date(now.getTime() + 86_400_000);

const titles = (nodes: TreeNode[]) => nodes.map((n) => n.title);
const find = (nodes: TreeNode[], key: string): TreeNode | undefined => {
  for (const n of nodes) {
    if (n.key === key) return n;
    const hit = find(n.children, key);
    if (hit) return hit;
  }
  return undefined;
};

function input(over: Partial<TreeInput> = {}): TreeInput {
  return {
    modules: [
      { id: 'm1', name: 'Anatomy', stage: 1, isGlobal: false },
      { id: 'm3', name: 'Cardiology', stage: 3, isGlobal: false },
      { id: 'mg', name: 'Ethics', stage: 1, isGlobal: true },
    ],
    subjects: [
      { id: 's1', name: 'Bones', moduleId: 'm1' },
      { id: 's3', name: 'Heart', moduleId: 'm3' },
      { id: 'sg', name: 'Consent', moduleId: 'mg' },
      { id: 'orphan-s', name: 'Lost subject', moduleId: 'gone' },
    ],
    topics: [
      { id: 't1', name: 'Skull', subjectId: 's1' },
      { id: 't3', name: 'Valves', subjectId: 's3' },
      { id: 'tg', name: 'Capacity', subjectId: 'sg' },
      { id: 'orphan-t', name: 'Lost topic', subjectId: 'orphan-s' },
    ],
    decks: [
      { id: 'd1', name: 'Skull bones', topicId: 't1' },
      { id: 'd1b', name: 'Foramina', topicId: 't1' },
      { id: 'd3', name: 'Valve sounds', topicId: 't3' },
      { id: 'dg', name: 'Capacity basics', topicId: 'tg' },
      { id: 'dx', name: 'No topic deck', topicId: 'missing' },
      { id: 'dy', name: 'No module deck', topicId: 'orphan-t' },
    ],
    cards: {
      ids: ['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8'],
      deckIds: ['d1', 'd1', 'd1', 'd1', 'd1b', 'd3', 'dx', 'dy'],
    },
    progress: new Map<string, QueueProgress>([
      ['c1', { isSuspended: false, dueDate: past }], // due
      ['c2', { isSuspended: false, dueDate: future }], // reviewed, not due
      ['c3', { isSuspended: true, dueDate: past }], // suspended wins over due
      ['c6', { isSuspended: false, dueDate: now }], // due at exactly now
    ]),
    ...over,
  };
}

describe('buildDeckTree', () => {
  it('orders stages like the dashboard: Global first, UG-{stage} descending, Uncategorized last', () => {
    const tree = buildDeckTree(input(), now);
    expect(titles(tree)).toEqual(['Global', 'UG-3', 'UG-1', UNCATEGORIZED_TITLE]);
  });

  it('builds stage > module > subject > topic > deck, decks sorted by name', () => {
    const tree = buildDeckTree(input(), now);
    const ug1 = tree[2] as TreeNode;
    expect(ug1.key).toBe('stage:1');
    const mod = ug1.children[0] as TreeNode;
    expect([mod.kind, mod.title]).toEqual(['module', 'Anatomy']);
    const subject = mod.children[0] as TreeNode;
    expect([subject.kind, subject.title]).toEqual(['subject', 'Bones']);
    const topic = subject.children[0] as TreeNode;
    expect([topic.kind, topic.title]).toEqual(['topic', 'Skull']);
    expect(titles(topic.children)).toEqual(['Foramina', 'Skull bones']);
    expect(topic.children[1]).toMatchObject({ kind: 'deck', deckId: 'd1', subjectId: 's1' });
  });

  it('puts decks without a local hierarchy under Uncategorized (subject known when the topic is)', () => {
    const unc = buildDeckTree(input(), now).at(-1) as TreeNode;
    expect(titles(unc.children)).toEqual(['No module deck', 'No topic deck']);
    expect(unc.children[0]).toMatchObject({ subjectId: 'orphan-s' });
    expect(unc.children[1]).toMatchObject({ subjectId: null });
  });

  it('counts new, due and suspended per deck and rolls them up to every parent', () => {
    const tree = buildDeckTree(input(), now);
    expect(find(tree, 'deck:d1')?.counts).toEqual({ newCount: 1, dueCount: 1, suspendedCount: 1, total: 4 });
    expect(find(tree, 'deck:d1b')?.counts).toEqual({ newCount: 1, dueCount: 0, suspendedCount: 0, total: 1 });
    expect(find(tree, 'topic:t1')?.counts).toEqual({ newCount: 2, dueCount: 1, suspendedCount: 1, total: 5 });
    expect(find(tree, 'stage:1')?.counts).toEqual({ newCount: 2, dueCount: 1, suspendedCount: 1, total: 5 });
    expect(find(tree, 'stage:3')?.counts).toEqual({ newCount: 0, dueCount: 1, suspendedCount: 0, total: 1 });
    expect(find(tree, 'deck:dg')?.counts).toEqual({ newCount: 0, dueCount: 0, suspendedCount: 0, total: 0 });
    expect(find(tree, 'stage:uncategorized')?.counts.total).toBe(2);
  });

  it('shows modules without a stage under Other, and nothing at all without decks', () => {
    const tree = buildDeckTree(
      input({ modules: [{ id: 'm1', name: 'Anatomy', stage: null, isGlobal: false }] }),
      now,
    );
    expect(titles(tree)).toEqual(['Other', UNCATEGORIZED_TITLE]);
    expect(buildDeckTree(input({ decks: [] }), now)).toEqual([]);
  });

  it('builds the tree for 20,000 cards in one pass (timing printed, not asserted)', () => {
    const modules = [],
      subjects = [],
      topics = [],
      decks = [];
    const ids: string[] = [],
      deckIds: string[] = [];
    const progress = new Map<string, QueueProgress>();
    for (let m = 0; m < 10; m++) {
      modules.push({ id: `m${m}`, name: `Module ${m}`, stage: (m % 5) + 1, isGlobal: m === 0 });
      for (let s = 0; s < 5; s++) {
        subjects.push({ id: `s${m}-${s}`, name: `Subject ${s}`, moduleId: `m${m}` });
        for (let t = 0; t < 4; t++) {
          topics.push({ id: `t${m}-${s}-${t}`, name: `Topic ${t}`, subjectId: `s${m}-${s}` });
          for (let d = 0; d < 2; d++)
            decks.push({ id: `d${m}-${s}-${t}-${d}`, name: `Deck ${d}`, topicId: `t${m}-${s}-${t}` });
        }
      }
    }
    for (let i = 0; i < 20_000; i++) {
      const deck = decks[i % decks.length] as { id: string };
      ids.push(`c${i}`);
      deckIds.push(deck.id);
      if (i % 3 === 0) progress.set(`c${i}`, { isSuspended: i % 7 === 0, dueDate: i % 2 ? past : future });
    }
    const data = { modules, subjects, topics, decks, cards: { ids, deckIds }, progress };
    let tree: TreeNode[] = [];
    const times: string[] = [];
    for (let run = 0; run < 3; run++) {
      const started = performance.now();
      tree = buildDeckTree(data, now);
      times.push((performance.now() - started).toFixed(1));
    }
    console.log(
      `deck tree: 20,000 cards, ${decks.length} decks, ${progress.size} progress rows: ${times.join(' / ')} ms (cold / warm / warm)`,
    );
    const total = tree.reduce((n, s) => n + s.counts.total, 0);
    const counted = tree.reduce(
      (n, s) => n + s.counts.newCount + s.counts.dueCount + s.counts.suspendedCount,
      0,
    );
    expect(total).toBe(20_000);
    expect(counted).toBeLessThanOrEqual(20_000);
  });
});
