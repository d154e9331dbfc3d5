import {
  buildBlock,
  endBlock,
  questionHistory,
  SRS,
  studySessionDtoSchema,
  type QbankBlock,
} from '@zan/core';
import { describe, expect, it } from 'vitest';
import { bankTree, lastCorrectOf, optionCountOf, toggleNode, type BankSource } from './bank.ts';
import { answersToRecord, blockSessionId, secondsBySubject } from './block-effects.ts';
import { blockKeyAction, placeForKey } from './hooks/use-block-keys.ts';
import { bankVisit } from './hooks/use-block-player.ts';
import { bankFromRows, questionShape } from './local/qbank-queries.ts';
import { formatDuration, weakestTopics, type NamedRow } from './summaries.ts';

const due = new Date('2026-03-02T00:00:00Z');

describe('lastCorrectOf (the MCQ progress row tells the latest outcome)', () => {
  it('again (60 s) is wrong, any other interval right, no due date never answered', () => {
    expect(lastCorrectOf({ type: 'mcq', interval: SRS.again.interval, dueDate: due })).toBe(false);
    expect(lastCorrectOf({ type: 'mcq', interval: SRS.first.good, dueDate: due })).toBe(true);
    expect(lastCorrectOf({ type: 'mcq', interval: 78, dueDate: due })).toBe(true);
    expect(lastCorrectOf({ type: 'mcq', interval: 0, dueDate: null })).toBeNull();
    expect(lastCorrectOf({ type: 'flashcard', interval: 60, dueDate: due })).toBeNull();
  });
});

describe('optionCountOf', () => {
  it('counts the options filled from 1 without a gap', () => {
    const q = { option1: 'a', option2: 'b', option3: null, option4: 'd', option5: null };
    expect(optionCountOf(q)).toBe(2);
    expect(optionCountOf({ ...q, option3: 'c' })).toBe(4);
    expect(optionCountOf({ ...q, option2: '  ' })).toBe(1);
  });
});

const source: BankSource = {
  modules: [{ id: 'm1', name: 'Module' }],
  subjects: [
    { id: 's1', name: 'Beta', moduleId: 'm1' },
    { id: 's2', name: 'Alpha', moduleId: 'm1' },
  ],
  topics: [
    { id: 't1', name: 'T1', subjectId: 's1' },
    { id: 't2', name: 'T2', subjectId: 's1' },
    { id: 't3', name: 'T3', subjectId: 's2' },
    { id: 't4', name: 'Empty', subjectId: 's2' },
  ],
  questions: [
    { id: 'q1', subjectId: 's1', topicId: 't1', optionCount: 4 },
    { id: 'q2', subjectId: 's1', topicId: 't1', optionCount: 4 },
    { id: 'q3', subjectId: 's1', topicId: 't2', optionCount: 4 },
    { id: 'q4', subjectId: 's2', topicId: 't3', optionCount: 4 },
  ],
};

describe('bankTree', () => {
  const history = questionHistory([], new Map([['q1', false]]));
  it('counts each branch in the pools (their union), sorts by name and leaves out topics without questions', () => {
    const tree = bankTree(source, history, ['unused'], new Set());
    expect(tree).toHaveLength(1);
    const m = tree[0]!;
    expect(m).toMatchObject({ total: 4, pool: 3, tick: 'none' });
    expect(m.subjects.map((s) => [s.name, s.pool])).toEqual([
      ['Alpha', 1],
      ['Beta', 2],
    ]);
    expect(m.subjects[0]!.topics.map((t) => t.id)).toEqual(['t3']);
    expect(bankTree(source, history, ['unused', 'incorrect'], new Set())[0]!.pool).toBe(4);
  });

  it('ticks all / some / none from the topics chosen; toggling a node ticks or clears its topics', () => {
    let selected = new Set(['t1']);
    let tree = bankTree(source, history, ['all'], selected);
    const beta = tree[0]!.subjects[1]!;
    expect(beta.tick).toBe('some');
    expect(tree[0]!.tick).toBe('some');
    selected = toggleNode(selected, beta); // partly ticked → cleared
    expect([...selected]).toEqual([]);
    selected = toggleNode(selected, bankTree(source, history, ['all'], selected)[0]!.subjects[1]!);
    tree = bankTree(source, history, ['all'], selected);
    expect(tree[0]!.subjects[1]!.tick).toBe('all');
    selected = toggleNode(selected, tree[0]!);
    expect(bankTree(source, history, ['all'], selected)[0]!.tick).toBe('none');
    selected = toggleNode(selected, bankTree(source, history, ['all'], selected)[0]!);
    expect([...selected].sort()).toEqual(['t1', 't2', 't3']);
  });
});

