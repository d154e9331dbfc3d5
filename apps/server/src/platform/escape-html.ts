// HTML escaping for the pages and mails the server writes as strings (the dev mailbox, account
// emails): every interpolated value goes through escapeHtml.
export const escapeHtml = (s: string): string =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
