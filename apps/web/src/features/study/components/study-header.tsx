// The study page's bar: sidebar toggles, the breadcrumb Dashboard / module / subject / topic, and the
// study timer.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cx } from '../../../ui/index.ts';
import { PanelLeftIcon, PanelRightIcon } from '../../../ui/icons.tsx';

type Crumbs = {
  module: { id: string; name: string } | null;
  subject: { id: string; name: string };
  topic: string | null;
};

type Toggle = { label: string; expanded: boolean; controls: string; onClick: () => void };

function SidebarToggle({ label, expanded, controls, onClick, side }: Toggle & { side: 'left' | 'right' }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-expanded={expanded}
      aria-controls={controls}
      className={cx(
        'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-lg border px-2.5 text-sm font-medium transition',
        expanded
          ? 'border-primary/30 bg-primary/10 text-primary'
          : 'border-line bg-surface text-muted hover:text-fg',
      )}
    >
      {side === 'left' ? <PanelLeftIcon className="size-4" /> : <PanelRightIcon className="size-4" />}
      <span className="sr-only sm:not-sr-only">{label}</span>
    </button>
  );
}

function Breadcrumb({ module, subject, topic }: Crumbs) {
  const items: ReactNode[] = [
    <Link key="d" to="/dashboard" className="hover:text-primary hover:underline">
      Dashboard
    </Link>,
  ];
  if (module)
    items.push(
      <Link
        key="m"
        to={`/module/${encodeURIComponent(module.id)}`}
        className="hover:text-primary hover:underline"
      >
        {module.name}
      </Link>,
    );
  items.push(
    topic ? (
      <Link
        key="s"
        to={`/study/subject/${encodeURIComponent(subject.id)}`}
        className="hover:text-primary hover:underline"
      >
        {subject.name}
      </Link>
    ) : (
      <span key="s" aria-current="page" className="font-semibold text-fg">
        {subject.name}
      </span>
    ),
  );
  if (topic)
    items.push(
      <span key="t" aria-current="page" className="font-semibold text-fg">
        {topic}
      </span>,
    );
  return (
    <nav aria-label="Breadcrumb" className="min-w-0">
      <ol className="flex min-w-0 items-center gap-1.5 overflow-hidden whitespace-nowrap text-sm text-muted">
        {items.map((item, i) => (
          <li
            key={i}
            className={cx(
              'min-w-0 items-center gap-1.5',
              i < items.length - 1 ? 'shrink-[2]' : 'shrink',
              // Phones show the last two crumbs; the rest are a tap away on the dashboard.
              i < items.length - 2 ? 'hidden sm:flex' : 'flex',
            )}
          >
            {i > 0 && (
              <span aria-hidden="true" className={cx(i === items.length - 2 && 'hidden sm:inline')}>
                /
              </span>
            )}
            <span className="truncate">{item}</span>
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function StudyHeader({
  crumbs,
  left,
  right,
  timer,
}: {
  crumbs: Crumbs;
  left: Toggle;
  right: Toggle;
  timer: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-line bg-surface px-3 py-2 sm:px-4">
      <SidebarToggle side="left" {...left} />
      <div className="order-last w-full min-w-0 sm:order-none sm:w-auto sm:flex-1">
        <Breadcrumb {...crumbs} />
      </div>
      <div className="ml-auto flex items-center gap-2 sm:ml-0">
        {timer}
        <SidebarToggle side="right" {...right} />
      </div>
    </div>
  );
}
