// Error and status screens: 404, crash, access denied, loading profile.
export { AccessDenied } from './access-denied.tsx';
export { CrashScreen } from './crash-screen.tsx';
export { LoadingProfile } from './loading-profile.tsx';
export { NotFoundPage } from './not-found-page.tsx';
