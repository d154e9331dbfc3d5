// The rich editor's link dialog (replaces window.prompt): address (web or mail links only) and the
// text shown, Enter saves, Esc cancels, 'Remove link' on an existing link. Focus returns to the editor.
import type { Editor } from '@tiptap/react';
import { MSG } from '@zan/core';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../button.tsx';
import { TextField } from '../field.tsx';
import { FormModal } from '../form-modal.tsx';
import { normalizeLinkUrl } from './link-url.ts';

/** What the dialog edits: the selection (extended over an existing link) when it opened. */
export type LinkTarget = { from: number; to: number; href: string; text: string; existing: boolean };

/** Reads the link under the cursor or the selected text, selecting the whole link. */
export function linkTargetOf(editor: Editor): LinkTarget {
  const existing = editor.isActive('link');
  if (existing) editor.chain().extendMarkRange('link').run();
  const { from, to } = editor.state.selection;
  return {
    from,
    to,
    href: existing ? String(editor.getAttributes('link').href ?? '') : '',
    text: editor.state.doc.textBetween(from, to, ' '),
    existing,
  };
}

export function LinkDialog({
  editor,
  target,
  onClose,
}: {
  editor: Editor;
  target: LinkTarget;
  onClose: () => void;
}) {
  const [href, setHref] = useState(target.href);
  const [text, setText] = useState(target.text);
  const [problem, setProblem] = useState<string | null>(null);
  const errorId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // React bubbles events through the portal: the lecture page's own form must not see this submit.
    e.stopPropagation();
    const url = normalizeLinkUrl(href);
    if (!url) return setProblem(MSG.linkUrlInvalid);
    const shown = text.trim() || target.text || url;
    editor
      .chain()
      .focus()
      .insertContentAt(
        { from: target.from, to: target.to },
        { type: 'text', text: shown, marks: [{ type: 'link', attrs: { href: url } }] },
      )
      .run();
    onClose();
  };
  const remove = () => {
    editor.chain().focus().setTextSelection({ from: target.from, to: target.to }).unsetLink().run();
    onClose();
  };

  return (
    <FormModal
      open
      onClose={() => {
        onClose();
        editor.commands.focus();
      }}
      title={target.existing ? 'Edit link' : 'Insert link'}
      description="Web pages (https://…) and email addresses (mailto:…) only."
      form={{
        handleSubmit: async (e) => submit(e),
        submitting: false,
        message: problem,
        messageId: errorId,
      }}
      submitLabel={target.existing ? 'Update link' : 'Insert link'}
    >
      <TextField
        label="Address"
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://"
        value={href}
        autoFocus
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        onChange={(e) => {
          setHref(e.target.value);
          setProblem(null);
        }}
      />
      <TextField
        label="Text to show"
        hint="Leave empty to show the selected text or the address."
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {target.existing && (
        <div>
          <Button variant="ghost" className="text-danger! hover:bg-danger/10" onClick={remove}>
            Remove link
          </Button>
        </div>
      )}
    </FormModal>
  );
}
