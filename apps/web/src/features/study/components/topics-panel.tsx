// The left Topics sidebar: the subject's topics; choosing one shows its resources.
import { cx } from '../../../ui/index.ts';
import type { StudyTopic } from '../study-types.ts';

type Props = { topics: StudyTopic[]; selectedId: string | null; onSelect: (topicId: string) => void };

export function TopicsPanel({ topics, selectedId, onSelect }: Props) {
  return (
    <nav aria-label="Topics" className="flex flex-col gap-1 p-3">
      <h2 className="px-2 pb-2 pt-1 text-xs font-bold tracking-widest text-muted">TOPICS</h2>
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
