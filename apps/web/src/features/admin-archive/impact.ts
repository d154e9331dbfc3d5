// What a permanent delete removes, as a sentence for its confirmation ('1 subject, 4 topics, 2 decks
// with 80 cards …'), from the server's subtree counts.
import type { SubtreeCounts } from '@zan/core';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function impactText(c: SubtreeCounts): string {
  const parts: string[] = [];
  if (c.modules) parts.push(plural(c.modules, 'module'));
  if (c.subjects) parts.push(plural(c.subjects, 'subject'));
  if (c.topics) parts.push(plural(c.topics, 'topic'));
  if (c.decks) parts.push(`${plural(c.decks, 'flashcard deck')} (${plural(c.cards, 'card')})`);
  if (c.quizzes)
    parts.push(`${plural(c.quizzes, 'MCQ quiz', 'MCQ quizzes')} (${plural(c.questions, 'question')})`);
  if (c.pages) parts.push(plural(c.pages, 'HTML page'));
  if (c.images) parts.push(plural(c.images, 'image'));
  return parts.length ? parts.join(', ') : 'nothing else';
}
