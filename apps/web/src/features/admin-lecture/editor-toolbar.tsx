// The lecture editor's toolbar: headings, emphasis, lists, table, link, recall passage and image;
// toggles say their state with aria-pressed; arrow keys are not needed, every button is in Tab order.
import type { Editor } from '@tiptap/react';
import { useState, type ReactNode } from 'react';
import { cx } from '../../ui/index.ts';
import { LinkDialog, linkTargetOf, type LinkTarget } from './link-dialog.tsx';

const base =
  'inline-flex h-9 min-w-9 items-center justify-center rounded-lg px-2 text-sm font-semibold text-fg transition hover:bg-surface-2 disabled:cursor-not-allowed disabled:opacity-40';

function Tool(p: {
  label: string;
  pressed?: boolean;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      title={p.label}
      aria-pressed={p.pressed}
      disabled={p.disabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={p.onClick}
      className={cx(base, p.pressed && 'bg-primary/15 text-primary')}
    >
      {/* The glyph is decoration; the name is the label (no visible-text/name mismatch). */}
      <span aria-hidden="true">{p.children}</span>
      <span className="sr-only">{p.label}</span>
    </button>
  );
}

export function EditorToolbar({
  editor,
  disabled,
  onImage,
}: {
  editor: Editor;
  disabled: boolean;
  onImage: () => void;
}) {
  const c = () => editor.chain().focus();
  const [linking, setLinking] = useState<LinkTarget | null>(null);
  const heading = (level: 2 | 3) => (
    <Tool
      label={`Heading ${level}`}
      pressed={editor.isActive('heading', { level })}
      disabled={disabled}
      onClick={() => c().toggleHeading({ level }).run()}
    >
      {`H${level}`}
    </Tool>
  );
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      className="flex min-w-0 flex-1 flex-wrap items-center gap-0.5 px-2 py-1.5"
    >
      {heading(2)}
      {heading(3)}
      <Tool
        label="Bold"
        pressed={editor.isActive('bold')}
        disabled={disabled}
        onClick={() => c().toggleBold().run()}
      >
        <b>B</b>
      </Tool>
      <Tool
        label="Italic"
        pressed={editor.isActive('italic')}
        disabled={disabled}
        onClick={() => c().toggleItalic().run()}
      >
        <i>I</i>
      </Tool>
      <Tool
        label="Bulleted list"
        pressed={editor.isActive('bulletList')}
        disabled={disabled}
        onClick={() => c().toggleBulletList().run()}
      >
        •≡
      </Tool>
      <Tool
        label="Numbered list"
        pressed={editor.isActive('orderedList')}
        disabled={disabled}
        onClick={() => c().toggleOrderedList().run()}
      >
        1.
      </Tool>
      <Tool
        label={editor.isActive('table') ? 'Add table row' : 'Insert table'}
        disabled={disabled}
        onClick={() =>
          editor.isActive('table')
            ? c().addRowAfter().run()
            : c().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()
        }
      >
        Table
      </Tool>
      <Tool
        label={editor.isActive('link') ? 'Edit link' : 'Link'}
        pressed={editor.isActive('link')}
        disabled={disabled}
        onClick={() => setLinking(linkTargetOf(editor))}
      >
        Link
      </Tool>
      <Tool
        label="Recall passage"
        pressed={editor.isActive('recall')}
        disabled={disabled}
        onClick={() => c().toggleRecall().run()}
      >
        <span className="rounded bg-amber-200 px-1 text-xs text-black">Recall</span>
      </Tool>
      <Tool label="Image" disabled={disabled} onClick={onImage}>
        Image
      </Tool>
      {linking && <LinkDialog editor={editor} target={linking} onClose={() => setLinking(null)} />}
    </div>
  );
}
