// The landing page: actions open sign-in / sign-up, the mobile menu locks scroll, the footer shows the year.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LandingPage } from './landing-page.tsx';

afterEach(cleanup);

describe('LandingPage', () => {
  it('wires Sign In, Sign Up and Get Started for Free', () => {
    const onSignIn = vi.fn();
    const onSignUp = vi.fn();
    render(<LandingPage onSignIn={onSignIn} onSignUp={onSignUp} />);
    fireEvent.click(screen.getAllByRole('button', { name: 'Sign In' })[0]!);
    expect(onSignIn).toHaveBeenCalledOnce();
    fireEvent.click(screen.getAllByRole('button', { name: 'Sign Up' })[0]!);
    fireEvent.click(screen.getByRole('button', { name: /Get Started for Free/ }));
    expect(onSignUp).toHaveBeenCalledTimes(2);
  });

  it('shows the six features, two testimonials and the current year', () => {
    render(<LandingPage onSignIn={() => {}} onSignUp={() => {}} />);
    const features = screen.getByRole('region', { name: /Everything you need to learn medicine/ });
    expect(
      within(features)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      'Study offline',
      'Spaced repetition',
      'Exam-style quizzes',
      'Expert content',
      'Progress tracking',
      'Study community',
    ]);
    expect(document.querySelectorAll('figure blockquote')).toHaveLength(2);
    expect(screen.getByRole('contentinfo').textContent).toContain(String(new Date().getFullYear()));
  });

  it('opens a mobile menu with Sign In and Sign Up, locking body scroll; Escape closes it', () => {
    const onSignUp = vi.fn();
    render(<LandingPage onSignIn={() => {}} onSignUp={onSignUp} />);
    const burger = screen.getByRole('button', { name: 'Open menu' });
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(burger);
    expect(burger.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(document.body.classList.contains('scroll-locked')).toBe(true);
    expect(
      within(menu)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(expect.arrayContaining(['Sign In', 'Sign Up']));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.classList.contains('scroll-locked')).toBe(false);

    fireEvent.click(burger);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sign Up' }));
    expect(onSignUp).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.classList.contains('scroll-locked')).toBe(false);
  });
});
