// A lecture page, read-only: the admin's HTML sanitised on render, headings indexed for 'On This Page'.
import { cx } from '../../../ui/index.ts';
import { RICH_TEXT } from '../content/sanitize-html.ts';

export function LectureView({ title, html }: { title: string; html: string }) {
  return (
    <article className="mx-auto w-full max-w-3xl rounded-2xl border border-line bg-surface p-6 shadow-sm sm:p-10">
      <h2 className="mb-6 text-2xl font-bold tracking-tight text-fg sm:text-3xl">{title}</h2>
      <div className={cx(RICH_TEXT, 'text-base text-fg [&_h1]:scroll-mt-4 [&_h2]:scroll-mt-4 [&_h3]:scroll-mt-4')} dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
