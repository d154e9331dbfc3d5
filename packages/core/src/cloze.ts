// Cloze notes (issue 20): one text with deletions `{{c1::answer}}` or `{{c1::answer::hint}}`; each
// distinct number is one card, the same number in several places hides together, deletions may nest.
// Pure: the deck editor's preview, the player and the Anki reader and writer all render through here.

/** The class of a deletion as the player shows it (hidden on the front, highlighted on the back). */
export const CLOZE_CLASS = 'cloze';
/** Anki's cloze numbers run from c1; a note with more is not a study card any more. */
const CLOZE_MAX_ORDINAL = 500;

type Node = string | Deletion;
type Deletion = { ord: number; body: Node[]; hint: string | null };

const OPEN = /\{\{c(\d{1,4})::/y;

/**
 * The text as text runs and deletions. An opener without its `}}` and a `}}` without an opener stay
 * literal text, as Anki leaves them. The hint is everything after the deletion's own first `::` (not
 * one inside a nested deletion).
 */
function parse(text: string): Node[] {
  type Frame = { ord: number; nodes: Node[]; hintAt: number | null; openAt: number; raw: string };
  const root: Node[] = [];
  const stack: Frame[] = [];
  const top = () => (stack.length ? stack[stack.length - 1]!.nodes : root);
  let run = '';
  const flush = () => {
    if (run) top().push(run);
    run = '';
  };
  let i = 0;
  while (i < text.length) {
    OPEN.lastIndex = i;
    const open = text[i] === '{' ? OPEN.exec(text) : null;
    if (open) {
      flush();
      stack.push({ ord: Number(open[1]), nodes: [], hintAt: null, openAt: i, raw: open[0] });
      i += open[0].length;
      continue;
    }
    const frame = stack[stack.length - 1];
    if (frame && frame.hintAt === null && text.startsWith('::', i)) {
      flush();
      frame.hintAt = frame.nodes.length;
      frame.nodes.push('::');
      i += 2;
      continue;
    }
    if (frame && text.startsWith('}}', i)) {
      flush();
      stack.pop();
      const body = frame.hintAt === null ? frame.nodes : frame.nodes.slice(0, frame.hintAt);
      const hintNodes = frame.hintAt === null ? null : frame.nodes.slice(frame.hintAt + 1);
      const hint = hintNodes === null ? null : hintNodes.map(literal).join('');
      top().push({ ord: frame.ord, body, hint });
      i += 2;
      continue;
    }
    run += text[i];
    i++;
  }
  flush();
  // Unclosed openers: their text, as written.
  while (stack.length) {
    const frame = stack.pop()!;
    top().push(frame.raw, ...frame.nodes);
  }
  return root;
}

/** A node as its source text (for a hint, and for unclosed parts). */
function literal(n: Node): string {
  if (typeof n === 'string') return n;
  return `{{c${n.ord}::${n.body.map(literal).join('')}${n.hint === null ? '' : `::${n.hint}`}}}`;
}

function collect(nodes: readonly Node[], out: Set<number>): void {
  for (const n of nodes)
    if (typeof n !== 'string') {
      if (n.ord >= 1 && n.ord <= CLOZE_MAX_ORDINAL) out.add(n.ord);
      collect(n.body, out);
    }
}

/** The card numbers of a cloze text, ascending: one card per distinct number (c0 and beyond
 *  CLOZE_MAX_ORDINAL make none). Empty when the text has no deletion. */
export function clozeOrdinals(text: string): number[] {
  const out = new Set<number>();
  collect(parse(text), out);
  return [...out].sort((a, b) => a - b);
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function render(nodes: readonly Node[], ord: number, side: 'front' | 'back'): string {
  let html = '';
  for (const n of nodes) {
    if (typeof n === 'string') html += n;
    else if (n.ord !== ord) html += render(n.body, ord, side);
    else if (side === 'front')
      html += `<span class="${CLOZE_CLASS}">[${n.hint === null ? '...' : escapeHtml(n.hint)}]</span>`;
    else html += `<span class="${CLOZE_CLASS}">${render(n.body, ord, side)}</span>`;
  }
  return html;
}

/** Card `ord`'s front: its deletions as `[...]` (or `[hint]`), the note's other deletions as plain text. */
export const clozeFront = (text: string, ord: number): string => render(parse(text), ord, 'front');

/** Card `ord`'s back: its deletions revealed and highlighted, the others plain, then Back Extra below. */
export function clozeBack(text: string, ord: number, backExtra = ''): string {
  const body = render(parse(text), ord, 'back');
  return backExtra.trim() === '' ? body : `${body}<hr>${backExtra}`;
}

/** The answer texts of card `ord`'s deletions, in order (the type-in answer and search use them). */
export function clozeAnswers(text: string, ord: number): string[] {
  const out: string[] = [];
  const walk = (nodes: readonly Node[]) => {
    for (const n of nodes)
      if (typeof n !== 'string') {
        if (n.ord === ord) out.push(n.body.map(literal).join(''));
        else walk(n.body);
      }
  };
  walk(parse(text));
  return out;
}
