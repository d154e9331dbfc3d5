// The full-page state while the signed-in user's role is still unknown (SPEC §2: 'Loading user profile').
import { MSG } from '@zan/core';
import { Spinner } from '../../ui/index.ts';
import { ErrorLayout } from './error-layout.tsx';

export function LoadingProfile() {
  return (
    <ErrorLayout>
      <div className="mt-8 flex items-center gap-3 text-muted" role="status" aria-live="polite">
        <Spinner className="size-5 text-primary" />
        <span className="font-medium">{MSG.loadingProfile}</span>
      </div>
    </ErrorLayout>
  );
}