describe('bankFromRows', () => {
  const q = (id: string, quizId: string, extra: object = {}) => ({
    id,
    question: id,
    option1: 'a',
    option2: 'b',
    option3: null,
    option4: null,
    option5: null,
    correctOption: 1,
    explanation: null,
    quizId,
    collegeId: 'c',
    yearGroup: 'y',
    createdAt: 0,
    updatedAt: 0,
    ...extra,
  });
  it('keeps only questions of live topics with two options or more; keys of every question; latest outcomes', () => {
    const data = bankFromRows({
      modules: [
        { id: 'm1', name: '', isArchived: false },
        { id: 'm2', name: 'Old', isArchived: true },
      ],
      subjects: [
        { id: 's1', name: 'S', moduleId: 'm1', isArchived: false },
        { id: 's2', name: 'S2', moduleId: 'm2', isArchived: false },
      ],
      topics: [
        { id: 't1', name: 'T', subjectId: 's1', isArchived: false },
        { id: 't2', name: 'T2', subjectId: 's1', isArchived: true },
        { id: 't3', name: 'T3', subjectId: 's2', isArchived: false },
      ],
      quizzes: [
        { id: 'z1', topicId: 't1' },
        { id: 'z2', topicId: 't2' },
        { id: 'z3', topicId: 't3' },
      ],
      questions: [q('q1', 'z1'), q('q2', 'z1', { option2: '' }), q('q3', 'z2'), q('q4', 'z3')].map(
        questionShape,
      ),
      progress: [
        { itemId: 'q1', type: 'mcq', interval: 60, dueDate: due },
        { itemId: 'q4', type: 'mcq', interval: 1200, dueDate: due },
      ],
      blocks: [],
    });
    expect(data.questions).toEqual([{ id: 'q1', subjectId: 's1', topicId: 't1', optionCount: 2 }]);
    expect(data.modules).toEqual([{ id: 'm1', name: 'Untitled module' }]);
    expect(data.topics.map((t) => t.id)).toEqual(['t1']);
    expect(data.keys.get('q3')).toBe(1);
    expect([...data.lastCorrect]).toEqual([
      ['q1', false],
      ['q4', true],
    ]);
  });
});

function block(mode: 'tutor' | 'timed'): QbankBlock {
  return buildBlock({
    id: '5f0c6a47-27c1-4d4c-9d53-3c6e1b2f9a10',
    questions: [
      { id: 'q1', subjectId: 's1', topicId: 't1', optionCount: 3 },
      { id: 'q2', subjectId: 's2', topicId: 't2', optionCount: 3 },
    ],
    history: new Map(),
    pools: ['all'],
    count: 2,
    mode,
    secondsPerQuestion: 90,
    shuffleOptions: false,
    now: 1000,
    random: () => 0.999, // Fisher–Yates swaps nothing: the questions keep their order
  })!;
}
const keyOf = (id: string) => (id === 'q1' ? 1 : 2);
const answer = (b: QbankBlock, i: number, option: number, checked = false): QbankBlock => ({
  ...b,
  questions: b.questions.map((q, j) => (j === i ? { ...q, answer: option, checked } : q)),
});

