// ThemeProvider: the chosen theme as React state, persisted under LOCAL_KEYS.theme and applied as
// <html data-theme> (public/theme-init.js does the same before first paint; both fall back to the default).
import { LOCAL_KEYS } from '@zan/core';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { THEMES, themeInfo, toThemeId, type ThemeId } from './themes.ts';

export type ThemeContextValue = {
  theme: ThemeId;
  setTheme: (id: ThemeId) => void;
  themes: typeof THEMES;
};

const ThemeContext = createContext<ThemeContextValue | null>(null);

function readStoredTheme(): ThemeId {
  try {
    return toThemeId(localStorage.getItem(LOCAL_KEYS.theme));
  } catch {
    return toThemeId(null);
  }
}

function applyTheme(id: ThemeId): void {
  const root = document.documentElement;
  root.setAttribute('data-theme', id);
  const meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', themeInfo(id).swatches.bg);
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<ThemeId>(readStoredTheme);

  useLayoutEffect(() => applyTheme(theme), [theme]);

  // Another tab changed the theme: follow it.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === LOCAL_KEYS.theme) setThemeState(toThemeId(e.newValue));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const setTheme = useCallback((id: ThemeId) => {
    const next = toThemeId(id);
    setThemeState(next);
    try {
      localStorage.setItem(LOCAL_KEYS.theme, next);
    } catch {
      /* storage full or blocked: the theme still applies for this visit */
    }
  }, []);

  const value = useMemo(() => ({ theme, setTheme, themes: THEMES }), [theme, setTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const ctx = useContext(ThemeContext);
  if (!ctx) throw new Error('useTheme must be used inside <ThemeProvider>');
  return ctx;
}
