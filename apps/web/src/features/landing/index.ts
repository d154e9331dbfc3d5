// The signed-out landing page.
export { LandingPage, type LandingPageProps } from './landing-page.tsx';