describe('answersToRecord', () => {
  it('tutor: the question just checked, once', () => {
    const b = answer(block('tutor'), 0, 1);
    const checked = answer(b, 0, 1, true);
    expect(answersToRecord(b, b, keyOf)).toEqual([]);
    expect(answersToRecord(b, checked, keyOf)).toEqual([
      { questionId: 'q1', subjectId: 's1', option: 1, correct: true },
    ]);
    expect(answersToRecord(checked, checked, keyOf)).toEqual([]);
  });

  it('timed: every answered question when the block ends (nothing before, nothing after)', () => {
    const b = answer(answer(block('timed'), 0, 3), 1, 2);
    expect(answersToRecord(null, b, keyOf)).toEqual([]);
    const ended = endBlock(b, 5000);
    expect(answersToRecord(b, ended, keyOf)).toEqual([
      { questionId: 'q1', subjectId: 's1', option: 3, correct: false },
      { questionId: 'q2', subjectId: 's2', option: 2, correct: true },
    ]);
    expect(answersToRecord(null, ended, keyOf)).toHaveLength(2);
    expect(answersToRecord(ended, ended, keyOf)).toEqual([]);
  });

  it('a question no longer on the device (no key) is not recorded', () => {
    const ended = endBlock(answer(block('timed'), 0, 1), 5000);
    expect(answersToRecord(null, ended, () => undefined)).toEqual([]);
  });
});

describe('study time of a block', () => {
  it('whole seconds per subject; one stable session id per block and subject, a UUID the server accepts', () => {
    const b = {
      ...block('timed'),
      questions: block('timed').questions.map((q, i) => ({ ...q, timeMs: 1500 + i * 1000 })),
    };
    expect([...secondsBySubject(b)]).toEqual([
      ['s1', 1],
      ['s2', 2],
    ]);
    const id = blockSessionId(b.id, 's1');
    expect(blockSessionId(b.id, 's1')).toBe(id);
    expect(blockSessionId(b.id, 's2')).not.toBe(id);
    const session = {
      id,
      date: 1,
      durationInSeconds: 5,
      subjectId: 's1',
      subjectName: 'S',
      moduleId: 'm',
      moduleName: 'M',
    };
    expect(studySessionDtoSchema.safeParse(session).success).toBe(true);
  });

  it('a hidden page banks the time on the current question and restarts its clock', () => {
    const b = block('tutor');
    const banked = bankVisit(b, 4000);
    expect(banked.questions[0]!.timeMs).toBe(3000);
    expect(banked.shownAt).toBe(4000);
    expect(bankVisit(endBlock(b, 2000), 4000)).toEqual(endBlock(b, 2000));
  });
});

describe('block keys', () => {
  it('letters and digits choose; with Shift they strike out; F, Enter, P / N and arrows', () => {
    expect(placeForKey({ key: 'c', code: 'KeyC' })).toBe(3);
    expect(placeForKey({ key: '#', code: 'Digit3' })).toBe(3);
    expect(placeForKey({ key: 'f', code: 'KeyF' })).toBeNull();
    const k = (key: string, code: string, shiftKey = false, inOptions = false) =>
      blockKeyAction({ key, code, shiftKey }, inOptions);
    expect(k('b', 'KeyB')).toEqual({ kind: 'choose', place: 2 });
    expect(k('B', 'KeyB', true)).toEqual({ kind: 'strike', place: 2 });
    expect(k('@', 'Digit2', true)).toEqual({ kind: 'strike', place: 2 });
    expect(k('f', 'KeyF')).toEqual({ kind: 'flag' });
    expect(k('Enter', 'Enter')).toEqual({ kind: 'enter' });
    expect(k('n', 'KeyN')).toEqual({ kind: 'next' });
    expect(k('ArrowLeft', 'ArrowLeft')).toEqual({ kind: 'previous' });
    expect(k('ArrowLeft', 'ArrowLeft', false, true)).toBeNull();
    expect(k('x', 'KeyX')).toBeNull();
  });
});

describe('summaries', () => {
  it('weakest topics: answered ones, in the order given (weakest first)', () => {
    const row = (id: string, percent: number | null): NamedRow => ({
      id,
      name: id,
      questions: 1,
      answered: percent === null ? 0 : 1,
      correct: 0,
      percent,
      unused: 0,
    });
    expect(weakestTopics([row('a', 0), row('b', 50), row('c', 60), row('d', 90), row('e', null)])).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(weakestTopics([row('e', null)])).toEqual([]);
  });

  it('formats durations as m:ss or h:mm:ss', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(990_000)).toBe('16:30');
    expect(formatDuration(3_723_000)).toBe('1:02:03');
  });
});
