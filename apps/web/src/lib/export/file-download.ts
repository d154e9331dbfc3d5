// A file the server writes (issue 20: a deck's or a student's .apkg): fetched as bytes with the
// session's cookie, saved under the name the server gave; a refusal carries the server's message.
import { apiFile } from '../api.ts';
import { saveFile } from './download.ts';

/** The file name of a Content-Disposition header (the UTF-8 form first), or `fallback`. */
function dispositionFileName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (utf8) {
    try {
      return decodeURIComponent(utf8.trim());
    } catch {
      // a malformed escape: the plain name below
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] ?? fallback;
}

/** Fetches `path` and saves it; resolves with the saved file's name. */
export async function downloadServerFile(path: string, fallbackName: string): Promise<string> {
  const res = await apiFile(path);
  const name = dispositionFileName(res.headers.get('content-disposition'), fallbackName);
  saveFile(name, new Uint8Array(await res.arrayBuffer()), 'application/octet-stream');
  return name;
}
