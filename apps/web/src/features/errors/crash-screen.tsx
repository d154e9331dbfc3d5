// The generic error screen the app's error boundary shows (SPEC §2, §8): 'Something went wrong' and
// 'Try Again'. It renders outside the router, so it uses no router hooks.
import { MSG } from '@zan/core';
import { Button } from '../../ui/index.ts';
import { ErrorLayout } from './error-layout.tsx';

export function CrashScreen({ onRetry }: { onRetry: () => void }) {
  return (
    <ErrorLayout
      badge={
        <span
          aria-hidden="true"
          className="grid size-14 place-items-center rounded-2xl bg-danger/12 text-danger"
        >
          <svg
            viewBox="0 0 24 24"
            className="size-7"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          >
            <path d="M12 4l9 16H3l9-16z" strokeLinejoin="round" />
            <path d="M12 10v4M12 17.2v.1" />
          </svg>
        </span>
      }
    >
      <div role="alert" className="contents">
        <h1 className="mt-6 text-2xl font-bold tracking-tight sm:text-3xl">Something went wrong</h1>
        <p className="mt-3 text-muted">{MSG.crash}</p>
      </div>
      <Button size="lg" className="mt-8" onClick={onRetry}>
        Try Again
      </Button>
    </ErrorLayout>
  );
}
