// A lecture page as a standalone HTML file for the export zip (issue 21): the stored (server-sanitised)
// body under its title, a small readable style, and the pictures' srcs pointing at the zip's copies.
const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;line-height:1.6;color:#1a1a1a}' +
  'img{max-width:100%;height:auto}table{border-collapse:collapse}td,th{border:1px solid #bbb;padding:.25rem .5rem}' +
  '.recall{background:#fff3c4}';

/** `local`: picture src → its relative path in the zip (srcs not in it are left as they are). */
export function standalonePage(title: string, body: string, local: ReadonlyMap<string, string>): string {
  const html = body.replace(/(\ssrc=")([^"]+)(")/g, (m, a: string, src: string, b: string) => {
    const path = local.get(src.replace(/&amp;/g, '&'));
    return path ? `${a}${escapeHtml(path.split('/').map(encodeURIComponent).join('/'))}${b}` : m;
  });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
${html}
</body>
</html>
`;
}
