// HTML escaping for the pages and mails the server writes as strings (the dev mailbox, account
// emails): every interpolated value goes through escapeHtml. The imports (issues 20, 21) read and
// rewrite picture srcs inside stored HTML with the attribute pair below.
export const escapeHtml = (s: string): string =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** A double-quoted attribute value as written into HTML. */
export const escapeAttr = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** An attribute value as the HTML means it (the entities a src may hold undone). */
export const unescapeAttr = (s: string): string =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
