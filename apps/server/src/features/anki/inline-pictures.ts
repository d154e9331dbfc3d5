// Pictures written into an Anki field as `data:` URIs (issue 38): one stays inline only when its bytes are
// a PNG, JPEG, GIF or WebP; any other (an SVG, whatever type it claims) is dropped — Zan never serves an
// SVG. Read as the browser reads the field (parse5: entities, quotes, case, spaces), not with a pattern.
import { parseFragment, serialize, type DefaultTreeAdapterTypes as T } from 'parse5';
import { sniffConvertibleKind, sniffImageKind } from '../../platform/image-header.ts';

// eslint-disable-next-line no-control-regex -- what a browser's URL parser strips from a src: spaces, controls
const URL_SPACE = /[\u0000-\u0020]/g;

/** The first bytes a `data:` src holds (enough to tell the picture's type), or null when it is no `data:` src. */
function leadingBytes(src: string): Uint8Array | null {
  const url = src.replace(URL_SPACE, '');
  const m = /^data:([^,]*),(.*)$/is.exec(url);
  if (!m) return null;
  const head = m[2]!.slice(0, 96);
  if (/;base64$/i.test(m[1]!)) return Buffer.from(head, 'base64');
  const raw = head.replace(/%([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(raw, 'latin1');
}

const isRaster = (bytes: Uint8Array) =>
  sniffImageKind(bytes) !== null || sniffConvertibleKind(bytes) !== null;

/** `html` without its `<img>`s whose `data:` src is not a PNG, JPEG, GIF or WebP; `dropped` is told each. */
export function dropInlineNonRaster(html: string, dropped: () => void): string {
  if (!/<img/i.test(html)) return html;
  const root = parseFragment(html);
  let changed = false;
  const walk = (parent: T.ParentNode) => {
    parent.childNodes = parent.childNodes.filter((node) => {
      if (!('tagName' in node)) return true;
      const src =
        node.tagName === 'img' ? node.attrs.find((a) => a.name === 'src' && !a.namespace) : undefined;
      const bytes = src && leadingBytes(src.value);
      if (bytes && !isRaster(bytes)) {
        changed = true;
        dropped();
        return false;
      }
      walk(node);
      if (node.tagName === 'template') walk((node as T.Template).content);
      return true;
    });
  };
  walk(root);
  return changed ? serialize(root) : html;
}
