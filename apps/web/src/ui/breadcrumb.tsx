// Breadcrumb: where an admin page sits (Modules / module / subject …); the last item is the page.
import { Fragment } from 'react';
import { Link } from 'react-router';

export type Crumb = { label: string; to?: string };

export function Breadcrumb({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-4 text-sm">
      <ol className="flex flex-wrap items-center gap-1.5 text-muted">
        {items.map((c, i) => (
          <Fragment key={`${i}-${c.label}`}>
            {i > 0 && (
              <li aria-hidden="true" className="select-none">
                /
              </li>
            )}
            <li className="min-w-0 max-w-full truncate">
              {c.to ? (
                <Link to={c.to} className="hover:text-fg hover:underline">
                  {c.label}
                </Link>
              ) : (
                <span aria-current="page" className="font-medium text-fg">
                  {c.label}
                </span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
