// A list label from an item's HTML or text: markup and spacing removed, cut to 80 characters.
import { duplicateKey } from '@zan/core';

export const plainText = (html: string, max = 80): string => {
  const t = duplicateKey(html);
  return t.length > max ? `${t.slice(0, max)}…` : t;
};
