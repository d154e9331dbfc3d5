// The resource strip scrolls sideways on narrow screens: this shows that it does (issue 11) — the edge
// that hides more chips fades out, and a round arrow button on that edge scrolls by most of a screen.
import { useCallback, useEffect, useRef, useState } from 'react';
import { cx } from '../../../ui/index.ts';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../ui/icons.tsx';

export function useStripScroll(itemCount: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ left: false, right: false });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const left = el.scrollLeft > 1;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setEdges((e) => (e.left === left && e.right === right ? e : { left, right }));
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    ro?.observe(el);
    if (el.firstElementChild) ro?.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', measure);
      ro?.disconnect();
    };
  }, [measure, itemCount]);
  const scrollBy = (direction: 1 | -1) => {
    const el = ref.current;
    if (!el) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    el.scrollBy({
      left: direction * Math.max(120, el.clientWidth * 0.75),
      behavior: reduce ? 'auto' : 'smooth',
    });
  };
  const maskClass =
    edges.left && edges.right
      ? '[mask-image:linear-gradient(to_right,transparent,black_3rem,black_calc(100%-3rem),transparent)]'
      : edges.right
        ? '[mask-image:linear-gradient(to_right,black_calc(100%-3rem),transparent)]'
        : edges.left
          ? '[mask-image:linear-gradient(to_right,transparent,black_3rem)]'
          : '';
  return { ref, canLeft: edges.left, canRight: edges.right, scrollBy, maskClass };
}

export function StripScrollButton({
  side,
  shown,
  onClick,
}: {
  side: 'left' | 'right';
  shown: boolean;
  onClick: () => void;
}) {
  if (!shown) return null;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-controls="resource-strip"
      aria-label={side === 'left' ? 'Scroll resources left' : 'Scroll resources right'}
      className={cx(
        'absolute top-1/2 grid size-8 -translate-y-1/2 place-items-center rounded-full border border-muted bg-surface text-fg shadow-md hover:bg-surface-2',
        side === 'left' ? 'left-0' : 'right-0',
      )}
    >
      {side === 'left' ? <ChevronLeftIcon className="size-4" /> : <ChevronRightIcon className="size-4" />}
    </button>
  );
}
