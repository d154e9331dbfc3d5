// One announcement: type badge (a distinct tone per type), event date, title and description.
import { Badge, type BadgeTone } from '../../../ui/index.ts';
import type { Announcement, AnnouncementType } from '../active-announcements.ts';

const TYPE_TONE: Record<AnnouncementType, BadgeTone> = {
  General: 'primary',
  Exam: 'danger',
  Holiday: 'success',
  Reminder: 'warning',
  Event: 'accent',
};

const STRIPE: Record<AnnouncementType, string> = {
  General: 'bg-primary',
  Exam: 'bg-danger',
  Holiday: 'bg-success',
  Reminder: 'bg-warning',
  Event: 'bg-accent',
};

const dateFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const formatEventDate = (ms: number): string => dateFormat.format(new Date(ms));

export function AnnouncementCard({ a }: { a: Announcement }) {
  const headingId = `announcement-${a.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="relative flex flex-col gap-2 overflow-hidden rounded-2xl border border-line bg-surface p-5 pl-6 shadow-sm"
    >
      <span aria-hidden="true" className={`absolute inset-y-0 left-0 w-1.5 ${STRIPE[a.type]}`} />
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Badge tone={TYPE_TONE[a.type]}>{a.type}</Badge>
        <time dateTime={new Date(a.date).toISOString()} className="text-sm font-medium text-muted">
          {formatEventDate(a.date)}
        </time>
      </div>
      <h2 id={headingId} className="text-lg font-semibold leading-snug text-fg">
        {a.title}
      </h2>
      {a.description && (
        <p className="whitespace-pre-line text-sm leading-relaxed text-muted">{a.description}</p>
      )}
    </article>
  );
}
