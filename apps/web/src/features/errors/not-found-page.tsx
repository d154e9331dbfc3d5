// The catch-all route: '404: Page Not Found' (SPEC §2) with a way home.
import { MSG } from '@zan/core';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { ErrorLayout } from './error-layout.tsx';

export function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <ErrorLayout>
      <p
        aria-hidden="true"
        className="mt-8 bg-gradient-to-b from-fg/25 to-fg/5 bg-clip-text text-8xl font-black tracking-tighter text-transparent"
      >
        404
      </p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">{MSG.notFound}</h1>
      <p className="mt-3 text-muted">The page you are looking for does not exist or has moved.</p>
      <Link
        to="/"
        className="mt-8 inline-flex h-11 items-center justify-center rounded-lg bg-primary px-5 text-sm font-medium text-primary-fg shadow-sm transition hover:brightness-110"
      >
        Go to the home page
      </Link>
    </ErrorLayout>
  );
}
