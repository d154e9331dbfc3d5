// An illustrative, decorative product shot built from HTML/CSS in theme tokens: a new flashcard being
// reviewed offline, with floating study-time and sync chips. Hidden from assistive tech. It shows only
// what the product does: the rating intervals are the real scheduler's for a new card.
import { formatInterval, newCardState, schedule, type Rating } from '@zan/core';
import { CheckIcon } from '../../ui/icons.tsx';

const RATINGS: readonly { rating: Rating; label: string; tone: string }[] = [
  { rating: 'again', label: 'Again', tone: 'text-danger' },
  { rating: 'hard', label: 'Hard', tone: 'text-warning' },
  { rating: 'good', label: 'Good', tone: 'text-success' },
  { rating: 'easy', label: 'Easy', tone: 'text-primary' },
];

const PILLARS = ['ACE-I / ARNI', 'Beta-blocker', 'MRA', 'SGLT2 inhibitor'] as const;

export function ProductMock() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-[34rem] select-none">
      <div className="absolute -inset-6 -z-10 rounded-[2.5rem] bg-gradient-to-tr from-primary/25 via-accent/10 to-transparent blur-2xl" />

      <div className="overflow-hidden rounded-2xl border border-line bg-surface shadow-2xl shadow-black/10">
        {/* Window bar */}
        <div className="flex items-center gap-2 border-b border-line bg-surface-2/60 px-4 py-2.5">
          <span className="flex gap-1.5">
            <span className="size-2.5 rounded-full bg-danger/70" />
            <span className="size-2.5 rounded-full bg-warning/70" />
            <span className="size-2.5 rounded-full bg-success/70" />
          </span>
          <span className="ml-2 truncate text-xs font-medium text-muted">Cardiology · Heart failure</span>
          <span className="ml-auto inline-flex items-center gap-1.5 rounded-full border border-line bg-surface px-2 py-0.5 text-[11px] font-semibold text-muted">
            <span className="size-1.5 rounded-full bg-warning" />
            Offline
          </span>
        </div>

        <div className="p-4 sm:p-5">
          <div className="mb-3 flex items-center justify-between text-xs text-muted">
            <span>
              <span className="font-semibold text-fg">18</span> new ·{' '}
              <span className="font-semibold text-fg">24</span> due
            </span>
            <span className="font-mono">12:48</span>
          </div>
          <div className="mb-4 h-1.5 overflow-hidden rounded-full bg-surface-2">
            <div className="h-full w-[43%] rounded-full bg-primary" />
          </div>

          {/* The card */}
          <div className="rounded-xl border border-line bg-bg/60 p-4 sm:p-5">
            <p className="text-[11px] font-semibold uppercase tracking-wider text-primary">Pharmacology</p>
            <p className="mt-1.5 text-[15px] font-semibold leading-snug text-fg sm:text-base">
              Which drug classes reduce mortality in heart failure with reduced ejection fraction?
            </p>
            <div className="my-3.5 border-t border-dashed border-line" />
            <ul className="grid grid-cols-2 gap-1.5 text-xs text-fg sm:text-[13px]">
              {PILLARS.map((p) => (
                <li key={p} className="flex items-center gap-1.5 rounded-md bg-surface-2 px-2 py-1.5">
                  <span className="size-1.5 shrink-0 rounded-full bg-accent" />
                  <span className="truncate">{p}</span>
                </li>
              ))}
            </ul>
          </div>

          <div className="mt-4 grid grid-cols-4 gap-2">
            {RATINGS.map((r) => (
              <div key={r.label} className="rounded-lg border border-line bg-surface py-2 text-center">
                <div className={`text-[11px] font-semibold ${r.tone}`}>
                  {formatInterval(schedule(newCardState(), r.rating, new Date()).interval)}
                </div>
                <div className="text-xs font-medium text-fg">{r.label}</div>
              </div>
            ))}
          </div>
        </div>
      </div>

      {/* Floating chips */}
      <div className="absolute -left-4 top-[47%] hidden animate-[zan-float_6s_ease-in-out_infinite] rounded-xl border border-line bg-surface px-3 py-2 shadow-xl motion-reduce:animate-none sm:block lg:-left-16">
        <div className="text-[11px] font-medium text-muted">Studied today</div>
        <div className="text-lg font-bold text-fg">
          48 <span className="text-sm font-semibold text-muted">min</span>
        </div>
      </div>
      <div className="absolute -bottom-10 right-3 flex animate-[zan-float_7s_ease-in-out_1s_infinite] items-center gap-2 rounded-xl border border-line bg-surface px-3 py-2 shadow-xl motion-reduce:animate-none sm:-bottom-5 sm:-right-6">
        <span className="grid size-7 place-items-center rounded-lg bg-success/15 text-success">
          <CheckIcon className="size-4" />
        </span>
        <div>
          <div className="text-xs font-semibold text-fg">2,418 cards on device</div>
          <div className="text-[11px] text-muted">Syncs when you're back online</div>
        </div>
      </div>
    </div>
  );
}
