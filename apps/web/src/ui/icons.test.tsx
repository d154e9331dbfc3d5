// The icon module's one contract: a drawing per name, sized by the caller's classes, hidden from
// assistive technology unless labelled, with its own stroke width unless the caller sets another.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CheckIcon, FlagIcon, SearchIcon } from './icons.tsx';
import { ZanMark } from './logo.tsx';

describe('icons', () => {
  it('draws a line icon decorative, on its grid, in the caller’s classes', () => {
    expect(renderToStaticMarkup(<SearchIcon className="size-4 text-muted" />)).toBe(
      '<svg viewBox="0 0 20 20" class="size-4 text-muted" fill="none" stroke="currentColor" stroke-width="2" aria-hidden="true">' +
        '<circle cx="9" cy="9" r="6"></circle><path d="M14 14l4 4" stroke-linecap="round"></path></svg>',
    );
  });

  it('names a labelled icon as an image instead of hiding it', () => {
    const html = renderToStaticMarkup(<CheckIcon className="size-4" label="Done" />);
    expect(html).toMatch(/^<svg [^>]*role="img" aria-label="Done">/);
    expect(html).not.toContain('aria-hidden');
  });

  it('takes the caller’s stroke width, and a solid drawing has no stroke', () => {
    expect(renderToStaticMarkup(<CheckIcon strokeWidth={2.4} />)).toContain('stroke-width="2.4"');
    expect(renderToStaticMarkup(<FlagIcon className="size-3" />)).toBe(
      '<svg viewBox="0 0 20 20" class="size-3" fill="currentColor" aria-hidden="true">' +
        '<path d="M4 2.75a.75.75 0 011.5 0V3h9.1a.6.6 0 01.48.96L12.6 7.5l2.48 3.54a.6.6 0 01-.48.96H5.5v5.25a.75.75 0 01-1.5 0V2.75z"></path></svg>',
    );
  });

  it('the Zan mark goes through the same svg: titled, it is an image', () => {
    expect(renderToStaticMarkup(<ZanMark title="Zan" />)).toMatch(
      /^<svg viewBox="0 0 32 32" class="size-8 shrink-0" role="img" aria-label="Zan">/,
    );
  });
});
