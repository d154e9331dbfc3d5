// The signed-in frame shared by the student and admin shells: header with brand, navigation, the
// student's search, offline pill, SYNC button (its messages float below the header) and user badge; on phones a menu button
// opens a side panel (scroll locked, closes on navigation).
import type { UserProfile } from '@zan/core';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { cx, SidePanel, ZanLogo } from '../../ui/index.ts';
import type { Connection } from '../../lib/session/index.ts';
import { SyncButton, SyncStatus } from '../../sync/index.ts';
import { isActive, type NavItem } from './nav.ts';
import { useShellMode } from './shell-mode.ts';
import { ACCOUNT_PATH, UserBadge } from './user-badge.tsx';
import { CloseIcon, MenuIcon } from '../../ui/icons.tsx';

export type ShellLayoutProps = {
  profile: UserProfile;
  connection: Connection;
  nav: NavItem[];
  homeTo: string;
  /** The student's search (features/search), in the header before the status and SYNC button. */
  search?: ReactNode;
  children: ReactNode;
};

export function ShellLayout({ profile, connection, nav, homeTo, search, children }: ShellLayoutProps) {
  const location = useLocation();
  // The study page: full width, compact header, and a viewport-high body whose columns scroll.
  const study = useShellMode() === 'study';
  // The menu is open for the location it was opened at, so any navigation closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const menuOpen = openAt === location.key;
  const onAccount = location.pathname === ACCOUNT_PATH;

  return (
    <div className={cx('flex flex-col bg-bg', study ? 'h-dvh' : 'min-h-dvh')}>
      <header className="sticky top-0 z-30 border-b border-line bg-surface/90 backdrop-blur supports-[backdrop-filter]:bg-surface/75">
        <div
          className={cx(
            'mx-auto flex w-full items-center gap-3 px-4 sm:px-6',
            study ? 'h-12' : 'h-16 max-w-7xl',
          )}
        >
          <Link to={homeTo} className="shrink-0 rounded-lg" aria-label="Zan home">
            <ZanLogo />
          </Link>
          <nav aria-label="Main" className="ml-4 hidden md:block">
            <NavList items={nav} pathname={location.pathname} />
          </nav>
          <div className="ml-auto flex min-w-0 items-center gap-2">
            {search}
            {connection === 'offline' && <OfflinePill />}
            <SyncButton />
            <UserBadge profile={profile} current={onAccount} className="hidden md:flex" />
            <button
              type="button"
              className="grid size-10 place-items-center rounded-lg text-fg hover:bg-surface-2 md:hidden"
              aria-label="Open menu"
              aria-haspopup="dialog"
              aria-expanded={menuOpen}
              aria-controls="shell-menu"
              onClick={() => setOpenAt(location.key)}
            >
              <MenuIcon className="size-6" />
            </button>
          </div>
        </div>
      </header>
      <SyncStatus />

      <SidePanel id="shell-menu" label="Menu" open={menuOpen} onClose={() => setOpenAt(null)}>
        <div className="flex h-16 items-center justify-between border-b border-line px-4">
          <ZanLogo />
          <button
            type="button"
            className="grid size-10 place-items-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg"
            aria-label="Close menu"
            onClick={() => setOpenAt(null)}
          >
            <CloseIcon className="size-5" />
          </button>
        </div>
        <nav aria-label="Main" className="flex-1 p-3">
          <NavList items={nav} pathname={location.pathname} vertical />
        </nav>
        <div className="border-t border-line p-3">
          <UserBadge profile={profile} current={onAccount} className="w-full" />
        </div>
      </SidePanel>

      <main
        id="main"
        className={cx(
          'w-full flex-1',
          study ? 'flex min-h-0 flex-col' : 'mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8',
        )}
      >
        {children}
      </main>
    </div>
  );
}

function NavList({ items, pathname, vertical }: { items: NavItem[]; pathname: string; vertical?: boolean }) {
  return (
    <ul className={cx('flex gap-1', vertical && 'flex-col')}>
      {items.map((item) => {
        const active = isActive(item, pathname);
        return (
          <li key={item.to}>
            <Link
              to={item.to}
              aria-current={active ? 'page' : undefined}
              className={cx(
                'flex items-center rounded-lg px-3 text-sm font-medium transition',
                vertical ? 'h-11 text-base' : 'h-9',
                active ? 'bg-primary/10 text-primary' : 'text-muted hover:bg-surface-2 hover:text-fg',
              )}
            >
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function OfflinePill() {
  return (
    <span
      role="status"
      title="Working from this device. Changes reach the server when you are back online."
      className="inline-flex items-center gap-1.5 rounded-full border border-warning/40 bg-warning/10 px-2.5 py-1 text-xs font-semibold text-warning"
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-warning" />
      Offline
    </span>
  );
}
