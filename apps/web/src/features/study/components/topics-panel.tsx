// The left Topics sidebar: the subject's topics with their due cards (issue 18) and 'Review all due' for
// the subject; choosing a topic shows its resources.
import type { DueCounts } from '@zan/core';
import { DueCount } from '../../../ui/due-count.tsx';
import { cx } from '../../../ui/index.ts';
import { ReviewAllDueLink } from '../../../ui/review-link.tsx';
import type { StudyTopic } from '../study-types.ts';

type Props = {
  topics: StudyTopic[];
  selectedId: string | null;
  onSelect: (topicId: string) => void;
  subjectId: string;
  due: DueCounts | undefined;
};

export function TopicsPanel({ topics, selectedId, onSelect, subjectId, due }: Props) {
  return (
    <nav aria-label="Topics" className="flex flex-col gap-1 p-3">
      <div className="flex items-center justify-between gap-2 px-2 pb-2 pt-1">
        <h2 className="text-xs font-bold tracking-widest text-muted">TOPICS</h2>
        <DueCount count={due?.bySubject.get(subjectId)} />
      </div>
      {topics.length > 0 && (
        <ReviewAllDueLink
          scope={{ subjectId }}
          size="sm"
          className="mx-2 mb-2"
          label="Review all due in this subject"
        />
      )}
      {topics.length === 0 ? (
        <p className="px-2 text-sm text-muted">No topics in this subject yet.</p>
      ) : (
        <ul className="flex flex-col gap-0.5">
          {topics.map((t) => {
            const current = t.id === selectedId;
            return (
              <li key={t.id}>
                <button
                  type="button"
                  onClick={() => onSelect(t.id)}
                  aria-current={current ? 'true' : undefined}
                  className={cx(
                    'flex w-full items-center gap-2 rounded-lg px-2.5 py-2 text-left text-sm transition',
                    current ? 'bg-primary/10 font-semibold text-primary' : 'text-fg hover:bg-surface-2',
                  )}
                >
                  <span className="min-w-0 flex-1">{t.name}</span>
                  <DueCount count={due?.byTopic.get(t.id)} />
                  {t.lastSynced === null && (
                    <span
                      title="Not downloaded yet"
                      className="size-1.5 shrink-0 rounded-full bg-muted"
                      aria-label="Not downloaded yet"
                    />
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}
