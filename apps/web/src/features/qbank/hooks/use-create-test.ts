// The 'Create Test' form (issue 19): chosen topics, pools, number, mode, seconds per question and
// shuffle; the tree and the live pool size follow them; Start builds the block (core buildBlock over the
// chosen topics' questions) and stores it. Pre-filled topics come from 'Create a test from my weakest topics'.
import { buildBlock, poolOf, QBANK, type QbankMode, type QbankPool } from '@zan/core';
import { useMemo, useState } from 'react';
import { saveNewBlock } from '../local/qbank-writes.ts';
import { bankTree, toggleNode, type ModuleNode, type SubjectNode, type TopicNode } from '../bank.ts';
import type { Bank } from './use-bank.ts';

export type Prefill = { topics: string[]; pools?: QbankPool[] };

const DEFAULT_COUNT = 20;

/** The typed number of questions as the builder uses it: 1–100, or null when not a number. */
function parseCount(text: string): number | null {
  const n = Number(text);
  if (!text.trim() || !Number.isInteger(n)) return null;
  return Math.max(1, Math.min(QBANK.maxQuestions, n));
}

function parseSeconds(text: string): number | null {
  const n = Number(text);
  if (!text.trim() || !Number.isInteger(n)) return null;
  return Math.max(QBANK.minSecondsPerQuestion, Math.min(QBANK.maxSecondsPerQuestion, n));
}

export function useCreateTest(userId: string, bank: Bank, prefill: Prefill | null) {
  const [selected, setSelected] = useState<Set<string>>(() => new Set(prefill?.topics ?? []));
  const [pools, setPools] = useState<QbankPool[]>(() => prefill?.pools ?? ['unused']);
  const [count, setCount] = useState(String(DEFAULT_COUNT));
  const [mode, setMode] = useState<QbankMode>('tutor');
  const [seconds, setSeconds] = useState(String(QBANK.defaultSecondsPerQuestion));
  const [shuffle, setShuffle] = useState(true);

  const tree = useMemo(() => bankTree(bank, bank.history, pools, selected), [bank, pools, selected]);
  const chosen = useMemo(() => bank.questions.filter((q) => selected.has(q.topicId)), [bank, selected]);
  const poolSize = useMemo(() => poolOf(chosen, bank.history, pools).length, [chosen, bank, pools]);

  return {
    tree,
    selected,
    toggle: (node: ModuleNode | SubjectNode | TopicNode) => setSelected((s) => toggleNode(s, node)),
    pools,
    togglePool: (p: QbankPool) => setPools((ps) => (ps.includes(p) ? ps.filter((x) => x !== p) : [...ps, p])),
    count,
    setCount,
    countValue: parseCount(count),
    mode,
    setMode,
    seconds,
    setSeconds,
    secondsValue: parseSeconds(seconds),
    shuffle,
    setShuffle,
    poolSize,
    /** Builds and stores the block; null when the pool is empty (nothing starts). */
    start: async (): Promise<string | null> => {
      const block = buildBlock({
        id: crypto.randomUUID(),
        questions: chosen,
        history: bank.history,
        pools,
        count: parseCount(count) ?? DEFAULT_COUNT,
        mode,
        secondsPerQuestion: parseSeconds(seconds) ?? QBANK.defaultSecondsPerQuestion,
        shuffleOptions: shuffle,
        now: Date.now(),
        random: Math.random,
      });
      if (!block) return null;
      await saveNewBlock(userId, block);
      return block.id;
    },
  };
}
