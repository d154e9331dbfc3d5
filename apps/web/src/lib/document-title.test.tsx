// Route titles from `handle.title`, outranked by a screen's own title; back to the route's when it goes.
import { act, cleanup, render } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { documentTitle, useDocumentTitle, useRouteTitle } from './document-title.ts';

function Root() {
  useRouteTitle();
  return <Outlet />;
}
let hideOwn: () => void = () => {};
function Named() {
  const [own, setOwn] = useState(true);
  hideOwn = () => setOwn(false);
  return own ? <Own /> : null;
}
function Own() {
  useDocumentTitle('Cell Biology');
  return null;
}

const router = (path: string) =>
  createMemoryRouter(
    [
      {
        element: <Root />,
        children: [
          { index: true, element: null },
          { path: 'stats', handle: { title: 'Stats' }, element: null },
          { path: 'subject', handle: { title: 'Study' }, element: <Named /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );

afterEach(cleanup);

describe('document titles', () => {
  it('names the page by its route, and the app alone where the route has no title', async () => {
    const r = router('/stats');
    render(<RouterProvider router={r} />);
    expect(document.title).toBe('Stats · Zan');
    await act(() => r.navigate('/'));
    expect(document.title).toBe(documentTitle(null));
    expect(document.title).toMatch(/^Zan/);
  });

  it("lets a screen's own title win over its route's, until it unmounts", () => {
    render(<RouterProvider router={router('/subject')} />);
    expect(document.title).toBe('Cell Biology · Zan');
    act(() => hideOwn());
    expect(document.title).toBe('Study · Zan');
  });
});
