// One field of an MCQ question (stem, option or explanation) as the student sees it (issue 19): plain
// text exactly as before (its own element, line breaks kept, `<` and `&` shown as typed), or the rich
// editor's HTML sanitised on render like a card face (core isQuestionHtml tells them apart).
import { isQuestionHtml } from '@zan/core';
import { useMemo } from 'react';
import { cx } from '../cx.ts';
import { RICH_TEXT, sanitizeHtml } from './sanitize-html.ts';

type Props = {
  value: string;
  /** Classes of the element either way (size, weight, colour). */
  className?: string;
  /** The plain-text element ('p' for a stem or an explanation, 'span' inside an option). */
  as?: 'p' | 'span';
  /** Rendered inside a control (an option's radio button): no links. */
  inControl?: boolean;
};

export function QuestionText({ value, className, as: Tag = 'p', inControl = false }: Props) {
  const html = isQuestionHtml(value);
  const safe = useMemo(() => (html ? sanitizeHtml(value, { inControl }) : ''), [html, value, inControl]);
  // As before issue 19: a stem or an explanation kept its line breaks, an option was a bare text.
  if (!html) return <Tag className={cx(Tag === 'p' && 'whitespace-pre-line', className)}>{value}</Tag>;
  const Box = Tag === 'span' ? 'span' : 'div';
  return (
    <Box
      data-rich=""
      className={cx(RICH_TEXT, Box === 'span' && 'block', className)}
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
