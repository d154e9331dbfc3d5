// The "recall passage" mark of the lecture editor: exactly the markup the student's lecture viewer
// hides and reveals (<span class="recall">, RECALL_CLASS in core html-policy).
import { Mark, mergeAttributes } from '@tiptap/core';
import { RECALL_CLASS } from '@zan/core';

declare module '@tiptap/core' {
  // Declaration merging (Tiptap's command registry) needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Commands<ReturnType> {
    recall: { toggleRecall: () => ReturnType };
  }
}

export const RecallMark = Mark.create({
  name: 'recall',
  parseHTML: () => [{ tag: `span.${RECALL_CLASS}` }, { tag: `div.${RECALL_CLASS}` }],
  renderHTML: ({ HTMLAttributes }) => ['span', mergeAttributes(HTMLAttributes, { class: RECALL_CLASS }), 0],
  addCommands() {
    return {
      toggleRecall:
        () =>
        ({ commands }) =>
          commands.toggleMark(this.name),
    };
  },
});
