// Toast: short-lived notices ('Sync successful!', 'User deleted.' …) in a live region at the screen
// edge. Wrap the app in <ToastProvider>; call useToast().show(message, { tone, durationMs }).
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { cx } from './cx.ts';
import { CloseSmallIcon } from './icons.tsx';

type ToastTone = 'info' | 'success' | 'error';
export type ToastOptions = {
  tone?: ToastTone;
  /** 0 keeps it until dismissed. Default 5000. */ durationMs?: number;
};
type ToastItem = { id: number; message: ReactNode; tone: ToastTone; durationMs: number };

export type ToastApi = {
  show: (message: ReactNode, options?: ToastOptions) => number;
  success: (message: ReactNode, options?: Omit<ToastOptions, 'tone'>) => number;
  error: (message: ReactNode, options?: Omit<ToastOptions, 'tone'>) => number;
  dismiss: (id: number) => void;
};

const ToastContext = createContext<ToastApi | null>(null);
const DEFAULT_DURATION_MS = 5_000;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setItems((list) => list.filter((t) => t.id !== id)), []);
  const show = useCallback((message: ReactNode, options: ToastOptions = {}) => {
    const id = nextId.current++;
    const item = {
      id,
      message,
      tone: options.tone ?? 'info',
      durationMs: options.durationMs ?? DEFAULT_DURATION_MS,
    };
    setItems((list) => [...list.slice(-3), item]);
    return id;
  }, []);
  const api = useMemo<ToastApi>(
    () => ({
      show,
      dismiss,
      success: (m, o) => show(m, { ...o, tone: 'success' }),
      error: (m, o) => show(m, { ...o, tone: 'error' }),
    }),
    [show, dismiss],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex flex-col items-center gap-2 p-4 sm:items-end"
      >
        {items.map((t) => (
          <ToastCard key={t.id} item={t} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

const tones: Record<ToastTone, string> = {
  info: 'border-line',
  success: 'border-success/50',
  error: 'border-danger/50',
};
const dots: Record<ToastTone, string> = { info: 'bg-primary', success: 'bg-success', error: 'bg-danger' };

function ToastCard({ item, onDismiss }: { item: ToastItem; onDismiss: (id: number) => void }) {
  const { id, durationMs } = item;
  useEffect(() => {
    if (durationMs <= 0) return;
    const timer = window.setTimeout(() => onDismiss(id), durationMs);
    return () => window.clearTimeout(timer);
  }, [id, durationMs, onDismiss]);

  return (
    <div
      role={item.tone === 'error' ? 'alert' : 'status'}
      className={cx(
        // Clicks pass through the card to what it covers (a row's Delete, a dialog's Save at the screen's
        // bottom edge): only Dismiss takes them. A notice never holds up the next action for its 5 s.
        'flex w-full max-w-sm items-start gap-3 rounded-xl border bg-surface px-4 py-3 text-sm text-fg shadow-lg',
        'animate-[zan-toast-in_180ms_ease-out] motion-reduce:animate-none',
        tones[item.tone],
      )}
    >
      <span aria-hidden="true" className={cx('mt-1.5 size-2 shrink-0 rounded-full', dots[item.tone])} />
      <div className="min-w-0 flex-1">{item.message}</div>
      <button
        type="button"
        onClick={() => onDismiss(id)}
        aria-label="Dismiss"
        className="pointer-events-auto -mr-1 -mt-0.5 rounded-md p-1 text-muted hover:bg-surface-2 hover:text-fg"
      >
        <CloseSmallIcon className="size-3.5" />
      </button>
    </div>
  );
}

export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast must be used inside <ToastProvider>');
  return ctx;
}
