// The generic error screen the app's error boundary shows (SPEC §2, §8): 'Something went wrong' and
// 'Try Again'. It renders outside the router, so it uses no router hooks.
import { MSG } from '@zan/core';
import { Button } from '../../ui/index.ts';
import { ErrorLayout } from './error-layout.tsx';
import { WarningIcon } from '../../ui/icons.tsx';

export function CrashScreen({ onRetry }: { onRetry: () => void }) {
  return (
    <ErrorLayout
      badge={
        <span
          aria-hidden="true"
          className="grid size-14 place-items-center rounded-2xl bg-danger/12 text-danger"
        >
          <WarningIcon className="size-7" />
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
