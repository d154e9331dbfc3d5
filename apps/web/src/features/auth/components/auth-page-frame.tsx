// A centred card on the app background, for stand-alone auth pages (reset password).
import type { ReactNode } from 'react';
import { Card, ZanLogo } from '../../../ui/index.ts';

export function AuthPageFrame({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="grid min-h-dvh place-items-center bg-bg px-4 py-10">
      <Card className="w-full max-w-md p-6 sm:p-8">
        <ZanLogo className="mb-6" />
        <h1 className="text-xl font-semibold text-fg">{title}</h1>
        {description && <p className="mt-1 text-sm text-muted">{description}</p>}
        <div className="mt-6">{children}</div>
      </Card>
    </main>
  );
}
