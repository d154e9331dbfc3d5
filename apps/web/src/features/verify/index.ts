// Verify feature: the verify-email screen.
export { VerifyEmailPage } from './verify-email-page.tsx';
