// `/install` (SPEC §2, §4 Install): how to install Zan on desktop Chrome, iOS Safari and Android Chrome,
// a one-tap install when the browser offers its prompt, and an installed state. State comes from app/pwa.ts.
import type { ReactNode } from 'react';
import { Badge, Button, PageHeader, ZanMark } from '../../ui/index.ts';
import {
  AddIcon,
  CheckIcon,
  DesktopIcon,
  InstallIcon,
  KebabIcon,
  PhoneIcon,
  ShareIcon,
} from '../../ui/icons.tsx';

export type InstallPageProps = {
  onGoToDashboard: () => void;
  onSignOutAndContinue: () => void;
  /** The browser offered its install prompt (beforeinstallprompt). */
  canInstall: boolean;
  /** Running as the installed app, or the app was just installed. */
  installed: boolean;
  onInstall: () => void;
};

// The small icons that mirror the browser controls named in the steps, set in the line of text.
const GLYPH = 'inline-block size-4.5 align-[-0.2em]';

type Platform = { id: string; title: string; browser: string; icon: ReactNode; steps: ReactNode[] };

const PLATFORMS: readonly Platform[] = [
  {
    id: 'desktop',
    title: 'Desktop',
    browser: 'Chrome',
    icon: <DesktopIcon className={GLYPH} />,
    steps: [
      'Open Zan in Google Chrome on your computer.',
      <>
        Click the install icon <InstallIcon className={GLYPH} label="install icon" /> at the right end of the
        address bar (or open the menu <KebabIcon className={GLYPH} label="menu icon" /> and choose{' '}
        <strong>Install Zan</strong>).
      </>,
      <>
        Confirm with <strong>Install</strong>. Zan opens in its own window and is added to your apps.
      </>,
    ],
  },
  {
    id: 'ios',
    title: 'iPhone & iPad',
    browser: 'Safari',
    icon: <PhoneIcon className={GLYPH} />,
    steps: [
      'Open Zan in Safari (other browsers on iOS cannot install apps).',
      <>
        Tap the Share button <ShareIcon className={GLYPH} label="Share icon" /> in the toolbar.
      </>,
      <>
        Scroll down and tap <strong>Add to Home Screen</strong> <AddIcon className={GLYPH} label="add icon" />
        , then tap <strong>Add</strong>.
      </>,
    ],
  },
  {
    id: 'android',
    title: 'Android',
    browser: 'Chrome',
    icon: <PhoneIcon className={GLYPH} />,
    steps: [
      'Open Zan in Google Chrome on your phone or tablet.',
      <>
        Tap the menu <KebabIcon className={GLYPH} label="menu icon" /> in the top-right corner.
      </>,
      <>
        Tap <strong>Install app</strong> (or <strong>Add to Home screen</strong>) and confirm.
      </>,
    ],
  },
];

export function InstallPage({
  onGoToDashboard,
  onSignOutAndContinue,
  canInstall,
  installed,
  onInstall,
}: InstallPageProps) {
  return (
    <main id="main" className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <PageHeader
        eyebrow={<ZanMark className="size-10" />}
        title="Install Zan"
        description="Install Zan as an app for a full-screen experience, a home-screen icon and reliable offline study — your decks stay on your device."
        actions={installed ? <Badge tone="success">Installed</Badge> : undefined}
      />

      <InstallBanner canInstall={canInstall} installed={installed} onInstall={onInstall} />

      <div className="mt-8 grid gap-4 md:grid-cols-3">
        {PLATFORMS.map((p) => (
          <section
            key={p.id}
            aria-labelledby={`install-${p.id}`}
            className="flex flex-col rounded-2xl border border-line bg-surface p-5 shadow-sm"
          >
            <div className="flex items-center gap-3">
              <span className="grid size-10 place-items-center rounded-xl bg-primary/12 text-primary">
                {p.icon}
              </span>
              <div>
                <h2 id={`install-${p.id}`} className="font-semibold text-fg">
                  {p.title}
                </h2>
                <p className="text-sm text-muted">{p.browser}</p>
              </div>
            </div>
            <ol className="mt-5 flex flex-col gap-3.5">
              {p.steps.map((step, i) => (
                <li key={i} className="flex gap-3 text-sm leading-relaxed text-fg">
                  <span
                    aria-hidden="true"
                    className="grid size-6 shrink-0 place-items-center rounded-full bg-surface-2 text-xs font-semibold text-muted"
                  >
                    {i + 1}
                  </span>
                  <span className="min-w-0 pt-0.5">{step}</span>
                </li>
              ))}
            </ol>
          </section>
        ))}
      </div>

      <div className="mt-10 flex flex-col-reverse gap-3 border-t border-line pt-8 sm:flex-row sm:justify-end">
        <Button variant="secondary" size="lg" onClick={onSignOutAndContinue}>
          Sign Out &amp; Continue on Web
        </Button>
        <Button size="lg" onClick={onGoToDashboard}>
          Go to Dashboard
        </Button>
      </div>
    </main>
  );
}

function InstallBanner({
  canInstall,
  installed,
  onInstall,
}: Pick<InstallPageProps, 'canInstall' | 'installed' | 'onInstall'>) {
  if (installed) {
    return (
      <div
        role="status"
        className="flex items-center gap-3 rounded-2xl border border-success/40 bg-success/10 px-5 py-4 text-fg"
      >
        <span
          aria-hidden="true"
          className="grid size-9 shrink-0 place-items-center rounded-full bg-success text-bg"
        >
          <CheckIcon className="size-5" strokeWidth={2.4} />
        </span>
        <p className="text-sm">
          <strong className="font-semibold">Zan is installed.</strong> Open it from your home screen or app
          list — it works offline after your first sync.
        </p>
      </div>
    );
  }
  if (!canInstall) return null;
  return (
    <div className="flex flex-col items-start gap-4 rounded-2xl border border-primary/30 bg-primary/8 px-5 py-4 sm:flex-row sm:items-center">
      <p className="flex-1 text-sm text-fg">
        <strong className="font-semibold">Your browser can install Zan right now.</strong> One click, no app
        store.
      </p>
      <Button onClick={onInstall}>Install app</Button>
    </div>
  );
}
