// HTML → plain text, once for server and web: tags become spaces, common entities are decoded,
// whitespace collapses; with `max`, text longer than that is cut and ends in '…'.
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

const decodeEntity = (m: string, e: string): string => {
  if (e[0] !== '#') return ENTITIES[e.toLowerCase()] ?? m;
  const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
};

/** The text a reader sees of `html` (no markup, single spaces), cut at `max` characters plus '…'. */
export function htmlToPlainText(html: string, max?: number): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, decodeEntity)
    .replace(/\s+/g, ' ')
    .trim();
  return max !== undefined && text.length > max ? `${text.slice(0, max)}…` : text;
}
