// Previous Tests and Performance as rows (issue 19), pure: each block's date, mode, size, score and
// whether it can be resumed; each subject and topic's figures with names, weakest first; the weakest
// topics a new test starts from.
import { performanceOf, scoreBlock, type BlockScore, type PerformanceRow, type QbankBlock } from '@zan/core';
import type { Bank } from './hooks/use-bank.ts';

export type BlockRow = {
  id: string;
  startedAt: number;
  mode: QbankBlock['mode'];
  questions: number;
  ended: boolean;
  score: BlockScore;
};

/** A block's score needs each question's key; a question no longer on the device has none. */
export function blockRows(bank: Bank): BlockRow[] {
  const keys = bank.keys;
  return bank.blocks.map((b) => ({
    id: b.id,
    startedAt: b.startedAt,
    mode: b.mode,
    questions: b.questions.length,
    ended: b.endedAt !== null,
    score: scoreBlock(b, (id) => keys.get(id)),
  }));
}

export type NamedRow = PerformanceRow & { name: string; parent?: string };

export function performanceRows(bank: Bank): { subjects: NamedRow[]; topics: NamedRow[] } {
  const names = new Map([...bank.subjects, ...bank.topics].map((x) => [x.id, x.name]));
  const topicSubject = new Map(bank.topics.map((t) => [t.id, t.subjectId]));
  const p = performanceOf(bank.questions, bank.history);
  return {
    subjects: p.subjects.map((r) => ({ ...r, name: names.get(r.id) ?? 'Unknown subject' })),
    topics: p.topics.map((r) => ({
      ...r,
      name: names.get(r.id) ?? 'Unknown topic',
      parent: names.get(topicSubject.get(r.id) ?? ''),
    })),
  };
}

/** Up to `n` weakest topics the student has answered in (lowest % correct first). */
export function weakestTopics(topics: readonly NamedRow[], n = 3): string[] {
  return topics
    .filter((t) => t.percent !== null)
    .slice(0, n)
    .map((t) => t.id);
}

export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const two = (x: number) => String(x).padStart(2, '0');
  return h ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}
