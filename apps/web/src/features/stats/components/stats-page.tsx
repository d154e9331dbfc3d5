// The stats page (/dashboard/stats, SPEC §2): study time per period, by subject / by module, CSV export,
// and (beyond the spec) a daily chart, a year heatmap, the review forecast and true retention (issue 18:
// counted by the server from every device's reviews, kept on the device). Otherwise local store only, live.
import type { UserProfile } from '@zan/core';
import { Button, EmptyState, PageHeader, Skeleton } from '../../../ui/index.ts';
import { exportStatsCsv } from '../export-csv.ts';
import { useStats } from '../hooks/use-stats.ts';
import { Breakdown } from './breakdown.tsx';
import { DailyChart, ForecastChart } from './charts.tsx';
import { CalendarHeatmap } from './heatmap.tsx';
import { PeriodCards } from './period-cards.tsx';
import { RetentionSection } from './retention-section.tsx';
import { DownloadIcon, StatsIcon } from '../../../ui/icons.tsx';

export const NO_STUDY_DATA = 'No Study Data Found';
const NO_STUDY_DATA_HINT = "Open a subject's study page and the timer records your study time here.";

export function StatsPage({ profile }: { profile: UserProfile }) {
  const stats = useStats(profile.uid);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        className="mb-0"
        title="Stats"
        description="Your study time on this device, by period, subject and module, and how well you remember."
        actions={
          stats?.hasData ? (
            <Button variant="secondary" onClick={() => exportStatsCsv(stats.bySubject, stats.byModule)}>
              <DownloadIcon className="size-4" />
              Export to CSV
            </Button>
          ) : undefined
        }
      />
      {stats === undefined ? (
        <div aria-busy="true" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          <span className="sr-only">Loading stats…</span>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-28 rounded-2xl" />
          ))}
        </div>
      ) : !stats.hasData ? (
        <>
          <EmptyState
            title={NO_STUDY_DATA}
            description={NO_STUDY_DATA_HINT}
            icon={<StatsIcon className="size-6" />}
          />
          {stats.forecast.some((d) => d.count > 0) && <ForecastChart days={stats.forecast} />}
          <RetentionSection userId={profile.uid} />
        </>
      ) : (
        <>
          <PeriodCards totals={stats.totals} />
          <div className="grid gap-4 lg:grid-cols-2">
            <DailyChart days={stats.daily} />
            <ForecastChart days={stats.forecast} />
          </div>
          <RetentionSection userId={profile.uid} />
          <section aria-label="Breakdown">
            <Breakdown bySubject={stats.bySubject} byModule={stats.byModule} />
          </section>
          <CalendarHeatmap map={stats.heatmap} />
        </>
      )}
    </div>
  );
}
