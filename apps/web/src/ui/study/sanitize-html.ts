// Admin-authored HTML (card faces, lecture pages) is sanitised again on render (ARCHITECTURE §8) with
// the same allow-list the server applies on save (@zan/core html-policy: HTML only, no style/form/iframe,
// only the recall class, links in a new tab with rel="noopener noreferrer"). A private DOMPurify instance.
import {
  CLOZE_CLASS,
  finishSanitizedElement,
  finishSanitizedElementKeeping,
  htmlSanitizeConfig,
} from '@zan/core';
import DOMPurify from 'dompurify';

type Purifier = ReturnType<typeof DOMPurify>;
let purifier: Purifier | null = null;
let clozePurifier: Purifier | null = null;

function instance(): Purifier {
  if (purifier) return purifier;
  const p = DOMPurify(window);
  p.addHook('afterSanitizeAttributes', finishSanitizedElement);
  purifier = p;
  return p;
}

/** A cloze card's face is sanitised after its deletions are rendered: their class stays (issue 20). */
function clozeInstance(): Purifier {
  if (clozePurifier) return clozePurifier;
  const p = DOMPurify(window);
  p.addHook('afterSanitizeAttributes', finishSanitizedElementKeeping([CLOZE_CLASS]));
  clozePurifier = p;
  return p;
}

const CONFIG = htmlSanitizeConfig();
/** Inside a control (an answer option is a radio button): links lose their tag, their text stays. */
const IN_CONTROL = { ...htmlSanitizeConfig(), FORBID_TAGS: ['a'] };

export function sanitizeHtml(html: string, opts: { inControl?: boolean; cloze?: boolean } = {}): string {
  return (opts.cloze ? clozeInstance() : instance()).sanitize(html, opts.inControl ? IN_CONTROL : CONFIG);
}

/** Rich-text styling for sanitised HTML (lists, headings, images, tables) with theme tokens. */
export const RICH_TEXT = [
  'break-words leading-relaxed',
  '[&_p]:my-2 [&_p:first-child]:mt-0 [&_p:last-child]:mb-0',
  '[&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-0.5',
  '[&_h1]:mb-3 [&_h1]:mt-6 [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:mb-2 [&_h2]:mt-5 [&_h2]:text-xl [&_h2]:font-bold',
  '[&_h3]:mb-2 [&_h3]:mt-4 [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:mt-3 [&_h4]:font-semibold',
  '[&_strong]:font-semibold [&_b]:font-semibold [&_em]:italic [&_a]:text-primary [&_a]:underline',
  '[&_img]:mx-auto [&_img]:my-3 [&_img]:h-auto [&_img]:max-h-80 [&_img]:max-w-full [&_img]:rounded-lg',
  '[&_table]:my-3 [&_table]:w-full [&_table]:border-collapse [&_td]:border [&_td]:border-line [&_td]:px-2 [&_td]:py-1',
  '[&_th]:border [&_th]:border-line [&_th]:bg-surface-2 [&_th]:px-2 [&_th]:py-1 [&_th]:text-left',
  '[&_blockquote]:my-3 [&_blockquote]:border-l-4 [&_blockquote]:border-primary/40 [&_blockquote]:pl-3 [&_blockquote]:text-muted',
  '[&_code]:rounded [&_code]:bg-surface-2 [&_code]:px-1 [&_hr]:my-4 [&_hr]:border-line',
].join(' ');
