// Anki note templates (issue 20): a card side rendered from its note type's template and the note's fields
// as Anki renders it, so an imported deck shows what its students saw in Anki. Pure; the server's import
// preview and import use it, and the result still goes through the one HTML allow-list.
import { clozeAnswers, clozeBack, clozeFront, clozeOrdinals } from './cloze.ts';
import { htmlToPlainText } from './plain-text.ts';

type Node =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'field'; readonly key: string; readonly filters: readonly string[] }
  | {
      readonly kind: 'section';
      readonly key: string;
      readonly negated: boolean;
      readonly children: readonly Node[];
    };

/** What a side is rendered from: the note's fields by name, the card's ordinal (0-based, Anki's `ord`). */
export type AnkiRenderContext = {
  readonly fields: Readonly<Record<string, string>>;
  readonly ord: number;
  /** Anki's special fields ({{Tags}}, {{Type}}, {{Deck}}, {{Subdeck}}, {{Card}}), when known. */
  readonly special?: Readonly<Record<string, string>>;
};

/**
 * The template as nodes. `{{#F}}` / `{{^F}}` open a section closed by `{{/F}}`; a section left open
 * closes at the end and a stray close is ignored (Anki refuses both: an imported deck shows what it can).
 * Filters are kept rightmost first, the order they apply in (`{{text:cloze:F}}`: cloze, then text).
 */
function parseAnkiTemplate(template: string): Node[] {
  const root: Node[] = [];
  const stack: { key: string; negated: boolean; children: Node[] }[] = [];
  const top = () => (stack.length ? stack[stack.length - 1]!.children : root);
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('{{', i);
    const close = open < 0 ? -1 : template.indexOf('}}', open + 2);
    if (open < 0 || close < 0) {
      top().push({ kind: 'text', text: template.slice(i) });
      break;
    }
    if (open > i) top().push({ kind: 'text', text: template.slice(i, open) });
    const tag = template.slice(open + 2, close).trim();
    i = close + 2;
    const sigil = tag[0];
    if (sigil === '#' || sigil === '^') {
      stack.push({ key: tag.slice(1).trim(), negated: sigil === '^', children: [] });
    } else if (sigil === '/') {
      const key = tag.slice(1).trim();
      const at = stack.map((s) => s.key).lastIndexOf(key);
      if (at < 0) continue;
      while (stack.length > at) {
        const s = stack.pop()!;
        top().push({ kind: 'section', key: s.key, negated: s.negated, children: s.children });
      }
    } else if (sigil === '!') {
      // a comment
    } else {
      const parts = tag.split(':');
      const key = parts.pop()!.trim();
      top().push({ kind: 'field', key, filters: parts.map((f) => f.trim()).reverse() });
    }
  }
  while (stack.length) {
    const s = stack.pop()!;
    top().push({ kind: 'section', key: s.key, negated: s.negated, children: s.children });
  }
  return root;
}

