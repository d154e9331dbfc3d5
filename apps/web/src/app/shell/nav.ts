// The shells' navigation as data: later screens (Zancards, Stats, Announcements) add an entry here.
export type NavItem = {
  to: string;
  label: string;
  /** When the item counts as current (default: exact path match). */
  activeWhen?: (pathname: string) => boolean;
};

export const STUDENT_NAV: NavItem[] = [
  {
    to: '/dashboard',
    label: 'Dashboard',
    // The module and study pages are reached from the dashboard.
    activeWhen: (p) =>
      p === '/dashboard' || p === '/dashboard/' || p.startsWith('/module/') || p.startsWith('/study/'),
  },
  { to: '/zancards', label: 'Zancards' },
  { to: '/qbank', label: 'Question Bank', activeWhen: (p) => p === '/qbank' || p.startsWith('/qbank/') },
  { to: '/dashboard/stats', label: 'Stats' },
  { to: '/announcements', label: 'Announcements' },
];

export const isActive = (item: NavItem, pathname: string): boolean =>
  item.activeWhen ? item.activeWhen(pathname) : pathname === item.to || pathname === item.to + '/';
