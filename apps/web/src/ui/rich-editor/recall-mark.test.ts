// The recall mark round-trips exactly the markup the student's lecture viewer hides and reveals.
import { Editor } from '@tiptap/core';
import { StarterKit } from '@tiptap/starter-kit';
import { RECALL_CLASS } from '@zan/core';
import { describe, expect, it } from 'vitest';
import { RecallMark } from './recall-mark.ts';

describe('RecallMark', () => {
  it('keeps <span class="recall"> and toggles it on a selection', () => {
    const editor = new Editor({
      extensions: [StarterKit, RecallMark],
      content: `<p>Intro <span class="${RECALL_CLASS}">S1 closes</span> end.</p>`,
    });
    expect(editor.getHTML()).toBe('<p>Intro <span class="recall">S1 closes</span> end.</p>');
    editor.commands.setContent('<p>Alpha beta</p>');
    editor.chain().setTextSelection({ from: 7, to: 11 }).toggleRecall().run();
    expect(editor.getHTML()).toBe('<p>Alpha <span class="recall">beta</span></p>');
    editor.destroy();
  });
});
