// The shared centred layout of the full-page error and status screens.
import type { ReactNode } from 'react';
import { ZanMark } from '../../ui/index.ts';

export function ErrorLayout({ children, badge }: { children: ReactNode; badge?: ReactNode }) {
  return (
    <div className="relative grid min-h-dvh place-items-center overflow-hidden bg-bg px-4 py-16 text-fg">
      <div className="zan-dots pointer-events-none absolute inset-0 [mask-image:radial-gradient(ellipse_at_center,black,transparent_65%)]" />
      <div className="relative flex w-full max-w-md flex-col items-center text-center">
        {badge ?? <ZanMark className="size-12" />}
        {children}
      </div>
    </div>
  );
}
