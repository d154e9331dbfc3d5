// ListSection: the frame of an admin list tab — a section named by its header (title, help, search,
// Add) over the Table with its loading / empty / error states; the tab's dialogs go inside.
import type { ComponentProps, ReactNode } from 'react';
import { ListHeader } from './list-header.tsx';
import { Table, type TableProps } from './table.tsx';

type Props<T> = Omit<ComponentProps<typeof ListHeader>, 'id'> & {
  /** The header's id: the section is labelled by it. */
  id: string;
  table: TableProps<T>;
  children?: ReactNode;
};

export function ListSection<T>({ table, children, ...header }: Props<T>) {
  return (
    <section aria-labelledby={header.id}>
      <ListHeader {...header} />
      <Table {...table} />
      {children}
    </section>
  );
}
