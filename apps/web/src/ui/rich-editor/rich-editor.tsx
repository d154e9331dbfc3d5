// The rich HTML editor of the lecture editor, the card faces (issue 22) and MCQ questions (issue 19): Tiptap (StarterKit with
// links and images; lectures add headings, tables and the recall mark) or, with Source on, the markup
// itself in a text area. Either way `onChange` gets the current HTML. Ctrl/Cmd+Enter is left to the
// surrounding form (the item editors save with it), never a line break.
import { Extension } from '@tiptap/core';
import { Image } from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { cx } from '../cx.ts';
import { RICH_TEXT } from '../study/sanitize-html.ts';
import { EditorToolbar, type ToolSet } from './editor-toolbar.tsx';
import { RecallMark } from './recall-mark.ts';

/** Mod-Enter belongs to the form around the editor (save and next), not to a hard break. */
const FormShortcut = Extension.create({
  name: 'formShortcut',
  priority: 1000,
  addKeyboardShortcuts: () => ({ 'Mod-Enter': () => true }),
});

type Props = {
  initialHtml: string;
  onChange: (html: string) => void;
  onImage: () => void;
  onReady: (editor: Editor) => void;
  /** The body's accessible name ('Lecture body', 'Front'). */
  label: string;
  /** Shown above the editor (card faces); the lecture's body has its name only for assistive tech. */
  visibleLabel?: boolean;
  tools?: ToolSet;
  /** Put the cursor at the end once the editor is ready. */
  autoFocus?: boolean;
  /** A short field (a question's option, issue 19): a lower writing area. */
  compact?: boolean;
  /** aria-invalid / aria-describedby from the form helper. */
  invalid?: { 'aria-invalid'?: true; 'aria-describedby'?: string };
  /** More toolbar buttons before Source (the cloze text's 'Cloze deletion', issue 20). */
  extraTools?: ReactNode;
};

export function RichEditor({
  initialHtml,
  onChange,
  onImage,
  onReady,
  label,
  visibleLabel = false,
  tools = 'lecture',
  autoFocus = false,
  compact = false,
  invalid,
  extraTools,
}: Props) {
  const [source, setSource] = useState<string | null>(null);
  // The markup the Source view opened with: closing it unedited leaves the document alone (read back
  // from its own markup, Tiptap's document of a list or a table is not the same one, and the lecture
  // editor would count that as a change).
  const opened = useRef<string | null>(null);
  const lecture = tools === 'lecture';
  const minHeight = lecture ? 'min-h-80' : compact ? 'min-h-12' : 'min-h-28';
  const attributes = (): Record<string, string> => ({
    'aria-label': label,
    'aria-multiline': 'true',
    role: 'textbox',
    ...(invalid?.['aria-invalid'] ? { 'aria-invalid': 'true' } : {}),
    ...(invalid?.['aria-describedby'] ? { 'aria-describedby': invalid['aria-describedby'] } : {}),
    class: cx(
      RICH_TEXT,
      'lecture-editor px-4 py-3 text-fg outline-none',
      minHeight,
      // Recall passages stand out while editing (the student's viewer hides them in recall mode).
      '[&_.recall]:underline [&_.recall]:decoration-amber-500 [&_.recall]:decoration-dashed [&_.recall]:decoration-2 [&_.recall]:underline-offset-4',
    ),
  });
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: lecture ? { levels: [2, 3, 4] } : false,
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
        code: false,
        codeBlock: false,
      }),
      Image.configure({ inline: false }),
      ...(lecture ? [TableKit.configure({ table: { resizable: false } }), RecallMark] : []),
      FormShortcut,
    ],
    content: initialHtml,
    autofocus: autoFocus ? 'end' : false,
    shouldRerenderOnTransaction: true,
    editorProps: { attributes: attributes() },
    onCreate: ({ editor: e }) => onReady(e),
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });
  const invalidKey = `${invalid?.['aria-invalid'] ?? ''}|${invalid?.['aria-describedby'] ?? ''}`;
  // The form helper marks a failing face after a submit: the editable follows.
  useEffect(() => {
    editor?.setOptions({ editorProps: { attributes: attributes() } });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editor, invalidKey]);

  const toggleSource = () => {
    if (!editor) return;
    if (source === null) {
      opened.current = editor.getHTML();
      return setSource(opened.current);
    }
    if (source !== opened.current) editor.commands.setContent(source, { emitUpdate: true });
    setSource(null);
  };

  return (
    <div className="flex flex-col gap-1">
      {visibleLabel && (
        <span className="text-sm font-medium text-fg" aria-hidden="true">
          {label}
        </span>
      )}
      <div
        className={cx(
          'overflow-hidden rounded-2xl border bg-surface focus-within:ring-2 focus-within:ring-primary/40',
          invalid?.['aria-invalid'] ? 'border-danger' : 'border-line',
        )}
      >
        <div className="border-b border-line">
          {editor && (
            <EditorToolbar
              editor={editor}
              disabled={source !== null}
              onImage={onImage}
              tools={tools}
              label={lecture ? 'Formatting' : `${label} formatting`}
            >
              {extraTools}
              <button
                type="button"
                aria-pressed={source !== null}
                aria-label={lecture ? 'Source' : `${label} source`}
                onClick={toggleSource}
                className={cx(
                  'ml-auto h-9 shrink-0 rounded-lg px-3 text-sm font-semibold text-fg hover:bg-surface-2',
                  source !== null && 'bg-primary/15 text-primary',
                )}
              >
                Source
              </button>
            </EditorToolbar>
          )}
        </div>
        {source !== null ? (
          <textarea
            aria-label={lecture ? 'HTML source' : `${label} HTML source`}
            spellCheck={false}
            value={source}
            onChange={(e) => {
              setSource(e.target.value);
              onChange(e.target.value);
            }}
            {...invalid}
            className={cx(
              'block w-full resize-y bg-surface p-4 font-mono text-sm text-fg outline-none',
              minHeight,
            )}
          />
        ) : (
          <EditorContent editor={editor} />
        )}
      </div>
    </div>
  );
}
