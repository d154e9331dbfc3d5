// One side of a card: the admin's HTML, sanitised on render (a cloze card's side after its deletions
// are rendered, keeping their class; issue 20).
import { useMemo } from 'react';
import { cx } from '../cx.ts';
import './cloze.css';
import { RICH_TEXT, sanitizeHtml } from './sanitize-html.ts';

export function CardFace({
  html,
  className,
  label,
  cloze = false,
}: {
  html: string;
  className?: string;
  label: string;
  cloze?: boolean;
}) {
  const safe = useMemo(() => sanitizeHtml(html, { cloze }), [html, cloze]);
  return (
    <div
      aria-label={label}
      role="region"
      className={cx(RICH_TEXT, 'text-lg text-fg sm:text-xl', className)}
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
