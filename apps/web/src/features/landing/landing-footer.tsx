// The closing call to action and the footer (with the current year, computed).
import { Button } from '../../ui/button.tsx';
import { ZanLogo } from '../../ui/logo.tsx';
import { ArrowRightIcon } from '../../ui/icons.tsx';

export function LandingCta({ onSignUp }: { onSignUp: () => void }) {
  return (
    <section aria-labelledby="cta-title" className="px-4 pb-20 sm:px-6 sm:pb-28">
      <div className="relative mx-auto max-w-6xl overflow-hidden rounded-3xl border border-line bg-surface px-6 py-14 text-center shadow-sm sm:px-12">
        <div className="pointer-events-none absolute inset-0 bg-gradient-to-br from-primary/15 via-transparent to-accent/15" />
        <div className="relative">
          <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-fg sm:text-4xl">
            Your next exam starts with one card
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-base text-muted sm:text-lg">
            Create a free account, install Zan on your phone and laptop, and study wherever the day takes you.
          </p>
          <Button size="lg" onClick={onSignUp} className="mt-8 shadow-lg shadow-primary/25">
            Create your free account
            <ArrowRightIcon className="size-4" />
          </Button>
        </div>
      </div>
    </section>
  );
}

export function LandingFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-line/70">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-4 px-4 py-10 text-sm text-muted sm:flex-row sm:justify-between sm:px-6">
        <div className="flex items-center gap-3">
          <ZanLogo markClassName="size-6" className="[&>span:last-child]:text-base" />
          <span className="hidden sm:inline">·</span>
          <span className="hidden sm:inline">The offline-first study companion</span>
        </div>
        <p>© {year} Zan. Made for medical students.</p>
      </div>
    </footer>
  );
}
