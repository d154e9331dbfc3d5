// The FSRS parameters in use ('Default parameters' or 'Personal parameters from N reviews (date)') and
// 'Optimize' (issue 18): online only; its progress, then the new fit beside the old, 'The current
// parameters already fit best', that more reviews (or cards) are needed, or why it failed. Issue 38:
// while the student's runs are bounded the button is disabled and says until when.
import { MSG, type OptimizeJob, type SchedulerSettings } from '@zan/core';
import { useId } from 'react';
import { Alert, Button } from '../../../ui/index.ts';
import { useOptimize } from './use-optimize.ts';

const dateOf = (ms: number) =>
  new Date(ms).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const fit = (x: number) => x.toFixed(4);

export function OptimizePanel({ settings }: { settings: SchedulerSettings }) {
  const o = useOptimize();
  const titleId = useId();
  const reasonId = useId();
  const source = settings.parametersSource;
  // Why the button cannot start a run now: offline, or (issue 38) the student's runs are bounded.
  const reason = !o.online
    ? MSG.optimizeOffline
    : o.limit
      ? MSG.optimizeLimited(Math.max(1, Math.ceil((o.limit.until - Date.now()) / 1000)), o.limit.reviewsToGo)
      : null;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2">
      <h3 id={titleId} className="text-sm font-medium text-fg">
        Parameters
      </h3>
      <p className="text-sm text-fg">
        {source.kind === 'personal'
          ? MSG.parametersPersonal(source.reviews, dateOf(source.optimizedAt))
          : MSG.parametersDefault}
        {source.kind === 'personal' && (
          <span className="block text-xs text-muted">
            Log loss {fit(source.logLoss)} · RMSE {fit(source.rmse)}
          </span>
        )}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Button
          type="button"
          variant="secondary"
          busy={o.running}
          disabled={reason !== null || o.running}
          aria-describedby={reason === null ? undefined : reasonId}
          onClick={o.start}
          className="sm:w-auto"
        >
          Optimize
        </Button>
        {reason !== null ? (
          <p id={reasonId} className="text-sm text-muted">
            {reason}
          </p>
        ) : (
          <p className="text-xs text-muted">
            Fits the parameters to your own reviews (a few hundred at least). Runs on the server.
          </p>
        )}
      </div>
      <Outcome job={o.job} personal={source.kind === 'personal'} />
      {o.error && <Alert tone="error">{o.error}</Alert>}
    </section>
  );
}

function Outcome({ job, personal }: { job: OptimizeJob | null; personal: boolean }) {
  if (!job) return null;
  if (job.status === 'queued')
    return (
      <p role="status" className="text-sm text-muted">
        {MSG.optimizeQueued(job.ahead)}
      </p>
    );
  if (job.status === 'running') {
    const percent = Math.round(job.progress * 100);
    return (
      <div className="flex flex-col gap-1">
        <div
          role="progressbar"
          aria-label="Optimizing"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 w-full overflow-hidden rounded-full bg-surface"
        >
          <div
            className="h-full rounded-full bg-primary transition-[width] duration-200 motion-reduce:transition-none"
            style={{ width: `${percent}%` }}
          />
        </div>
        <p role="status" className="text-sm text-muted">
          {MSG.optimizeRunning(percent)}
        </p>
      </div>
    );
  }
  if (job.status === 'failed') return <Alert tone="error">{MSG.optimizeFailure(job.reason)}</Alert>;
  const out = job.outcome;
  if (out.kind === 'few')
    return <Alert tone="info">{MSG.optimizeFew(out.reviews, out.needed, personal)}</Alert>;
  if (out.kind === 'sparse') return <Alert tone="info">{MSG.optimizeSparse(out.cards, personal)}</Alert>;
  const improved = out.kind === 'improved';
  return (
    <Alert tone={improved ? 'success' : 'info'}>
      <p>{improved ? MSG.optimizeImproved : MSG.optimizeKept}</p>
      <table className="mt-2 text-xs">
        <caption className="sr-only">Fit to your {out.reviews} reviews (lower is better)</caption>
        <thead>
          <tr>
            <td />
            <th scope="col" className="px-2 text-left font-medium">
              {improved ? 'Before' : 'Current'}
            </th>
            <th scope="col" className="px-2 text-left font-medium">
              {improved ? 'New' : 'Fitted'}
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row" className="pr-2 text-left font-medium">
              Log loss
            </th>
            <td className="px-2 tabular-nums">{fit(out.current.logLoss)}</td>
            <td className="px-2 tabular-nums">{fit(out.fitted.logLoss)}</td>
          </tr>
          <tr>
            <th scope="row" className="pr-2 text-left font-medium">
              RMSE
            </th>
            <td className="px-2 tabular-nums">{fit(out.current.rmse)}</td>
            <td className="px-2 tabular-nums">{fit(out.fitted.rmse)}</td>
          </tr>
        </tbody>
      </table>
    </Alert>
  );
}
