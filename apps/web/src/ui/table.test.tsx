// The shared Table: its states, keyboard row activation and Load More.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';
import { Table, type TableColumn } from './table.tsx';

type Row = { id: string; name: string };
const columns: TableColumn<Row>[] = [
  { id: 'name', header: 'Name', cell: (r) => r.name },
  {
    id: 'actions',
    header: 'Actions',
    hideMobileLabel: true,
    cell: (r) => <Button size="sm">Edit {r.name}</Button>,
  },
];
const rows = [
  { id: 'a', name: 'Anatomy' },
  { id: 'b', name: 'Biochemistry' },
];

afterEach(cleanup);

describe('Table', () => {
  it('shows loading, error (with retry) and empty states', () => {
    const retry = vi.fn();
    const { rerender } = render(
      <Table label="Modules" columns={columns} rows={[]} rowKey={(r) => r.id} loading empty="Nothing yet." />,
    );
    expect(screen.getByRole('status').getAttribute('aria-label')).toBe('Loading Modules');
    rerender(
      <Table
        label="Modules"
        columns={columns}
        rows={[]}
        rowKey={(r) => r.id}
        error="Failed to load."
        onRetry={retry}
        empty="Nothing yet."
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Failed to load.');
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(retry).toHaveBeenCalledOnce();
    rerender(<Table label="Modules" columns={columns} rows={[]} rowKey={(r) => r.id} empty="Nothing yet." />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(document.body.textContent).toContain('Nothing yet.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('is a named table with column headers; Enter or a click on a row activates it, a control inside does not', () => {
    const open = vi.fn();
    render(
      <Table
        label="Modules"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        onRowActivate={open}
        empty=""
      />,
    );
    const table = screen.getByRole('table', { name: 'Modules' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Actions']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(first!.tabIndex).toBe(0);
    fireEvent.keyDown(first!, { key: 'Enter' });
    expect(open).toHaveBeenLastCalledWith(rows[0]);
    fireEvent.click(within(second!).getByText('Biochemistry'));
    expect(open).toHaveBeenLastCalledWith(rows[1]);
    open.mockClear();
    fireEvent.click(within(second!).getByRole('button', { name: 'Edit Biochemistry' }));
    fireEvent.keyDown(within(second!).getByRole('button', { name: 'Edit Biochemistry' }), { key: 'Enter' });
    expect(open).not.toHaveBeenCalled();
  });

  it('offers Load More while there is more, and shows its failure', () => {
    const more = vi.fn();
    const { rerender } = render(
      <Table
        label="Topics"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        hasMore
        onLoadMore={more}
        empty=""
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Load More Topics' }));
    expect(more).toHaveBeenCalledOnce();
    rerender(
      <Table
        label="Topics"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        loadMoreError="Failed to load more topics."
        empty=""
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Failed to load more topics.');
    expect(screen.queryByRole('button', { name: 'Load More Topics' })).toBeNull();
  });
});
