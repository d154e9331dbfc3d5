// The /dev/mailbox page: server-rendered, every value escaped, no script (fits the strict CSP).
import type { StoredMail } from '../../platform/mail.ts';
import { escapeHtml as esc } from '../../platform/escape-html.ts';

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f6fb;color:#1f2937}
main{max-width:860px;margin:0 auto;padding:24px}h1{font-size:22px}article{background:#fff;border-radius:10px;padding:16px 20px;margin:0 0 14px;box-shadow:0 1px 4px rgba(0,0,0,.06)}
h2{font-size:16px;margin:0 0 4px}.meta{color:#6b7280;font-size:13px;margin:0 0 10px}ul{padding-left:18px}a{color:#4f46e5;word-break:break-all}
pre{white-space:pre-wrap;background:#f9fafb;padding:10px;border-radius:6px;font-size:13px}details summary{cursor:pointer;color:#6b7280;font-size:13px}`;

export function renderMailbox(mails: StoredMail[]): string {
  const items = mails.length
    ? mails
        .map(
          (m) => `<article>
  <h2>${esc(m.subject)}</h2>
  <p class="meta">To ${esc(m.to)} · ${esc(new Date(m.createdAt).toLocaleString('en-GB', { timeZone: 'UTC' }))} UTC</p>
  ${m.links.length ? `<ul>${m.links.map((l) => `<li><a href="${esc(l)}">${esc(l)}</a></li>`).join('')}</ul>` : ''}
  <details><summary>Text</summary><pre>${esc(m.text)}</pre></details>
</article>`,
        )
        .join('\n')
    : '<p>No messages yet.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Zan dev mailbox</title><style>${STYLE}</style></head>
<body><main><h1>Dev mailbox</h1><p class="meta">Mail the server would have sent (no SMTP configured). Newest first.</p>
${items}
</main></body></html>`;
}
