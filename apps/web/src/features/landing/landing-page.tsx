// The signed-out landing page at `/` (SPEC §1, §2): pitch, features, testimonials. Sign In / Sign Up /
// Get Started are callbacks — the router owner opens the auth modal in login or signup mode.
import { LandingFeatures } from './landing-features.tsx';
import { LandingCta, LandingFooter } from './landing-footer.tsx';
import { LandingHeader } from './landing-header.tsx';
import { LandingHero } from './landing-hero.tsx';
import { LandingTestimonials } from './landing-testimonials.tsx';

export type LandingPageProps = { onSignIn: () => void; onSignUp: () => void };

export function LandingPage({ onSignIn, onSignUp }: LandingPageProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-bg text-fg">
      <LandingHeader onSignIn={onSignIn} onSignUp={onSignUp} />
      <main className="flex-1">
        <LandingHero onSignIn={onSignIn} onSignUp={onSignUp} />
        <LandingFeatures />
        <LandingTestimonials />
        <LandingCta onSignUp={onSignUp} />
      </main>
      <LandingFooter />
    </div>
  );
}
