// HTML → plain text, the one copy for every side (issue 16): list labels, the Suspended list (SPEC §9),
// duplicate keys of a bulk import. Block ends and <br> become spaces ('<p>a</p><p>b</p>' reads 'a b'),
// other tags vanish ('H<sub>2</sub>O' reads 'H2O'), common and numeric entities are decoded, whitespace
// is folded, NFC. No DOM: the server runs it too.

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const BREAKS = /<br\s*\/?>|<\/(p|div|li|h[1-6]|tr|td|th|blockquote)\s*>/gi;

/** The text a reader sees of `html`; with `max`, cut to that many characters plus '…'. */
export function htmlToPlainText(html: string, max?: number): string {
  const text = html
    .replace(BREAKS, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] !== '#') return ENTITIES[e.toLowerCase()] ?? m;
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    })
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .trim();
  return max === undefined ? text : truncateText(text, max);
}

/** Cut to `max` characters (code points), '…' added when cut. */
export function truncateText(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? chars.slice(0, max).join('').trimEnd() + '…' : text;
}

/** A label from an item's HTML: its plain text cut to `max` characters. */
export const plainTextLabel = (html: string, max: number): string => truncateText(htmlToPlainText(html), max);
