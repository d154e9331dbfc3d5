// What a change of a block does beyond the block itself (issue 19), pure: the answers it hands to the
// MCQ progress (tutor: a question just checked; timed: every answered question when the block ends) and
// the study time per subject (each question's time, one study session per block and subject).
import type { QbankBlock } from '@zan/core';

export type Answer = { questionId: string; subjectId: string; option: number; correct: boolean };

/** The answers `next` reveals that `prev` did not (a block seen for the first time: prev null). */
export function answersToRecord(
  prev: QbankBlock | null,
  next: QbankBlock,
  keyOf: (questionId: string) => number | undefined,
): Answer[] {
  const answer = (q: QbankBlock['questions'][number]): Answer[] => {
    const key = keyOf(q.questionId);
    if (q.answer === null || key === undefined) return [];
    return [
      { questionId: q.questionId, subjectId: q.subjectId, option: q.answer, correct: q.answer === key },
    ];
  };
  if (next.mode === 'timed') {
    const justEnded = next.endedAt !== null && (prev === null || prev.endedAt === null);
    return justEnded ? next.questions.flatMap(answer) : [];
  }
  return next.questions.flatMap((q, i) => (q.checked && !prev?.questions[i]?.checked ? answer(q) : []));
}

/** Whole seconds spent on the block's questions, per subject. */
export function secondsBySubject(b: QbankBlock): Map<string, number> {
  const ms = new Map<string, number>();
  for (const q of b.questions) ms.set(q.subjectId, (ms.get(q.subjectId) ?? 0) + q.timeMs);
  return new Map([...ms].map(([s, v]) => [s, Math.floor(v / 1000)]));
}

/** FNV-1a (32-bit) of a string from a seed. */
function fnv(text: string, seed: number): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * The study session of one block and subject: the same id on every save and after a reload (so the
 * session grows instead of repeating), shaped as a version-4 UUID the server accepts.
 */
export function blockSessionId(blockId: string, subjectId: string): string {
  const text = `${blockId}|${subjectId}`;
  const hex = [0x811c9dc5, 0x01000193, 0x9e3779b9, 0x85ebca6b]
    .map((seed) => fnv(text, seed).toString(16).padStart(8, '0'))
    .join('');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
