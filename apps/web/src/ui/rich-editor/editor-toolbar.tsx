// The rich editor's toolbar: for lectures headings, emphasis, lists, table, link, recall passage and
// image; for card faces emphasis, lists, link and image; then the caller's own buttons (Source).
// Toggles say their state with aria-pressed. The toolbar is one Tab stop (WAI-ARIA toolbar pattern:
// arrow keys, Home and End move between its buttons), so Tab goes from one field to the next.
import type { Editor } from '@tiptap/react';
import { useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from '../cx.ts';
import { LinkDialog, linkTargetOf, type LinkTarget } from './link-dialog.tsx';

/** Which tools a toolbar offers: the lecture's whole set, or the card faces' (no headings, tables, recall). */
export type ToolSet = 'lecture' | 'card';

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
  tools = 'lecture',
  label = 'Formatting',
  children,
}: {
  editor: Editor;
  disabled: boolean;
  onImage: () => void;
  tools?: ToolSet;
  label?: string;
  /** Buttons after the tools (the Source toggle), in the same Tab stop. */
  children?: ReactNode;
}) {
  const lecture = tools === 'lecture';
  const bar = useRef<HTMLDivElement>(null);
  const roving = useRovingFocus(bar);
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
      ref={bar}
      role="toolbar"
      aria-label={label}
      onKeyDown={roving.onKeyDown}
      onFocus={roving.onFocus}
      className="flex min-w-0 flex-1 items-start gap-0.5 px-2 py-1.5"
    >
      {/* The tools wrap among themselves; the caller's buttons (Source) keep the first line's end. */}
      <div className="flex min-w-0 flex-1 flex-wrap items-center gap-0.5">
        {lecture && heading(2)}
        {lecture && heading(3)}
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
        {lecture && (
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
        )}
        <Tool
          label={editor.isActive('link') ? 'Edit link' : 'Link'}
          pressed={editor.isActive('link')}
          disabled={disabled}
          onClick={() => setLinking(linkTargetOf(editor))}
        >
          Link
        </Tool>
        {lecture && (
          <Tool
            label="Recall passage"
            pressed={editor.isActive('recall')}
            disabled={disabled}
            onClick={() => c().toggleRecall().run()}
          >
            <span className="rounded bg-amber-200 px-1 text-xs text-black">Recall</span>
          </Tool>
        )}
        <Tool label="Image" disabled={disabled} onClick={onImage}>
          Image
        </Tool>
      </div>
      {children}
      {linking && <LinkDialog editor={editor} target={linking} onClose={() => setLinking(null)} />}
    </div>
  );
}

/** One Tab stop for the toolbar: the last focused enabled button (or the first) takes Tab; arrows,
 *  Home and End move among the enabled buttons. */
function useRovingFocus(bar: { current: HTMLDivElement | null }) {
  const buttons = () =>
    [...(bar.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])].filter((b) => !b.disabled);
  const settle = (current: HTMLButtonElement | undefined) => {
    for (const b of bar.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])
      b.tabIndex = b === current ? 0 : -1;
  };
  // After every render (tools come and go, Source disables the rest): exactly one stop.
  useLayoutEffect(() => {
    const enabled = buttons();
    settle(enabled.find((b) => b.tabIndex === 0) ?? enabled[0]);
  });
  return {
    onFocus: (e: { target: EventTarget }) => {
      if (e.target instanceof HTMLButtonElement) settle(e.target);
    },
    onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => {
      const enabled = buttons();
      const at = enabled.findIndex((b) => b === document.activeElement);
      if (at < 0) return;
      const to =
        e.key === 'ArrowRight'
          ? (at + 1) % enabled.length
          : e.key === 'ArrowLeft'
            ? (at - 1 + enabled.length) % enabled.length
            : e.key === 'Home'
              ? 0
              : e.key === 'End'
                ? enabled.length - 1
                : -1;
      if (to < 0) return;
      e.preventDefault();
      enabled[to]!.focus();
    },
  };
}
