// Modal: Radix Dialog with the design system's look (focus trap, Escape, aria for free).
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { cx } from './cx.ts';

export type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Hide the × button (for notices the user must acknowledge with an action). */
  hideClose?: boolean;
  className?: string;
};

export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  hideClose,
  className,
}: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50 backdrop-blur-[2px]" />
        <Dialog.Content
          className={cx(
            'fixed left-1/2 top-1/2 z-50 max-h-[92dvh] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-surface p-6 text-fg shadow-2xl',
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          {description && (
            <Dialog.Description className="mt-1 text-sm text-muted">{description}</Dialog.Description>
          )}
          <div className="mt-4">{children}</div>
          {!hideClose && (
            <Dialog.Close
              className="absolute right-3 top-3 rounded-md p-1.5 text-muted hover:bg-surface-2 hover:text-fg"
              aria-label="Close"
            >
              <span aria-hidden="true" className="block text-xl leading-none">
                ×
              </span>
            </Dialog.Close>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
