// The lecture body editor: Tiptap (StarterKit with links, images, tables and the recall mark) or, with
// Source on, the markup itself in a text area. Either way `onChange` gets the current HTML.
import { Image } from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { useState } from 'react';
import { cx } from '../../ui/index.ts';
import { RICH_TEXT } from '../../ui/study/sanitize-html.ts';
import { EditorToolbar } from './editor-toolbar.tsx';
import { RecallMark } from './recall-mark.ts';

export function RichEditor({
  initialHtml,
  onChange,
  onImage,
  onReady,
}: {
  initialHtml: string;
  onChange: (html: string) => void;
  onImage: () => void;
  onReady: (editor: Editor) => void;
}) {
  const [source, setSource] = useState<string | null>(null);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
        code: false,
        codeBlock: false,
      }),
      Image.configure({ inline: false }),
      TableKit.configure({ table: { resizable: false } }),
      RecallMark,
    ],
    content: initialHtml,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        'aria-label': 'Lecture body',
        'aria-multiline': 'true',
        role: 'textbox',
        class: cx(
          RICH_TEXT,
          'lecture-editor min-h-80 px-4 py-3 text-fg outline-none',
          // Recall passages stand out while editing (the student's viewer hides them in recall mode).
          '[&_.recall]:underline [&_.recall]:decoration-amber-500 [&_.recall]:decoration-dashed [&_.recall]:decoration-2 [&_.recall]:underline-offset-4',
        ),
      },
    },
    onCreate: ({ editor: e }) => onReady(e),
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });

  const toggleSource = () => {
    if (!editor) return;
    if (source === null) return setSource(editor.getHTML());
    editor.commands.setContent(source, { emitUpdate: true });
    setSource(null);
  };

  return (
    <div className="overflow-hidden rounded-2xl border border-line bg-surface focus-within:ring-2 focus-within:ring-primary/40">
      <div className="flex items-start justify-between gap-1 border-b border-line py-0">
        {editor && <EditorToolbar editor={editor} disabled={source !== null} onImage={onImage} />}
        <button
          type="button"
          aria-pressed={source !== null}
          onClick={toggleSource}
          className={cx(
            'mx-2 my-1.5 h-9 shrink-0 rounded-lg px-3 text-sm font-semibold text-fg hover:bg-surface-2',
            source !== null && 'bg-primary/15 text-primary',
          )}
        >
          Source
        </button>
      </div>
      {source !== null ? (
        <textarea
          aria-label="HTML source"
          spellCheck={false}
          value={source}
          onChange={(e) => {
            setSource(e.target.value);
            onChange(e.target.value);
          }}
          className="block min-h-80 w-full resize-y bg-surface p-4 font-mono text-sm text-fg outline-none"
        />
      ) : (
        <EditorContent editor={editor} />
      )}
    </div>
  );
}
