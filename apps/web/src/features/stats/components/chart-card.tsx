// A titled card around one chart.
import type { ReactNode } from 'react';
import { Card } from '../../../ui/index.ts';

export function ChartCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <Card className="flex min-w-0 flex-col gap-4">
      <div>
        <h2 className="text-base font-semibold text-fg">{title}</h2>
        {subtitle && <p className="text-sm text-muted">{subtitle}</p>}
      </div>
      {children}
    </Card>
  );
}
