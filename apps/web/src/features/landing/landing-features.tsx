// The features grid of SPEC §1: offline use, spaced repetition, quizzes, expert content, progress
// tracking and a study community.
import type { ComponentType } from 'react';
import {
  ChartIcon,
  CommunityIcon,
  ExpertIcon,
  OfflineIcon,
  QuizIcon,
  RepeatIcon,
  type IconProps,
} from '../../ui/icons.tsx';

type Feature = { title: string; body: string; Icon: ComponentType<IconProps>; tint: string };

const FEATURES: readonly Feature[] = [
  {
    title: 'Study offline',
    body: "Decks, quizzes and notes live on your device. No signal in the hospital basement? Keep going — Zan syncs when you're back online.",
    Icon: OfflineIcon,
    tint: 'bg-primary/12 text-primary',
  },
  {
    title: 'Spaced repetition',
    body: 'Every card comes back right before you would forget it, so hours of cramming become minutes of review that actually stick.',
    Icon: RepeatIcon,
    tint: 'bg-accent/12 text-accent',
  },
  {
    title: 'Exam-style quizzes',
    body: 'Multiple-choice questions with explanations turn every wrong answer into a lesson before it costs you marks.',
    Icon: QuizIcon,
    tint: 'bg-success/12 text-success',
  },
  {
    title: 'Expert content',
    body: 'Lecture notes, decks and question banks curated by your faculty and organised by module, subject and topic for your year.',
    Icon: ExpertIcon,
    tint: 'bg-warning/12 text-warning',
  },
  {
    title: 'Progress tracking',
    body: 'Your study time by subject and module shows where you stand today, this week, this month and this year — and exports to CSV.',
    Icon: ChartIcon,
    tint: 'bg-primary/12 text-primary',
  },
  {
    title: 'Study community',
    body: 'Announcements from your college and shared resources keep your whole year group learning together.',
    Icon: CommunityIcon,
    tint: 'bg-accent/12 text-accent',
  },
];

export function LandingFeatures() {
  return (
    <section
      id="features"
      aria-labelledby="features-title"
      className="scroll-mt-20 border-t border-line/70 bg-surface/40 py-20 sm:py-28"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">Features</p>
          <h2 id="features-title" className="mt-2 text-3xl font-bold tracking-tight text-fg sm:text-4xl">
            Everything you need to learn medicine for the long run
          </h2>
          <p className="mt-4 text-base text-muted sm:text-lg">
            One calm place for the whole curriculum — built around how memory works, and around the places you
            really study.
          </p>
        </div>
        <ul className="mt-14 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ title, body, Icon, tint }) => (
            <li
              key={title}
              className="flex gap-4 rounded-2xl border border-line bg-surface p-5 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md motion-reduce:transform-none sm:flex-col sm:gap-0 sm:p-6"
            >
              <span className={`grid size-11 shrink-0 place-items-center rounded-xl ${tint}`}>
                <Icon className="size-5.5" />
              </span>
              <div>
                <h3 className="text-base font-semibold text-fg sm:mt-5 sm:text-lg">{title}</h3>
                <p className="mt-1.5 text-sm leading-relaxed text-muted sm:mt-2">{body}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
