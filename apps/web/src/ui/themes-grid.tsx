// ThemesGrid: the theme picker of the account page — a radio group of tiles (native radios, so arrow
// keys, Tab and screen readers work as expected), each tile previewing its theme with the real tokens.
import { useId } from 'react';
import { cx } from './cx.ts';
import { useTheme } from './theme-provider.tsx';
import type { ThemeInfo } from './themes.ts';
import { CheckSmallIcon } from './icons.tsx';

export function ThemesGrid({ className, label = 'Theme' }: { className?: string; label?: string }) {
  const { theme, setTheme, themes } = useTheme();
  const name = useId();
  return (
    <fieldset className={cx('min-w-0', className)}>
      <legend className="sr-only">{label}</legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {themes.map((t) => (
          <label
            key={t.id}
            className={cx(
              'group relative block cursor-pointer rounded-xl has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-4 has-[:focus-visible]:outline-primary',
              theme === t.id && 'ring-2 ring-primary ring-offset-2 ring-offset-bg',
            )}
          >
            <input
              type="radio"
              name={name}
              value={t.id}
              checked={theme === t.id}
              onChange={() => setTheme(t.id)}
              className="peer sr-only"
            />
            <ThemeTile info={t} selected={theme === t.id} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function ThemeTile({ info, selected }: { info: ThemeInfo; selected: boolean }) {
  const { swatches } = info;
  return (
    <span
      data-theme={info.id}
      className={cx(
        'flex flex-col overflow-hidden rounded-xl border-2 bg-bg text-fg transition',
        'group-hover:-translate-y-0.5 group-hover:shadow-md motion-reduce:transform-none',
        selected ? 'border-primary shadow-md' : 'border-line',
      )}
    >
      {/* A miniature app: header bar, a card and a button, in the theme's own tokens. */}
      <span aria-hidden="true" className="flex h-16 flex-col gap-1.5 p-2.5">
        <span className="flex items-center gap-1">
          <span className="size-2 rounded-full bg-primary" />
          <span className="h-1.5 w-8 rounded-full bg-fg/70" />
          <span className="ml-auto h-1.5 w-4 rounded-full bg-muted/60" />
        </span>
        <span className="flex flex-1 items-end gap-1.5 rounded-md border border-line bg-surface p-1.5">
          <span className="flex flex-1 flex-col gap-1">
            <span className="h-1 w-4/5 rounded-full bg-fg/60" />
            <span className="h-1 w-3/5 rounded-full bg-muted/50" />
          </span>
          <span className="h-2.5 w-6 rounded bg-primary" />
        </span>
      </span>
      <span className="flex items-center gap-2 border-t border-line bg-surface px-2.5 py-2">
        <span className="min-w-0 flex-1 truncate text-sm font-medium">{info.name}</span>
        <span aria-hidden="true" className="flex -space-x-1">
          {[swatches.primary, swatches.accent, swatches.fg].map((c, i) => (
            <span key={i} className="size-3.5 rounded-full border border-line" style={{ background: c }} />
          ))}
        </span>
        {selected && (
          <span
            className="grid size-4 place-items-center rounded-full bg-primary text-primary-fg"
            aria-hidden="true"
          >
            <CheckSmallIcon className="size-3" />
          </span>
        )}
      </span>
    </span>
  );
}
