// The Zan mark (a "Z" on a rounded tile in the theme's primary colour) and wordmark; the PNG app icons
// in public/icons are drawn from the same geometry by scripts/generate-icons.mjs.
import { useId } from 'react';
import { cx } from './cx.ts';
import { Svg } from './icons.tsx';

export function ZanMark({ className, title }: { className?: string; title?: string }) {
  const gradient = useId();
  return (
    <Svg viewBox="0 0 32 32" className={cx('size-8 shrink-0', className)} label={title}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" style={{ stopColor: 'var(--zan-primary)' }} />
          <stop
            offset="1"
            style={{ stopColor: 'color-mix(in oklab, var(--zan-primary) 70%, var(--zan-accent))' }}
          />
        </linearGradient>
      </defs>
      <rect x="1" y="1" width="30" height="30" rx="8.5" fill={`url(#${gradient})`} />
      <path
        d="M10 10.5h12L10 21.5h12"
        fill="none"
        style={{ stroke: 'var(--zan-primary-fg)' }}
        strokeWidth="3.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </Svg>
  );
}

export function ZanLogo({ className, markClassName }: { className?: string; markClassName?: string }) {
  return (
    <span className={cx('inline-flex items-center gap-2 text-fg', className)}>
      <ZanMark className={markClassName} />
      <span className="text-xl font-bold tracking-tight">Zan</span>
    </span>
  );
}
