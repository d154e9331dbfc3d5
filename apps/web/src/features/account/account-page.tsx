// /dashboard/account (SPEC §2 Account page): who you are, your theme, how to reach us, sign out.
// Data Management (export/import) and Troubleshooting ('Perform Full Sync') live in study-data/, the
// Scheduler (issue 18: SM-2 or FSRS, daily limits) in scheduler/.
import { MSG, roleLabel, scopeOf, type Role, type UserProfile } from '@zan/core';
import { useState, type ReactNode } from 'react';
import {
  Badge,
  Button,
  Card,
  ConfirmDialog,
  PageHeader,
  ThemesGrid,
  type BadgeTone,
} from '../../ui/index.ts';
import { fullName, initials } from '../../lib/profile.ts';
import { useAuth } from '../../lib/session/index.ts';
import { KeepModulesToggle, useSync } from '../../sync/index.ts';
import { CameraIcon, ChatIcon } from '../../ui/icons.tsx';
import { CONTACT_LINKS } from './contact-links.ts';
import { SchedulerSection } from './scheduler/scheduler-section.tsx';
import { AnkiProgressSection } from './anki-progress/anki-progress-section.tsx';
import { DataManagementSection } from './study-data/data-management-section.tsx';
import { TroubleshootingSection } from './study-data/troubleshooting-section.tsx';

export function AccountPage() {
  const { profile, signOut } = useAuth();
  const { flushProgress } = useSync();
  const [leaving, setLeaving] = useState(false);
  /** Ops still waiting after the upload attempt: sign-out asks first (they stay on this device). */
  const [unsent, setUnsent] = useState(0);
  if (!profile) return null;
  const leave = async () => {
    setLeaving(true);
    await signOut();
  };

  return (
    <div className="mx-auto w-full max-w-4xl">
      <PageHeader title="Account" description="Your profile, study data, appearance and support." />
      <div className="flex flex-col gap-6">
        <ProfileCard profile={profile} />

        <SchedulerSection userId={profile.uid} />

        <DataManagementSection userId={profile.uid} />

        <AnkiProgressSection />

        <TroubleshootingSection userId={profile.uid} />

        <Section
          title="Offline study"
          description="What this device keeps for studying without a connection."
        >
          <KeepModulesToggle userId={profile.uid} />
        </Section>

        <Section title="Theme" description="Choose how Zan looks on this device.">
          <ThemesGrid />
        </Section>

        <Section title="Contact us" description="Questions, feedback or a problem? We are happy to help.">
          <ul className="grid gap-3 sm:grid-cols-2">
            {CONTACT_LINKS.map((link) => (
              <li key={link.id}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex items-center gap-3 rounded-xl border border-line bg-surface px-4 py-3 transition hover:border-primary/50 hover:bg-surface-2"
                >
                  <span
                    aria-hidden="true"
                    className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary"
                  >
                    {link.id === 'whatsapp' ? (
                      <ChatIcon className="size-5" />
                    ) : (
                      <CameraIcon className="size-5" />
                    )}
                  </span>
                  <span className="min-w-0">
                    <span className="block font-medium text-fg">{link.label}</span>
                    <span className="block truncate text-sm text-muted">{link.description}</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </Section>

        <Card className="flex flex-wrap items-center justify-between gap-4">
          <div>
            <h2 className="font-semibold text-fg">Sign out</h2>
            <p className="text-sm text-muted">Your study progress stays saved on this device.</p>
          </div>
          <Button
            variant="danger"
            busy={leaving}
            onClick={async () => {
              setLeaving(true);
              const remaining = await flushProgress().catch(() => 0);
              if (remaining > 0) {
                setLeaving(false);
                setUnsent(remaining);
                return;
              }
              await signOut();
            }}
          >
            Sign Out
          </Button>
        </Card>
        <ConfirmDialog
          open={unsent > 0}
          onOpenChange={(open) => !open && setUnsent(0)}
          title={MSG.signOutPendingTitle}
          body={MSG.signOutPendingBody(unsent)}
          confirmLabel="Sign Out"
          onConfirm={leave}
        />
      </div>
    </div>
  );
}

/** The role badge's tone: students primary, admins and superadmins accent. */
const ROLE_TONES: Record<Role, BadgeTone> = { user: 'primary', admin: 'accent', superadmin: 'accent' };

function ProfileCard({ profile }: { profile: UserProfile }) {
  const rows: Array<[string, ReactNode]> = [
    ['Email', profile.email],
    ['College', profile.collegeName ?? '—'],
    ['Year group', profile.yearGroup ?? '—'],
    ['Role', roleLabel(profile.role)],
  ];
  if (scopeOf(profile).kind === 'admin') {
    rows.push([
      'Manages',
      [profile.adminCollegeName, profile.adminYearGroup].filter(Boolean).join(' · ') || '—',
    ]);
  }
  return (
    <section aria-label="Profile" className="rounded-2xl border border-line bg-surface shadow-sm">
      <div className="flex items-center gap-4 border-b border-line p-5">
        <span
          aria-hidden="true"
          className="grid size-14 shrink-0 place-items-center rounded-2xl bg-primary text-lg font-bold text-primary-fg sm:size-16 sm:text-xl"
        >
          {initials(profile)}
        </span>
        <div className="min-w-0 flex-1">
          <p className="break-words text-xl font-semibold leading-tight text-fg">{fullName(profile)}</p>
          <p className="truncate text-sm text-muted">{profile.email}</p>
          <Badge tone={ROLE_TONES[profile.role]} className="mt-2">
            {roleLabel(profile.role)}
          </Badge>
        </div>
      </div>
      <dl className="grid gap-x-6 gap-y-4 p-5 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</dt>
            <dd className="mt-0.5 break-words text-fg">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <h2 className="font-semibold text-fg">{title}</h2>
      <p className="mb-4 text-sm text-muted">{description}</p>
      {children}
    </Card>
  );
}
