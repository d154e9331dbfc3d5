// Plain text of admin HTML (for the Suspended list): parsed inertly, tags stripped, whitespace folded,
// cut to SUSPENDED_TEXT_MAX characters (SPEC §9).
import { SUSPENDED_TEXT_MAX } from '@zan/core';

export function htmlToText(html: string): string {
  // Block boundaries become spaces so '<p>a</p><p>b</p>' reads 'a b'.
  const spaced = html.replace(/<br\s*\/?>|<\/(p|div|li|h[1-6]|tr|td|th|blockquote)>/gi, '$& ');
  const doc = new DOMParser().parseFromString(spaced, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

export function truncate(text: string, max: number = SUSPENDED_TEXT_MAX): string {
  const chars = [...text];
  return chars.length > max ? chars.slice(0, max).join('').trimEnd() + '…' : text;
}

export const suspendedLabel = (html: string): string => truncate(htmlToText(html));
