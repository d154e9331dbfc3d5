// The question bank's pure shapes (issue 19): the student's questions as core BankQuestions, the last
// outcome an MCQ progress row tells, and the builder's tree of modules → subjects → topics with how many
// questions each has in the chosen pools and whether it is ticked (all, some or none of its topics).
import {
  inPool,
  SRS,
  type BankQuestion,
  type QbankPool,
  type QuestionDto,
  type QuestionHistory,
} from '@zan/core';

const OPTION_FIELDS = ['option1', 'option2', 'option3', 'option4', 'option5'] as const;

/** Options 1..n filled without a gap (an option after an empty one is not offered). */
export function optionCountOf(q: Pick<QuestionDto, (typeof OPTION_FIELDS)[number]>): number {
  let n = 0;
  while (n < OPTION_FIELDS.length && q[OPTION_FIELDS[n]!]?.trim()) n++;
  return n;
}

/**
 * The latest outcome an MCQ progress row records, or null when it records none. `recordAnswer` (both
 * players) schedules a wrong answer as 'again' — always SRS.again.interval (60 s) — and a right one as
 * 'good' — the first 1,200 s, later at least 1.3 × the interval before (≥ 78 s): so the interval says
 * which it was. A row with no due date was never answered (only suspended).
 */
export function lastCorrectOf(row: { type: string; interval: number; dueDate: Date | null }): boolean | null {
  if (row.type !== 'mcq' || row.dueDate == null) return null;
  return row.interval !== SRS.again.interval;
}

type Named = { id: string; name: string };
export type BankSource = {
  modules: Named[];
  subjects: (Named & { moduleId: string })[];
  topics: (Named & { subjectId: string })[];
  questions: BankQuestion[];
};

export type Tick = 'all' | 'some' | 'none';
export type TopicNode = { id: string; name: string; total: number; pool: number; tick: Tick };
export type SubjectNode = TopicNode & { topics: TopicNode[] };
export type ModuleNode = TopicNode & { subjects: SubjectNode[] };

const tickOf = (children: readonly { tick: Tick }[]): Tick =>
  children.length > 0 && children.every((c) => c.tick === 'all')
    ? 'all'
    : children.some((c) => c.tick !== 'none')
      ? 'some'
      : 'none';

const byName = (a: Named, b: Named) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/** The builder's tree: only branches with questions, each with its total and its count in the pools. */
export function bankTree(
  source: BankSource,
  history: ReadonlyMap<string, QuestionHistory>,
  pools: readonly QbankPool[],
  selected: ReadonlySet<string>,
): ModuleNode[] {
  const counts = new Map<string, { total: number; pool: number }>();
  for (const q of source.questions) {
    const c = counts.get(q.topicId) ?? { total: 0, pool: 0 };
    c.total++;
    if (pools.some((p) => inPool(history.get(q.id), p))) c.pool++;
    counts.set(q.topicId, c);
  }
  const sum = (xs: readonly { total: number; pool: number }[]) => ({
    total: xs.reduce((s, x) => s + x.total, 0),
    pool: xs.reduce((s, x) => s + x.pool, 0),
  });
  const topicsOf = new Map<string, TopicNode[]>();
  for (const t of [...source.topics].sort(byName)) {
    const c = counts.get(t.id);
    if (!c) continue;
    const list = topicsOf.get(t.subjectId) ?? [];
    list.push({ id: t.id, name: t.name, ...c, tick: selected.has(t.id) ? 'all' : 'none' });
    topicsOf.set(t.subjectId, list);
  }
  const subjectsOf = new Map<string, SubjectNode[]>();
  for (const s of [...source.subjects].sort(byName)) {
    const topics = topicsOf.get(s.id);
    if (!topics) continue;
    const list = subjectsOf.get(s.moduleId) ?? [];
    list.push({ id: s.id, name: s.name, ...sum(topics), tick: tickOf(topics), topics });
    subjectsOf.set(s.moduleId, list);
  }
  return [...source.modules].sort(byName).flatMap((m) => {
    const subjects = subjectsOf.get(m.id);
    return subjects ? [{ id: m.id, name: m.name, ...sum(subjects), tick: tickOf(subjects), subjects }] : [];
  });
}

/** The topic ids under a module or subject node (or the topic itself). */
function topicIdsOf(node: TopicNode | SubjectNode | ModuleNode): string[] {
  if ('subjects' in node) return node.subjects.flatMap(topicIdsOf);
  if ('topics' in node) return node.topics.map((t) => t.id);
  return [node.id];
}

/** Ticking a node ticks every topic under it; unticking a ticked (or partly ticked) node clears them. */
export function toggleNode(
  selected: ReadonlySet<string>,
  node: TopicNode | SubjectNode | ModuleNode,
): Set<string> {
  const ids = topicIdsOf(node);
  const next = new Set(selected);
  if (node.tick === 'none') for (const id of ids) next.add(id);
  else for (const id of ids) next.delete(id);
  return next;
}
