// SidePanel: the slide-in panel behind a mobile menu (hamburger). Modal while open: focus moves in and
// is trapped, Escape or the backdrop closes it, body scroll is locked, and focus returns on close.
import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cx } from './cx.ts';
import { useScrollLock } from './use-scroll-lock.ts';

export type SidePanelProps = {
  open: boolean;
  onClose: () => void;
  /** Accessible name of the panel, e.g. "Menu". */
  label: string;
  id?: string;
  side?: 'left' | 'right';
  children: ReactNode;
  className?: string;
};

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea,[tabindex]:not([tabindex="-1"])';

export function SidePanel({ open, onClose, label, id, side = 'right', children, className }: SidePanelProps) {
  const panel = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useScrollLock(open);

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (!open) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const el = panel.current;
    (el?.querySelector<HTMLElement>(FOCUSABLE) ?? el)?.focus();

    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onCloseRef.current();
      } else if (e.key === 'Tab' && el) {
        const items = [...el.querySelectorAll<HTMLElement>(FOCUSABLE)];
        const first = items[0];
        const last = items[items.length - 1];
        if (!first || !last) return e.preventDefault();
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (before?.isConnected) before.focus();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <div className="fixed inset-0 z-50">
      <div
        className="absolute inset-0 bg-black/50 backdrop-blur-[2px] animate-[zan-fade-in_150ms_ease-out] motion-reduce:animate-none"
        onClick={onClose}
        aria-hidden="true"
      />
      <div
        ref={panel}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        tabIndex={-1}
        className={cx(
          'absolute inset-y-0 flex w-[min(20rem,86vw)] flex-col overflow-y-auto border-line bg-surface text-fg shadow-2xl outline-none',
          'motion-reduce:animate-none',
          side === 'right'
            ? 'right-0 border-l animate-[zan-slide-in-right_200ms_ease-out]'
            : 'left-0 border-r animate-[zan-slide-in-left_200ms_ease-out]',
          className,
        )}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
