// The signed-out landing page.
export { LandingPage } from './landing-page.tsx';
