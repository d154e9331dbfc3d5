// One side of a card: the admin's HTML, sanitised on render.
import { useMemo } from 'react';
import { cx } from '../cx.ts';
import { RICH_TEXT, sanitizeHtml } from './sanitize-html.ts';

export function CardFace({ html, className, label }: { html: string; className?: string; label: string }) {
  const safe = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <div
      aria-label={label}
      role="region"
      className={cx(RICH_TEXT, 'text-lg text-fg sm:text-xl', className)}
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
