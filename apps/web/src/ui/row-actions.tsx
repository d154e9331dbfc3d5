// RowActions: the Edit / Archive / Delete buttons at the end of an admin table row, and the column
// that holds them; each list decides with can() which actions a row gets.
import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import type { TableColumn } from './table.tsx';

export type RowAction = {
  label: string;
  onClick: () => void;
  /** Archive, Delete: shown as a red ghost button. */
  danger?: boolean;
  /** Shown but disabled, with this reason as its tooltip. */
  disabledReason?: string | undefined;
  /** Running (a spinner); `disabled` while another row's action runs. */
  busy?: boolean;
  disabled?: boolean;
};

/** `name` completes each button's accessible name ('Edit Anatomy'); a falsy action is left out. */
export function RowActions({
  name,
  actions,
}: {
  name: string;
  actions: (RowAction | false | null | undefined)[];
}) {
  return (
    <div className="flex flex-wrap gap-1 md:justify-end">
      {actions.map(
        (a) =>
          a && (
            <Button
              key={a.label}
              size="sm"
              variant={a.danger ? 'ghost' : 'secondary'}
              className={a.danger ? 'text-danger! hover:bg-danger/10' : undefined}
              onClick={a.onClick}
              busy={a.busy}
              disabled={a.disabled || a.disabledReason !== undefined}
              title={a.disabledReason}
              aria-label={`${a.label} ${name}`}
            >
              {a.label}
            </Button>
          ),
      )}
    </div>
  );
}

/** The table's last column, holding a row's RowActions (`className`: its width on wide screens). */
export const actionsColumn = <T,>(
  cell: (row: T) => ReactNode,
  className = 'md:w-52 md:text-right',
): TableColumn<T> => ({ id: 'actions', header: 'Actions', hideMobileLabel: true, className, cell });
