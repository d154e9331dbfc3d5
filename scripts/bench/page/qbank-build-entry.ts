// Bundled for the qbank-build benchmark (esbuild, IIFE): the web app's REAL question-bank read
// (features/qbank/local/qbank-queries.ts loadBank over Dexie on the page's IndexedDB), the builder's
// derivations (core questionHistory, the tree, the pool) and 'Start Test' (core buildBlock + saveBlock),
// exposed as window.zanQbankBench. Timings are taken in the page (performance.now()).
import { buildBlock, poolOf, questionHistory, type QbankBlock, type QuestionDto } from '@zan/core';
import { closeUserDb, getUserDb } from '../../../apps/web/src/local/db.ts';
import { progressId } from '../../../apps/web/src/local/progress.ts';
import { bankTree } from '../../../apps/web/src/features/qbank/bank.ts';
import { loadBank } from '../../../apps/web/src/features/qbank/local/qbank-queries.ts';
import { saveNewBlock } from '../../../apps/web/src/features/qbank/local/qbank-writes.ts';
import { createElement, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { BlockPlayer } from '../../../apps/web/src/features/qbank/components/block-player.tsx';
import { useBlockSession } from '../../../apps/web/src/features/qbank/hooks/use-block-session.ts';
import { createRng } from '../lib/rng.ts';

const rng = (seed: number) => createRng(seed).next;

export type BuildRun = {
  questions: number;
  readMs: number;
  /** History, tree and live pool size: what the builder computes as the student ticks. */
  deriveMs: number;
  /** 'Start Test': buildBlock over the chosen questions and the block stored with its op. */
  startMs: number;
  /** buildBlock alone. */
  buildMs: number;
  pool: number;
  blockSize: number;
  /** The block 'Start Test' stored. */
  blockId: string;
};

/** One move to the next question in the player, timed from the keydown (performance.now(), ms). */
export type NextFrame = {
  /** The keydown reaching the page → the DOM showing the next question (handler, state, React commit). */
  commitMs: number;
  /** The keydown's timestamp → that frame done: what the student waits, including the wait for the frame. */
  presentedMs: number;
  heading: string;
};

export type ZanQbankPlayer = {
  /** Renders the real block player (useBlockSession + BlockPlayer) on a block; resolves once it shows. */
  open(name: string, blockId: string): Promise<string>;
  /** Arms the timing of the next keydown; `next()` resolves with it once its frame is done. */
  arm(): void;
  next(): Promise<NextFrame>;
};

export type ZanQbankBench = {
  seed(questions: number, name: string): Promise<void>;
  run(name: string): Promise<BuildRun>;
  close(): void;
};

const MODULES = 4;
const SUBJECTS = 20;
const TOPICS = 200;
const PER_QUIZ = 20;
const stamp = { collegeId: 'bench-college', yearGroup: 'bench-year', createdAt: 0, updatedAt: 0 };

const bench: ZanQbankBench = {
  async seed(questions, name) {
    const db = getUserDb(name);
    const r = rng(19);
    const at = Date.UTC(2026, 2, 1, 9);
    const quizzes = Math.ceil(questions / PER_QUIZ);
    await db.transaction(
      'rw',
      [db.modules, db.subjects, db.topics, db.mcqQuizzes, db.mcqQuestions],
      async () => {
        await db.modules.bulkPut(
          Array.from({ length: MODULES }, (_, i) => ({
            id: `m${i}`,
            name: `Module ${i}`,
            stage: 1,
            isFree: true,
            isGlobal: false,
            extraInfo: null,
            isArchived: false,
            ...stamp,
          })),
        );
        await db.subjects.bulkPut(
          Array.from({ length: SUBJECTS }, (_, i) => ({
            id: `s${i}`,
            name: `Subject ${i}`,
            moduleId: `m${i % MODULES}`,
            isGlobal: false,
            isArchived: false,
            ...stamp,
          })),
        );
        await db.topics.bulkPut(
          Array.from({ length: TOPICS }, (_, i) => ({
            id: `t${i}`,
            name: `Topic ${i}`,
            nameLowercase: `topic ${i}`,
            subjectId: `s${i % SUBJECTS}`,
            moduleId: `m${(i % SUBJECTS) % MODULES}`,
            isGlobal: false,
            isArchived: false,
            contentVersion: 1,
            lastSynced: at,
            serverContentVersion: 1,
            ...stamp,
          })),
        );
        await db.mcqQuizzes.bulkPut(
          Array.from({ length: quizzes }, (_, i) => ({
            id: `z${i}`,
            name: `Quiz ${i}`,
            topicId: `t${i % TOPICS}`,
            questionCount: PER_QUIZ,
            ...stamp,
          })),
        );
        const text =
          'A 45-year-old presents with chest pain radiating to the left arm, sweating and nausea. '.repeat(3);
        const rows: QuestionDto[] = Array.from({ length: questions }, (_, i) => ({
          id: `q${i}`,
          question: `${i}. ${text}`,
          option1: 'Acute myocardial infarction',
          option2: 'Pulmonary embolism',
          option3: 'Aortic dissection',
          option4: i % 3 ? 'Pericarditis' : null,
          option5: i % 3 ? 'Oesophageal spasm' : null,
          correctOption: 1 + (i % 3),
          explanation: text,
          quizId: `z${Math.floor(i / PER_QUIZ)}`,
          ...stamp,
        }));
        await db.mcqQuestions.bulkPut(rows);
      },
    );
    // A quarter answered (a third of those wrong: 60 s), and 20 earlier blocks of 40.
    await db.userProgress.bulkPut(
      Array.from({ length: questions / 4 }, (_, k) => {
        const i = k * 4;
        const wrong = r() < 1 / 3;
        return {
          id: progressId(name, `q${i}`),
          userId: name,
          itemId: `q${i}`,
          questionId: `q${i}`,
          subjectId: `s${i % SUBJECTS}`,
          type: 'mcq' as const,
          easeFactor: 2.5,
          interval: wrong ? 60 : 1200,
          dueDate: new Date(at),
          isSuspended: false,
          reviewedAt: new Date(at),
        };
      }),
    );
    const blocks: QbankBlock[] = Array.from({ length: 20 }, (_, b) => ({
      id: crypto.randomUUID(),
      mode: 'timed',
      secondsPerQuestion: 90,
      startedAt: at + b,
      endedAt: at + b + 1000,
      current: 0,
      shownAt: null,
      questions: Array.from({ length: 40 }, (_, k) => {
        const i = (b * 40 + k) * 7 + 1;
        return {
          questionId: `q${i}`,
          subjectId: 's0',
          topicId: 't0',
          order: [1, 2, 3],
          answer: k % 2 ? 1 : null,
          checked: false,
          flagged: k % 5 === 0,
          struck: [],
          timeMs: 1000,
        };
      }),
      updatedAt: at + b + 1000,
    }));
    await db.qbankBlocks.bulkPut(blocks);
  },

  async run(name) {
    const t0 = performance.now();
    const bank = await loadBank(name);
    const t1 = performance.now();
    const history = questionHistory(bank.blocks, bank.lastCorrect);
    // Every topic ticked, Unused + Incorrect: the largest pool the builder can show.
    const selected = new Set(bank.topics.map((t) => t.id));
    const pools = ['unused', 'incorrect'] as const;
    bankTree(bank, history, pools, selected);
    const chosen = bank.questions.filter((q) => selected.has(q.topicId));
    const pool = poolOf(chosen, history, pools).length;
    const t2 = performance.now();
    const block = buildBlock({
      id: crypto.randomUUID(),
      questions: chosen,
      history,
      pools,
      count: 100,
      mode: 'timed',
      secondsPerQuestion: 90,
      shuffleOptions: true,
      now: Date.now(),
      random: Math.random,
    });
    const t3 = performance.now();
    if (!block) throw new Error('empty pool');
    await saveNewBlock(name, block);
    const t4 = performance.now();
    return {
      questions: bank.questions.length,
      readMs: t1 - t0,
      deriveMs: t2 - t1,
      buildMs: t3 - t2,
      startMs: t4 - t2,
      pool,
      blockSize: block.questions.length,
      blockId: block.id,
    };
  },

  close() {
    closeUserDb();
  },
};

(globalThis as unknown as { zanQbankBench: ZanQbankBench }).zanQbankBench = bench;

const headingText = () => document.querySelector('h1')?.textContent ?? '';
let root: Root | null = null;
let pending: Promise<NextFrame> | null = null;

const saveFailed = (e: unknown) => console.error('the block could not be saved', e);

function Player({ name, blockId }: { name: string; blockId: string }): ReactNode {
  const { content, player } = useBlockSession(name, blockId, saveFailed);
  if (!content || !player.block) return createElement('p', null, 'Opening the test…');
  return createElement(BlockPlayer, { block: player.block, content, player });
}

const player: ZanQbankPlayer = {
  async open(name, blockId) {
    const host = document.createElement('main');
    document.body.append(host);
    root?.unmount();
    root = createRoot(host);
    root.render(createElement(Player, { name, blockId }));
    const t0 = performance.now();
    while (!/^Question \d+ of /.test(headingText())) {
      if (performance.now() - t0 > 30_000) throw new Error('the player did not open');
      await new Promise((r) => setTimeout(r, 10));
    }
    return headingText();
  },
  arm() {
    // The player's keys act wherever the focus is but in fields; nothing focused is the plain case.
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    const before = headingText();
    pending = new Promise<NextFrame>((resolve) => {
      // A window capture listener runs before the player's own (a bubbling window listener).
      window.addEventListener(
        'keydown',
        (e) => {
          const t0 = performance.now();
          const observer = new MutationObserver(() => {
            if (headingText() === before) return;
            observer.disconnect();
            const t1 = performance.now();
            requestAnimationFrame(() => {
              const channel = new MessageChannel();
              channel.port1.onmessage = () => {
                const t3 = performance.now();
                resolve({
                  commitMs: t1 - t0,
                  presentedMs: t3 - e.timeStamp,
                  heading: headingText(),
                });
              };
              channel.port2.postMessage(null);
            });
          });
          observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        },
        { capture: true, once: true },
      );
    });
  },
  next() {
    if (!pending) throw new Error('arm() first');
    const at = headingText();
    return Promise.race([
      pending,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`no next question in 10 s (still '${at}')`)), 10_000),
      ),
    ]);
  },
};
(globalThis as unknown as { zanQbankPlayer: ZanQbankPlayer }).zanQbankPlayer = player;
