// The cloze text's 'Cloze deletion' (issue 20), as Anki's Ctrl+Shift+C: the selection wrapped in
// `{{cN::…}}` with the next number (an empty selection gets an empty deletion with the cursor inside).
import type { Editor } from '@tiptap/react';
import { clozeOrdinals } from '@zan/core';

/** The number the next deletion takes: one more than the highest in the text (c1 in an empty one). */
const nextClozeNumber = (html: string): number => Math.max(0, ...clozeOrdinals(html)) + 1;

export function wrapInCloze(editor: Editor): void {
  const n = nextClozeNumber(editor.getHTML());
  const open = `{{c${n}::`;
  const { from, to } = editor.state.selection;
  // The closing braces first, so the opening's insert does not move where they go.
  editor
    .chain()
    .focus()
    .insertContentAt(to, '}}')
    .insertContentAt(from, open)
    .setTextSelection(from === to ? from + open.length : { from: from + open.length, to: to + open.length })
    .run();
}

/** Ctrl/Cmd+Shift+C in the text. */
export const isClozeShortcut = (e: { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }) =>
  (e.ctrlKey || e.metaKey) && e.shiftKey && e.key.toLowerCase() === 'c';
