// The link dialog's address rule: web (http, https) and mail (mailto) links only; a bare address such
// as 'nice.org.uk/guidance' becomes https://…; anything else (javascript:, data:, ftp:, text) is refused.
const ALLOWED = new Set(['http:', 'https:', 'mailto:']);

/** The href to store, or null when the input is not an allowed link (then show MSG.linkUrlInvalid). */
export function normalizeLinkUrl(input: string): string | null {
  const raw = input.trim();
  if (!raw || /\s/.test(raw)) return null;
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(raw);
  // 'localhost:3000' or 'example.com:8080/x' parse as a scheme; a dot before the colon means a host.
  const looksLikeHost = /^[^/:]+\.[^/:]+(:\d+)?(\/|$|\?|#)/.test(raw) || /^[^/:]+\.[a-z]{2,}$/i.test(raw);
  const candidate = hasScheme && !looksLikeHost ? raw : `https://${raw.replace(/^\/\//, '')}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (!ALLOWED.has(url.protocol)) return null;
  if (url.protocol === 'mailto:')
    return /^mailto:[^@\s]+@[^@\s]+\.[^@\s]+/i.test(candidate) ? candidate : null;
  if (!url.hostname.includes('.') && url.hostname !== 'localhost') return null;
  return candidate;
}