/** Anki's empty field: nothing but whitespace and empty `<br>` / `<div>` tags (a picture alone is not empty). */
export function ankiFieldIsEmpty(text: string): boolean {
  return /^(?:\s|<\/?(?:br|div) ?\/?>)*$/i.test(text);
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** HTML tags removed, entities kept (the text filter; what is left is still safe as HTML). */
const stripTags = (html: string) => html.replace(/<[^>]*>/g, '');

/** Ruby text `漢字[かんじ]`: the base (kanji, furigana — ruby markup is not on the allow-list) or the reading. */
const RUBY = / ?([^ >[]+?)\[(.+?)\]/g;
const rubyBase = (s: string) => s.replace(RUBY, (_, base: string) => base);
const rubyReading = (s: string) => s.replace(RUBY, (_, _b: string, reading: string) => reading);

/** `[sound:x.mp3]`: Anki plays it; Zan counts such media as skipped and shows nothing. */
const stripSound = (s: string) => s.replace(/\[sound:[^\]]*\]/g, '');

function isClozeKey(key: string): number | null {
  const m = /^c(\d+)$/.exec(key);
  return m ? Number(m[1]) : null;
}

function nonEmpty(key: string, ctx: AnkiRenderContext): boolean {
  const cloze = isClozeKey(key);
  if (cloze !== null && !(key in ctx.fields)) return cloze === ctx.ord + 1;
  const value = ctx.fields[key] ?? ctx.special?.[key];
  return value !== undefined && !ankiFieldIsEmpty(value);
}

function applyFilters(
  text: string,
  filters: readonly string[],
  ctx: AnkiRenderContext,
  side: 'front' | 'back',
): string {
  // {{type:F}} and {{type:cloze:F}}: the typing box is dropped; the back shows the answer instead.
  if (filters[filters.length - 1] === 'type') {
    if (side === 'front') return '';
    const answer =
      filters[0] === 'cloze' && filters.length === 2
        ? clozeAnswers(text, ctx.ord + 1)
            .map((a) => htmlToPlainText(a))
            .join(', ')
        : htmlToPlainText(text);
    return answer === '' ? '' : `<div>${escapeHtml(answer)}</div>`;
  }
  let out = text;
  for (const f of filters) {
    if (f === 'text') out = stripTags(out);
    else if (f === 'cloze')
      out = side === 'front' ? clozeFront(out, ctx.ord + 1) : clozeBack(out, ctx.ord + 1);
    else if (f === 'cloze-only') out = clozeAnswers(out, ctx.ord + 1).join(', ');
    else if (f === 'kanji' || f === 'furigana') out = rubyBase(out);
    else if (f === 'kana') out = rubyReading(out);
    else if (f === 'hint') out = ankiFieldIsEmpty(out) ? '' : out;
    else if (f.startsWith('tts ')) out = '';
    // Any other filter is an add-on's: without it, Anki leaves the text as it is.
  }
  return out;
}

function renderNodes(
  nodes: readonly Node[],
  ctx: AnkiRenderContext,
  side: 'front' | 'back',
  frontSide: string,
): string {
  let html = '';
  for (const n of nodes) {
    if (n.kind === 'text') html += n.text;
    else if (n.kind === 'section') {
      if (nonEmpty(n.key, ctx) !== n.negated) html += renderNodes(n.children, ctx, side, frontSide);
    } else if (n.key === 'FrontSide' && n.filters.length === 0) html += side === 'back' ? frontSide : '';
    else {
      const value = ctx.fields[n.key] ?? ctx.special?.[n.key];
      // An unknown field (Anki shows an error on the card) renders nothing.
      if (value !== undefined) html += applyFilters(value, n.filters, ctx, side);
    }
  }
  return html;
}

/** A card's front (`qfmt`) as Anki renders it; `[sound:…]` references are dropped. */
export function renderAnkiFront(qfmt: string, ctx: AnkiRenderContext): string {
  return stripSound(renderNodes(parseAnkiTemplate(qfmt), ctx, 'front', ''));
}

/** A card's back (`afmt`), `{{FrontSide}}` being the rendered front. */
export function renderAnkiBack(qfmt: string, afmt: string, ctx: AnkiRenderContext): string {
  const front = renderAnkiFront(qfmt, ctx);
  return stripSound(renderNodes(parseAnkiTemplate(afmt), ctx, 'back', front));
}

function mentionsNonEmpty(nodes: readonly Node[], ctx: AnkiRenderContext): boolean {
  for (const n of nodes) {
    if (n.kind === 'field' && n.key in ctx.fields && !ankiFieldIsEmpty(ctx.fields[n.key]!)) return true;
    if (n.kind === 'section' && nonEmpty(n.key, ctx) !== n.negated && mentionsNonEmpty(n.children, ctx))
      return true;
  }
  return false;
}

/**
 * Whether Anki makes the card of a normal note type's template: its front refers to at least one non-empty
 * field outside a section that is off (text of the template itself does not count).
 */
export function ankiCardExists(qfmt: string, fields: Readonly<Record<string, string>>, ord: number): boolean {
  return mentionsNonEmpty(parseAnkiTemplate(qfmt), { fields, ord });
}

/** The fields a template's `{{cloze:F}}` reads (the cloze note type's card numbers come from them). */
export function ankiClozeFields(qfmt: string): string[] {
  const out: string[] = [];
  const walk = (nodes: readonly Node[]) => {
    for (const n of nodes) {
      if (n.kind === 'field' && n.filters.includes('cloze') && !out.includes(n.key)) out.push(n.key);
      if (n.kind === 'section') walk(n.children);
    }
  };
  walk(parseAnkiTemplate(qfmt));
  return out;
}

/** A cloze note's card ordinals (0-based, Anki's `ord`): one per distinct deletion number in its cloze fields. */
export function ankiClozeCardOrds(qfmt: string, fields: Readonly<Record<string, string>>): number[] {
  const nums = new Set<number>();
  for (const f of ankiClozeFields(qfmt)) for (const n of clozeOrdinals(fields[f] ?? '')) nums.add(n);
  return [...nums].sort((a, b) => a - b).map((n) => n - 1);
}

/** A rendered front with nothing to study: no text and no picture. */
export function isEmptyFront(html: string): boolean {
  if (/<img\b[^>]*\bsrc\s*=\s*["']?[^"'\s>]/i.test(html)) return false;
  return htmlToPlainText(html.replace(/<!--[\s\S]*?-->/g, '')).trim() === '';
}
