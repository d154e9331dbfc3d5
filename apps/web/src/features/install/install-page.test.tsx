// The install page: three platforms, the two exits, and the install / installed states.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InstallPage, type InstallPageProps } from './install-page.tsx';

afterEach(cleanup);

const props = (over: Partial<InstallPageProps> = {}): InstallPageProps => ({
  onGoToDashboard: vi.fn(),
  onSignOutAndContinue: vi.fn(),
  canInstall: false,
  installed: false,
  onInstall: vi.fn(),
  ...over,
});

describe('InstallPage', () => {
  it('explains desktop Chrome, iOS Safari and Android Chrome and offers both exits', () => {
    const p = props();
    render(<InstallPage {...p} />);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Desktop',
      'iPhone & iPad',
      'Android',
    ]);
    const ios = screen.getByRole('region', { name: 'iPhone & iPad' });
    expect(within(ios).getAllByRole('listitem')).toHaveLength(3);
    expect(within(ios).getAllByRole('listitem')[2]!.textContent).toContain('tap Add to Home Screen');
    fireEvent.click(screen.getByRole('button', { name: 'Go to Dashboard' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out & Continue on Web' }));
    expect(p.onGoToDashboard).toHaveBeenCalledOnce();
    expect(p.onSignOutAndContinue).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull();
  });

  it('offers Install app when the browser can install, and shows the installed state', () => {
    const p = props({ canInstall: true });
    const { rerender } = render(<InstallPage {...p} />);
    fireEvent.click(screen.getByRole('button', { name: 'Install app' }));
    expect(p.onInstall).toHaveBeenCalledOnce();
    rerender(<InstallPage {...p} canInstall={false} installed />);
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Zan is installed.');
  });
});
