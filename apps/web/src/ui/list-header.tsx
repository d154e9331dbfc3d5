// The header of an admin list tab: title, one line of help, the search box (its error under it) and
// the Add button.
import type { ReactNode } from 'react';
import { SearchField } from './search-field.tsx';

type Props = {
  id: string;
  title: string;
  description: ReactNode;
  search?: {
    label: string;
    value: string;
    onChange: (v: string) => void;
    placeholder?: string;
    error?: string | null;
  };
  action?: ReactNode;
};

export function ListHeader({ id, title, description, search, action }: Props) {
  return (
    <header className="mb-5 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
      <div className="min-w-0">
        <h2 id={id} className="text-xl font-semibold tracking-tight text-fg">
          {title}
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-muted">{description}</p>
      </div>
      <div className="flex w-full flex-col gap-3 sm:flex-row sm:items-end lg:w-auto">
        {search && <SearchField className="sm:w-80" {...search} />}
        {action && <div className="shrink-0">{action}</div>}
      </div>
    </header>
  );
}
