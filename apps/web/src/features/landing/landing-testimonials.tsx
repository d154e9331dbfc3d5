// Two student testimonials (SPEC §1).
import { QuoteIcon } from '../../ui/icons.tsx';

const TESTIMONIALS = [
  {
    quote:
      'I revise on the bus every morning with no signal at all, and Zan just works. The spaced repetition means pharmacology is still there by exam time — not just the night before.',
    name: 'Amira Khalil',
    role: 'Year 4 medical student',
    initials: 'AK',
    tint: 'bg-primary text-primary-fg',
  },
  {
    quote:
      'Having my lecture notes, flashcards and question banks in one place changed how I prepare for exams. The stats keep me honest about what I have actually studied.',
    name: 'Daniel Osei',
    role: 'Year 2 medical student',
    initials: 'DO',
    tint: 'bg-accent text-bg',
  },
] as const;

export function LandingTestimonials() {
  return (
    <section id="testimonials" aria-labelledby="testimonials-title" className="scroll-mt-20 py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">Students</p>
          <h2 id="testimonials-title" className="mt-2 text-3xl font-bold tracking-tight text-fg sm:text-4xl">
            Loved by students on every rotation
          </h2>
        </div>
        <div className="mt-14 grid gap-5 md:grid-cols-2">
          {TESTIMONIALS.map((t) => (
            <figure
              key={t.name}
              className="relative flex flex-col rounded-2xl border border-line bg-surface p-7 shadow-sm sm:p-8"
            >
              <div className="flex items-center justify-between">
                <QuoteIcon className="size-8 text-primary/30" />
                <span aria-hidden="true" className="flex gap-0.5 text-warning">
                  {[0, 1, 2, 3, 4].map((i) => (
                    <svg key={i} viewBox="0 0 20 20" className="size-4" fill="currentColor">
                      <path d="M10 1.8l2.5 5.1 5.6.8-4 3.9.9 5.6-5-2.6-5 2.6.9-5.6-4-3.9 5.6-.8z" />
                    </svg>
                  ))}
                </span>
              </div>
              <blockquote className="mt-4 flex-1 text-base leading-relaxed text-fg sm:text-lg">
                “{t.quote}”
              </blockquote>
              <figcaption className="mt-6 flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className={`grid size-11 place-items-center rounded-full text-sm font-bold ${t.tint}`}
                >
                  {t.initials}
                </span>
                <span>
                  <span className="block font-semibold text-fg">{t.name}</span>
                  <span className="block text-sm text-muted">{t.role}</span>
                </span>
              </figcaption>
            </figure>
          ))}
        </div>
      </div>
    </section>
  );
}
