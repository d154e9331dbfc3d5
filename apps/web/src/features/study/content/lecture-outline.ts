// A lecture page's headings, indexed for 'On This Page' (SPEC §2): sanitised HTML in, the same HTML
// with an id on each h1–h4, plus the list of headings. Parsed in an inert <template>.
import { sanitizeHtml } from '../../../ui/study/sanitize-html.ts';

export type LectureHeading = { id: string; text: string; level: number };

export function outlineLecture(
  html: string,
  idPrefix = 'lecture-h',
): { html: string; headings: LectureHeading[] } {
  const template = document.createElement('template');
  template.innerHTML = sanitizeHtml(html);
  const headings: LectureHeading[] = [];
  template.content.querySelectorAll('h1, h2, h3, h4').forEach((el, i) => {
    const id = `${idPrefix}-${i + 1}`;
    el.setAttribute('id', id);
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (text) headings.push({ id, text, level: Number(el.tagName.slice(1)) });
  });
  return { html: template.innerHTML, headings };
}
