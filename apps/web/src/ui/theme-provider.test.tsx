// ThemeProvider + ThemesGrid: persistence under zan.theme, <html data-theme>, fallback, radio semantics.
import { LOCAL_KEYS } from '@zan/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ThemeProvider, useTheme } from './theme-provider.tsx';
import { ThemesGrid } from './themes-grid.tsx';

function Probe() {
  const { theme, setTheme } = useTheme();
  return (
    <button type="button" onClick={() => setTheme('dracula')}>
      current:{theme}
    </button>
  );
}

describe('ThemeProvider', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('defaults to default-light and applies it to <html>', () => {
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByRole('button').textContent).toBe('current:default-light');
    expect(document.documentElement.dataset.theme).toBe('default-light');
  });

  it('reads a stored theme and falls back when the stored value is unknown', () => {
    localStorage.setItem(LOCAL_KEYS.theme, 'nord');
    const { unmount } = render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(document.documentElement.dataset.theme).toBe('nord');
    unmount();
    localStorage.setItem(LOCAL_KEYS.theme, 'hot-pink-2000');
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(document.documentElement.dataset.theme).toBe('default-light');
  });

  it('persists setTheme and follows changes from other tabs', () => {
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    fireEvent.click(screen.getByRole('button'));
    expect(localStorage.getItem(LOCAL_KEYS.theme)).toBe('dracula');
    expect(document.documentElement.dataset.theme).toBe('dracula');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: LOCAL_KEYS.theme, newValue: 'sepia' }));
    });
    expect(document.documentElement.dataset.theme).toBe('sepia');
  });
});

describe('ThemesGrid', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('is a group of 20 radios with the current theme checked; choosing one applies and saves it', () => {
    render(
      <ThemeProvider>
        <ThemesGrid />
      </ThemeProvider>,
    );
    expect(screen.getByRole('group', { name: 'Theme' }).tagName).toBe('FIELDSET');
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(20);
    expect((screen.getByRole('radio', { name: /Default Light/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /Midnight/ }));
    expect((screen.getByRole('radio', { name: /Midnight/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: /Default Light/ }) as HTMLInputElement).checked).toBe(false);
    expect(localStorage.getItem(LOCAL_KEYS.theme)).toBe('midnight');
    expect(document.documentElement.dataset.theme).toBe('midnight');
  });
});
