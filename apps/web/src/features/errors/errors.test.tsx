// The error and status screens show the spec's exact texts.
import { MSG } from '@zan/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccessDenied, CrashScreen, LoadingProfile, NotFoundPage } from './index.ts';

afterEach(cleanup);

describe('error screens', () => {
  it('NotFoundPage says 404: Page Not Found and links home', () => {
    render(
      <MemoryRouter initialEntries={['/nowhere']}>
        <NotFoundPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('404: Page Not Found');
    expect(screen.getByRole('link').getAttribute('href')).toBe('/');
  });

  it('CrashScreen shows the crash text and retries', () => {
    const onRetry = vi.fn();
    render(<CrashScreen onRetry={onRetry} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Something went wrong');
    expect(screen.getByRole('alert').textContent).toContain(MSG.crash);
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('AccessDenied and LoadingProfile', () => {
    render(<AccessDenied />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Access Denied');
    expect(screen.getByRole('heading', { level: 1 }).nextElementSibling?.textContent).toBe(
      MSG.accessDeniedBody,
    );
    cleanup();
    render(<LoadingProfile />);
    expect(screen.getByRole('status').textContent).toContain('Loading user profile');
  });
});
