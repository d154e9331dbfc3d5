// Auth feature: the sign-in / sign-up / forgot-password modal and the reset-password page.
export { AuthModal, type AuthMode, type AuthModalProps } from './components/auth-modal.tsx';
export { ResetPasswordPage } from './components/reset-password-page.tsx';
