// The rich editor's Source view (issue 22): looking at the markup and back, without typing, changes
// nothing — no onChange, so the lecture editor's leave guard and draft stay quiet; an edit in the
// source does reach onChange and the editor.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RichEditor } from './rich-editor.tsx';

afterEach(cleanup);

const renderEditor = (initialHtml: string) => {
  const onChange = vi.fn();
  render(
    <RichEditor
      initialHtml={initialHtml}
      onChange={onChange}
      onImage={() => undefined}
      onReady={() => undefined}
      label="Lecture body"
    />,
  );
  return onChange;
};

describe('RichEditor Source view', () => {
  it('toggled on and off without an edit reports no change', async () => {
    // A list and a table: read back from their own markup, Tiptap's document is not the same one.
    const onChange = renderEditor(
      '<h2>Heart</h2><ul><li>S1</li></ul><table><tr><th>Sound</th></tr><tr><td>S2</td></tr></table>',
    );
    const source = await screen.findByRole('button', { name: 'Source' });
    fireEvent.click(source);
    screen.getByRole('textbox', { name: 'HTML source' });
    fireEvent.click(source);
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'HTML source' })).toBeNull());
    expect(onChange).not.toHaveBeenCalled();
  });

  it('an edit in the source is reported and kept in the editor', async () => {
    const onChange = renderEditor('<p>Heart</p>');
    const source = await screen.findByRole('button', { name: 'Source' });
    fireEvent.click(source);
    fireEvent.change(screen.getByRole('textbox', { name: 'HTML source' }), {
      target: { value: '<p>Lungs</p>' },
    });
    expect(onChange).toHaveBeenLastCalledWith('<p>Lungs</p>');
    fireEvent.click(source);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Lecture body' }).textContent).toBe('Lungs'),
    );
  });
});
