// Stats → 'Retention' (issue 18): true retention per week / month from every device's reviews (the
// server counts them; the device keeps the last figures with their date), beside the desired retention
// and, with FSRS, the estimated number of cards known.
import { RETENTION_MIN_REVIEWS } from '@zan/core';
import type { ReactNode } from 'react';
import { Card, Skeleton, Tabs, TabsContent, TabsList, TabsTrigger } from '../../../ui/index.ts';
import { useRetention, type RetentionView } from '../hooks/use-retention.ts';
import { RetentionTable, percent } from './retention-table.tsx';

export const RETENTION_TOO_FEW = 'Not enough reviews yet';
export const RETENTION_NONE_OFFLINE =
  'Retention is counted on the server from the reviews of all your devices: go online once to see it here.';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Figure({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: ReactNode;
  hint: ReactNode;
  testId: string;
}) {
  return (
    <div className="rounded-xl border border-line bg-surface-2/40 p-3 sm:p-4" data-testid={testId}>
      <dt className="text-sm font-medium text-muted">{label}</dt>
      <dd className="text-xl font-bold tracking-tight text-fg tabular-nums sm:text-2xl">{value}</dd>
      <dd className="text-xs text-muted">{hint}</dd>
    </div>
  );
}

function Targets({ view }: { view: RetentionView }) {
  if (!view.fsrs)
    return (
      <p className="order-first text-sm text-muted lg:order-none">
        Your scheduler is SM-2, which has no retention target. With FSRS (Account → Scheduler) you choose the
        retention you aim for, and this page estimates how many cards you know.
      </p>
    );
  const known = view.known;
  return (
    <dl className="order-first grid grid-cols-2 content-start gap-3 lg:order-none lg:grid-cols-1">
      <Figure
        testId="retention-desired"
        label="Desired retention"
        value={percent(view.desiredRetention)}
        hint="Your FSRS target"
      />
      <Figure
        testId="retention-known"
        label="Cards known"
        value={known ? Math.round(known.known).toLocaleString() : '—'}
        hint={known ? `estimated, of ${known.cards.toLocaleString()} reviewed` : 'estimated'}
      />
    </dl>
  );
}

function Status({ view }: { view: RetentionView }) {
  if (view.fetchedAt === null) return null;
  const date = when.format(new Date(view.fetchedAt));
  const text = !view.online
    ? `Offline: figures from ${date}.`
    : view.failed
      ? `Could not refresh: figures from ${date}.`
      : `From the reviews of all your devices, updated ${date}.`;
  return (
    <p className="text-xs text-muted" role="status" data-testid="retention-status">
      {text}
    </p>
  );
}

function Figures({ view }: { view: RetentionView }) {
  const s = view.summary;
  if (s === undefined || (s === null && view.online && !view.failed))
    return (
      <div aria-busy="true">
        <span className="sr-only">Loading retention…</span>
        <Skeleton className="h-48 rounded-xl" />
      </div>
    );
  if (s === null)
    return (
      <p className="text-sm text-muted">
        {view.online
          ? 'Retention could not be loaded. It is tried again after the next sync.'
          : RETENTION_NONE_OFFLINE}
      </p>
    );
  if (s.reviews < RETENTION_MIN_REVIEWS)
    return (
      <div className="rounded-xl border border-dashed border-line px-4 py-8 text-center">
        <p className="font-semibold text-fg">{RETENTION_TOO_FEW}</p>
        <p className="mt-1 text-sm text-muted">
          Retention shows once you have reviewed {RETENTION_MIN_REVIEWS} cards again on a later day than you
          studied them ({s.reviews} so far in the last {s.months.length} months).
        </p>
      </div>
    );
  return (
    <Tabs defaultValue="week">
      <TabsList aria-label="Retention period">
        <TabsTrigger value="week">By Week</TabsTrigger>
        <TabsTrigger value="month">By Month</TabsTrigger>
      </TabsList>
      <TabsContent value="week">
        <RetentionTable kind="week" periods={s.weeks} />
      </TabsContent>
      <TabsContent value="month">
        <RetentionTable kind="month" periods={s.months} />
      </TabsContent>
    </Tabs>
  );
}

export function RetentionSection({ userId }: { userId: string }) {
  const view = useRetention(userId);
  return (
    <section aria-labelledby="retention-title">
      <Card className="flex min-w-0 flex-col gap-4">
        <div>
          <h2 id="retention-title" className="text-base font-semibold text-fg">
            Retention
          </h2>
          <p className="text-sm text-muted">
            True retention: the first review of a card each day; Again is a fail, Hard, Good and Easy a pass.
            Young cards have an interval under 21 days, mature cards 21 days or more.
          </p>
        </div>
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_16rem]">
          <div className="flex min-w-0 flex-col gap-2">
            <Figures view={view} />
            <Status view={view} />
          </div>
          <Targets view={view} />
        </div>
      </Card>
    </section>
  );
}
