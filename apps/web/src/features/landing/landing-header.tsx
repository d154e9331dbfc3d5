// The landing top bar: logo, section links, Sign In / Sign Up; under md a hamburger opens a side panel
// holding the same actions (scroll locked, Escape closes — see ui/SidePanel).
import { useEffect, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { ZanLogo } from '../../ui/logo.tsx';
import { SidePanel } from '../../ui/side-panel.tsx';
import { CloseIcon, MenuIcon } from '../../ui/icons.tsx';

type Props = { onSignIn: () => void; onSignUp: () => void };

const SECTIONS = [
  { id: 'features', label: 'Features' },
  { id: 'testimonials', label: 'Students' },
] as const;

/** Scrolls to a section without touching the URL (the router owns navigation and scroll reset). */
function scrollToSection(id: string): void {
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  document.getElementById(id)?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
}

export function LandingHeader({ onSignIn, onSignUp }: Props) {
  const [menuOpen, setMenuOpen] = useState(false);

  // The panel is for narrow screens only: close it if the window grows past the breakpoint.
  useEffect(() => {
    if (!menuOpen || typeof window.matchMedia !== 'function') return;
    const mq = window.matchMedia('(min-width: 768px)');
    const onChange = () => mq.matches && setMenuOpen(false);
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, [menuOpen]);

  const run = (action: () => void) => () => {
    setMenuOpen(false);
    action();
  };

  return (
    <header className="sticky top-0 z-30 border-b border-line/70 bg-bg/80 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <button
          type="button"
          className="rounded-lg"
          aria-label="Zan — back to top"
          onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        >
          <ZanLogo />
        </button>
        <nav aria-label="Sections" className="ml-6 hidden items-center gap-1 md:flex">
          {SECTIONS.map((s) => (
            <button
              key={s.id}
              type="button"
              onClick={() => scrollToSection(s.id)}
              className="rounded-lg px-3 py-1.5 text-sm font-medium text-muted transition hover:bg-surface-2 hover:text-fg"
            >
              {s.label}
            </button>
          ))}
        </nav>
        <div className="ml-auto hidden items-center gap-2 md:flex">
          <Button variant="ghost" onClick={onSignIn}>
            Sign In
          </Button>
          <Button onClick={onSignUp}>Sign Up</Button>
        </div>
        <button
          type="button"
          className="ml-auto grid size-10 place-items-center rounded-lg border border-line bg-surface text-fg hover:bg-surface-2 md:hidden"
          aria-label="Open menu"
          aria-expanded={menuOpen}
          aria-controls="landing-menu"
          aria-haspopup="dialog"
          onClick={() => setMenuOpen(true)}
        >
          <MenuIcon className="size-5" strokeWidth={1.8} />
        </button>
      </div>

      <SidePanel open={menuOpen} onClose={() => setMenuOpen(false)} label="Menu" id="landing-menu">
        <div className="flex h-16 items-center justify-between border-b border-line px-4">
          <ZanLogo />
          <button
            type="button"
            onClick={() => setMenuOpen(false)}
            aria-label="Close menu"
            className="grid size-10 place-items-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg"
          >
            <CloseIcon className="size-5" strokeWidth={1.8} />
          </button>
        </div>
        <nav aria-label="Sections" className="flex flex-col gap-1 p-3">
          {SECTIONS.map((s) => (
            <button
              key={s.id}
              type="button"
              onClick={run(() => scrollToSection(s.id))}
              className="rounded-lg px-3 py-2.5 text-left font-medium text-fg hover:bg-surface-2"
            >
              {s.label}
            </button>
          ))}
        </nav>
        <div className="mt-auto flex flex-col gap-2 border-t border-line p-4">
          <Button variant="secondary" size="lg" onClick={run(onSignIn)}>
            Sign In
          </Button>
          <Button size="lg" onClick={run(onSignUp)}>
            Sign Up
          </Button>
        </div>
      </SidePanel>
    </header>
  );
}
