// The admin dashboard: header (MANAGING / VIEWING scope) and the tabs core can() allows, each its own
// route. Unknown tabs fall back to the admin home; a tab the actor may not open shows Access Denied.
import { can, classOfYear, type UserProfile } from '@zan/core';
import { Suspense } from 'react';
import { Link, Navigate } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { Badge, cx, Spinner } from '../../ui/index.ts';
import { AccessDenied } from '../../features/errors/index.ts';
import { actorOf } from '../../lib/permissions.ts';
import { useLiveAdminRefresh } from '../../lib/resources/use-live-refresh.ts';
import { ADMIN_HOME, ADMIN_TABS } from './admin-tabs.ts';

export function AdminDashboard({ profile, tab }: { profile: UserProfile; tab: string | undefined }) {
  useLiveAdminRefresh();
  const actor = actorOf(profile);
  const tabs = ADMIN_TABS.filter((t) => can(actor, t.action));
  const current = tabs.find((t) => t.id === tab);
  useDocumentTitle(current?.label);
  if (!current) {
    if (tab && ADMIN_TABS.some((t) => t.id === tab)) return <AccessDenied />;
    return <Navigate to={ADMIN_HOME} replace />;
  }
  const Tab = current.component;
  return (
    <div className="flex flex-col gap-6">
      <AdminHeader profile={profile} />
      <nav
        aria-label="Admin sections"
        className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0 [scrollbar-width:none]"
      >
        <ul className="flex w-max gap-1 rounded-xl border border-line bg-surface-2 p-1">
          {tabs.map((t) => {
            const active = t.id === current.id;
            return (
              <li key={t.id}>
                <Link
                  to={`/dashboard/${t.id}`}
                  aria-current={active ? 'page' : undefined}
                  className={cx(
                    'inline-flex h-9 items-center whitespace-nowrap rounded-lg px-3 text-sm font-medium transition',
                    active ? 'bg-surface text-fg shadow-sm' : 'text-muted hover:text-fg',
                  )}
                >
                  {t.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {/* The tab is its own labelled section (one landmark per tab, not two). */}
      <div>
        <Suspense
          fallback={
            <div className="grid min-h-40 place-items-center text-muted">
              <Spinner label="Loading…" />
            </div>
          }
        >
          <Tab />
        </Suspense>
      </div>
    </div>
  );
}

/** MANAGING {college} CLASS OF {year} for an admin; VIEWING All Content for a superadmin (SPEC §2). */
function AdminHeader({ profile }: { profile: UserProfile }) {
  // Who manages colleges sees every college's content: VIEWING All Content.
  const superadmin = can(actorOf(profile), 'colleges.manage');
  const year = profile.adminYearGroup ? classOfYear(profile.adminYearGroup) : '';
  return (
    <header className="flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        <p className="text-xs font-bold tracking-[0.18em] text-primary">
          {superadmin ? 'VIEWING' : 'MANAGING'}
        </p>
        <h1 className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-2xl font-bold tracking-tight text-fg sm:text-3xl">
          {superadmin ? (
            'All Content'
          ) : (
            <>
              <span className="min-w-0 break-words">{profile.adminCollegeName ?? 'No college assigned'}</span>
              {year && (
                <Badge tone="accent" className="text-sm">
                  {'CLASS OF ' + year}
                </Badge>
              )}
            </>
          )}
        </h1>
      </div>
    </header>
  );
}
