// Resource navigation of a topic (SPEC §2 Study page): its lectures, flashcard decks and quizzes. A
// strip of pills while a resource is open (it scrolls sideways; see resource-strip-scroll.tsx), cards
// on the topic's home, whose titles wrap rather than being cut off.
import { Link } from 'react-router';
import { StripScrollButton, useStripScroll } from './resource-strip-scroll.tsx';
import { DeckIcon, LectureIcon, QuestionIcon } from '../../../ui/icons.tsx';
import { cx } from '../../../ui/index.ts';
import type { TopicResources } from '../study-types.ts';

export type OpenResource = { kind: 'deck' | 'lecture' | 'quiz'; id: string } | null;

const deckHref = (subjectId: string, deckId: string) =>
  `/study/subject/${encodeURIComponent(subjectId)}/deck/${encodeURIComponent(deckId)}`;
const lectureHref = (subjectId: string, lectureId: string) =>
  `/study/subject/${encodeURIComponent(subjectId)}?lecture=${encodeURIComponent(lectureId)}`;

/** Quizzes open like lectures, by a query parameter, so the page (and its timer) stays mounted. */
const quizHref = (subjectId: string, quizId: string) =>
  `/study/subject/${encodeURIComponent(subjectId)}?quiz=${encodeURIComponent(quizId)}`;

const cardLabel = (n: number) => `${n} ${n === 1 ? 'card' : 'cards'}`;
const questionLabel = (n: number) => `${n} ${n === 1 ? 'question' : 'questions'}`;

const ICONS = { deck: DeckIcon, lecture: LectureIcon, quiz: QuestionIcon } as const;
const ICON_CLASS = 'size-4 shrink-0';

export function ResourceStrip({
  subjectId,
  resources,
  open,
}: {
  subjectId: string;
  resources: TopicResources;
  open: OpenResource;
}) {
  const items = [
    ...resources.lectures.map((l) => ({
      kind: 'lecture' as const,
      id: l.id,
      label: l.title,
      to: lectureHref(subjectId, l.id),
    })),
    ...resources.decks.map((d) => ({
      kind: 'deck' as const,
      id: d.id,
      label: d.name,
      to: deckHref(subjectId, d.id),
    })),
    ...resources.quizzes.map((q) => ({
      kind: 'quiz' as const,
      id: q.id,
      label: q.name,
      to: quizHref(subjectId, q.id),
    })),
  ];
  const strip = useStripScroll(items.length);
  if (items.length <= 1) return null;
  return (
    <nav aria-label="Resources" className="relative -mx-1 mb-4">
      <div
        ref={strip.ref}
        id="resource-strip"
        className={cx(
          'overflow-x-auto px-1 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden',
          strip.maskClass,
        )}
      >
        <ul className="flex w-max gap-2 py-0.5">
          {items.map((it) => {
            const current = open?.kind === it.kind && open.id === it.id;
            const Icon = ICONS[it.kind];
            return (
              <li key={`${it.kind}-${it.id}`}>
                <Link
                  to={it.to}
                  aria-current={current ? 'page' : undefined}
                  className={cx(
                    'inline-flex h-8 max-w-[20rem] items-center gap-1.5 rounded-full border px-3 text-sm transition',
                    current
                      ? 'border-primary/40 bg-primary/10 font-semibold text-primary'
                      : 'border-line bg-surface text-muted hover:text-fg',
                  )}
                >
                  <Icon className={ICON_CLASS} />
                  <span className="truncate" title={it.label}>
                    {it.label}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
      <StripScrollButton side="left" shown={strip.canLeft} onClick={() => strip.scrollBy(-1)} />
      <StripScrollButton side="right" shown={strip.canRight} onClick={() => strip.scrollBy(1)} />
    </nav>
  );
}

export function ResourceList({ subjectId, resources }: { subjectId: string; resources: TopicResources }) {
  const linkClass =
    'group flex items-center gap-3 rounded-xl border border-line bg-surface px-4 py-3.5 shadow-sm transition hover:border-primary/50 hover:bg-surface-2';
  return (
    <nav aria-label="Resources" className="flex flex-col gap-6">
      {resources.lectures.length > 0 && (
        <section>
          <h2 className="mb-2 text-xs font-bold tracking-widest text-muted">LECTURES</h2>
          <ul className="grid gap-2 md:grid-cols-2">
            {resources.lectures.map((l) => (
              <li key={l.id}>
                <Link to={lectureHref(subjectId, l.id)} className={linkClass}>
                  <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-accent/10 text-accent">
                    <LectureIcon className={ICON_CLASS} />
                  </span>
                  <span
                    data-resource-title
                    className="min-w-0 flex-1 break-words font-medium text-fg group-hover:text-primary"
                  >
                    {l.title}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {resources.decks.length > 0 && (
        <section>
          <h2 className="mb-2 text-xs font-bold tracking-widest text-muted">FLASHCARD DECKS</h2>
          <ul className="grid gap-2 md:grid-cols-2">
            {resources.decks.map((d) => (
              <li key={d.id}>
                <Link to={deckHref(subjectId, d.id)} className={linkClass}>
                  <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary">
                    <DeckIcon className={ICON_CLASS} />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span
                      data-resource-title
                      className="block break-words font-medium text-fg group-hover:text-primary"
                    >
                      {d.name}
                    </span>
                    <span className="block text-sm text-muted">{cardLabel(d.cardCount)}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {resources.quizzes.length > 0 && (
        <section>
          <h2 className="mb-2 text-xs font-bold tracking-widest text-muted">QUIZZES</h2>
          <ul className="grid gap-2 md:grid-cols-2">
            {resources.quizzes.map((q) => (
              <li key={q.id}>
                <Link to={quizHref(subjectId, q.id)} className={linkClass}>
                  <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-success/10 text-success">
                    <QuestionIcon className={ICON_CLASS} />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span
                      data-resource-title
                      className="block break-words font-medium text-fg group-hover:text-primary"
                    >
                      {q.name}
                    </span>
                    <span className="block text-sm text-muted">{questionLabel(q.questionCount)}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </nav>
  );
}
