// The admin dashboard: header (MANAGING / VIEWING scope) and the role's tabs, each its own route.
// Unknown tabs fall back to the admin home; an admin asking for a superadmin tab sees Access Denied.
import { classOfYear, type UserProfile } from '@zan/core';
import { Suspense } from 'react';
import { Link, Navigate } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { Badge, cx, Spinner } from '../../ui/index.ts';
import { AccessDenied } from '../../features/errors/index.ts';
import { ADMIN_HOME, isSuperadminTabId, tabsFor } from './admin-tabs.ts';

export function AdminDashboard({ profile, tab }: { profile: UserProfile; tab: string | undefined }) {
  const superadmin = profile.role === 'superadmin';
  const tabs = tabsFor(superadmin);
  const current = tabs.find((t) => t.id === tab);
  useDocumentTitle(current?.label);
  if (!current) {
    if (tab && !superadmin && isSuperadminTabId(tab)) return <AccessDenied />;
    return <Navigate to={ADMIN_HOME} replace />;
  }
  const Tab = current.component;
  return (
    <div className="flex flex-col gap-6">
      <AdminHeader profile={profile} />
      <nav aria-label="Admin sections" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0 [scrollbar-width:none]">
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
export function AdminHeader({ profile }: { profile: UserProfile }) {
  const superadmin = profile.role === 'superadmin';
  const year = profile.adminYearGroup ? classOfYear(profile.adminYearGroup) : '';
  return (
    <header className="flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        <p className="text-xs font-bold tracking-[0.18em] text-primary">{superadmin ? 'VIEWING' : 'MANAGING'}</p>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-2xl font-bold tracking-tight text-fg sm:text-3xl">
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
        </p>
      </div>
    </header>
  );
}
