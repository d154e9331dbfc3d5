// One module on the student dashboard: a link to its module page with the number of subjects and of
// cards due (issue 18).
import { Link } from 'react-router';
import { OfflineMark } from '../../../sync/index.ts';
import { DueCount } from '../../../ui/due-count.tsx';
import { Badge } from '../../../ui/index.ts';
import type { DashboardModule } from '../group-modules.ts';
import { BookIcon } from '../../../ui/icons.tsx';

const subjectCountLabel = (n: number): string => `${n} ${n === 1 ? 'subject' : 'subjects'}`;

/** `offline`: every topic of the module is on this device (the 'Available offline' mark). */
export function ModuleCard({
  module: m,
  offline = false,
  due,
}: {
  module: DashboardModule;
  offline?: boolean;
  due?: number;
}) {
  return (
    <Link
      to={`/module/${encodeURIComponent(m.id)}`}
      className="group flex h-full flex-col gap-3 rounded-2xl border border-line bg-surface p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-primary/50 hover:shadow-md motion-reduce:hover:translate-y-0"
    >
      <div className="flex items-start justify-between gap-3">
        <span
          aria-hidden="true"
          className="grid size-10 shrink-0 place-items-center rounded-xl bg-primary/10 text-primary"
        >
          <BookIcon className="size-5" />
        </span>
        <span className="flex flex-wrap justify-end gap-1">
          {m.isGlobal && <Badge tone="accent">Global</Badge>}
          {!m.isFree && <Badge tone="primary">Premium</Badge>}
        </span>
      </div>
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold leading-snug text-fg group-hover:text-primary">{m.name}</h3>
        {m.extraInfo && <p className="mt-1 line-clamp-2 text-sm text-muted">{m.extraInfo}</p>}
      </div>
      <p className="flex items-center justify-between gap-2 text-sm text-muted">
        <span className="flex flex-wrap items-center gap-2">
          {subjectCountLabel(m.subjectCount)}
          <DueCount count={due} />
          {offline && <OfflineMark />}
        </span>
        <span aria-hidden="true" className="text-primary transition group-hover:translate-x-0.5">
          →
        </span>
      </p>
    </Link>
  );
}
