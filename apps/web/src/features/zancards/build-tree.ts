// The deck browser's tree (SPEC §2 Deck browser): stage > module > subject > topic > deck with NEW / DUE /
// SUSPENDED counts, rolled up to every parent. One pass over the cards (grouped per deck, then core
// deckCounts), so 20,000 cards stay fast. Stage groups as on the dashboard: Global first, UG-{stage}
// descending, 'Other' for modules without a stage, then 'Uncategorized' for decks without a hierarchy.
import { deckCounts, stageTitle, type QueueProgress } from '@zan/core';

type TreeModule = { id: string; name: string; stage: number | null; isGlobal: boolean };
type TreeSubject = { id: string; name: string; moduleId: string };
type TreeTopic = { id: string; name: string; subjectId: string };
type TreeDeck = { id: string; name: string; topicId: string };
/** Card ids and their deck ids, parallel arrays (read from the cards' deckId index). */
type CardIndex = { ids: readonly string[]; deckIds: readonly string[] };

export type TreeInput = {
  modules: readonly TreeModule[];
  subjects: readonly TreeSubject[];
  topics: readonly TreeTopic[];
  decks: readonly TreeDeck[];
  cards: CardIndex;
  /** Flashcard progress by card id. */
  progress: ReadonlyMap<string, QueueProgress>;
};

export type Counts = { newCount: number; dueCount: number; suspendedCount: number; total: number };
export type NodeKind = 'stage' | 'module' | 'subject' | 'topic' | 'deck';
export type TreeNode = {
  /** Unique and stable across reloads (kept in the open state). */
  key: string;
  kind: NodeKind;
  title: string;
  counts: Counts;
  children: TreeNode[];
  /** Decks only: where it is studied (null when its subject is unknown locally). */
  subjectId?: string | null;
  deckId?: string;
};

const GLOBAL_TITLE = 'Global';
const OTHER_TITLE = 'Other';
export const UNCATEGORIZED_TITLE = 'Uncategorized';

const zero = (): Counts => ({ newCount: 0, dueCount: 0, suspendedCount: 0, total: 0 });
const byTitle = (a: TreeNode, b: TreeNode) =>
  a.title.localeCompare(b.title, undefined, { numeric: true, sensitivity: 'base' });

function addInto(target: Counts, c: Counts): void {
  target.newCount += c.newCount;
  target.dueCount += c.dueCount;
  target.suspendedCount += c.suspendedCount;
  target.total += c.total;
}

/** Sorts children by title and sums their counts into the node (leaves keep their own). */
function finish(node: TreeNode): TreeNode {
  if (node.kind === 'deck') return node;
  node.children.forEach(finish);
  node.children.sort(byTitle);
  node.counts = zero();
  for (const c of node.children) addInto(node.counts, c.counts);
  return node;
}

function cardsPerDeck(cards: CardIndex): Map<string, { id: string }[]> {
  const out = new Map<string, { id: string }[]>();
  for (let i = 0; i < cards.ids.length; i++) {
    const deckId = cards.deckIds[i] as string;
    let list = out.get(deckId);
    if (!list) out.set(deckId, (list = []));
    list.push({ id: cards.ids[i] as string });
  }
  return out;
}

const hasStage = (m: TreeModule): m is TreeModule & { stage: number } =>
  typeof m.stage === 'number' && Number.isFinite(m.stage) && m.stage >= 1;

function stageOf(m: TreeModule): { key: string; title: string; order: number } {
  if (m.isGlobal) return { key: 'stage:global', title: GLOBAL_TITLE, order: Number.NEGATIVE_INFINITY };
  if (hasStage(m)) return { key: `stage:${m.stage}`, title: stageTitle(m.stage), order: -m.stage };
  return { key: 'stage:other', title: OTHER_TITLE, order: Number.MAX_SAFE_INTEGER };
}

export function buildDeckTree(input: TreeInput, now: Date): TreeNode[] {
  const perDeck = cardsPerDeck(input.cards);
  const modules = new Map(input.modules.map((m) => [m.id, m]));
  const subjects = new Map(input.subjects.map((s) => [s.id, s]));
  const topics = new Map(input.topics.map((t) => [t.id, t]));

  const stages = new Map<string, { node: TreeNode; order: number }>();
  const nodes = new Map<string, TreeNode>();
  const uncategorized: TreeNode = {
    key: 'stage:uncategorized',
    kind: 'stage',
    title: UNCATEGORIZED_TITLE,
    counts: zero(),
    children: [],
  };

  /** The node with this key, created under `parent` on first use. */
  const child = (parent: TreeNode, key: string, kind: NodeKind, title: string): TreeNode => {
    let n = nodes.get(key);
    if (!n) {
      n = { key, kind, title, counts: zero(), children: [] };
      nodes.set(key, n);
      parent.children.push(n);
    }
    return n;
  };

  for (const d of input.decks) {
    const cards = perDeck.get(d.id) ?? [];
    const counts = { ...deckCounts(cards, input.progress, now), total: cards.length };
    const topic = topics.get(d.topicId);
    const subject = topic ? subjects.get(topic.subjectId) : undefined;
    const mod = subject ? modules.get(subject.moduleId) : undefined;
    const leaf: TreeNode = {
      key: `deck:${d.id}`,
      kind: 'deck',
      title: d.name,
      counts,
      children: [],
      deckId: d.id,
      subjectId: topic?.subjectId ?? null,
    };
    if (!topic || !subject || !mod) {
      uncategorized.children.push(leaf);
      continue;
    }
    const s = stageOf(mod);
    let stage = stages.get(s.key);
    if (!stage) {
      stage = {
        node: { key: s.key, kind: 'stage', title: s.title, counts: zero(), children: [] },
        order: s.order,
      };
      stages.set(s.key, stage);
    }
    const m = child(stage.node, `module:${mod.id}`, 'module', mod.name);
    const sub = child(m, `subject:${subject.id}`, 'subject', subject.name);
    child(sub, `topic:${topic.id}`, 'topic', topic.name).children.push(leaf);
  }

  const roots = [...stages.values()].sort((a, b) => a.order - b.order).map((s) => s.node);
  if (uncategorized.children.length) roots.push(uncategorized);
  return roots.map(finish);
}
