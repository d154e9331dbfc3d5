// The landing hero: the offline pitch, 'Get Started for Free' (opens sign-up) and the product shot.
import { Button } from '../../ui/button.tsx';
import { ArrowRightIcon, CheckIcon } from '../../ui/icons.tsx';
import { ProductMock } from './product-mock.tsx';

const PROMISES = ['Free for students', 'Works without a connection', 'Install on any device'] as const;

export function LandingHero({ onSignIn, onSignUp }: { onSignIn: () => void; onSignUp: () => void }) {
  return (
    <section className="relative overflow-hidden" aria-labelledby="hero-title">
      <div className="zan-dots pointer-events-none absolute inset-0 -z-10 [mask-image:radial-gradient(ellipse_at_top,black,transparent_70%)]" />
      <div className="pointer-events-none absolute left-1/2 top-[-12rem] -z-10 h-[28rem] w-[56rem] -translate-x-1/2 rounded-full bg-primary/15 blur-3xl" />

      <div className="mx-auto grid max-w-6xl items-center gap-14 px-4 pb-24 pt-12 sm:px-6 sm:pt-20 lg:grid-cols-[1.05fr_1fr] lg:gap-10 lg:pb-28 lg:pt-24">
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-full border border-line bg-surface/80 px-3 py-1 text-xs font-semibold text-muted shadow-sm sm:text-sm">
            <span className="relative flex size-2">
              <span className="absolute inline-flex size-full animate-ping rounded-full bg-primary/60 motion-reduce:animate-none" />
              <span className="relative inline-flex size-2 rounded-full bg-primary" />
            </span>
            Built for medical students
          </p>
          <h1
            id="hero-title"
            className="mt-5 text-[2.35rem] font-extrabold leading-[1.08] tracking-tight text-fg sm:text-5xl lg:text-[3.6rem]"
          >
            Study medicine anywhere.
            <span className="block bg-gradient-to-r from-primary to-accent bg-clip-text pb-1 text-transparent">
              Even offline.
            </span>
          </h1>
          <p className="mx-auto mt-5 max-w-xl text-base leading-relaxed text-muted sm:text-lg lg:mx-0">
            Zan keeps your flashcards, quizzes and lecture notes on your device — so you can revise on the
            ward, on the commute or on a plane. Spaced repetition tells you what to review next, and
            everything syncs when you're back online.
          </p>
          <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center lg:justify-start">
            <Button size="lg" onClick={onSignUp} className="shadow-lg shadow-primary/25">
              Get Started for Free
              <ArrowRightIcon className="size-4" />
            </Button>
            <Button size="lg" variant="secondary" onClick={onSignIn}>
              I already have an account
            </Button>
          </div>
          <ul className="mt-7 flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm text-muted lg:justify-start">
            {PROMISES.map((p) => (
              <li key={p} className="inline-flex items-center gap-1.5">
                <CheckIcon className="size-4 text-success" strokeWidth={1.8} />
                {p}
              </li>
            ))}
          </ul>
        </div>
        <ProductMock />
      </div>
    </section>
  );
}
