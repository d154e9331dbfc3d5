// An announcement opened from the search (/announcements#announcement-<id>, issue 22): once the list is
// shown, bring that one into view and move focus to it — once per navigation.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

export function useScrollToHash(ready: boolean): void {
  const { hash, key } = useLocation();
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || !hash || done.current === key) return;
    done.current = key;
    const el = document.getElementById(decodeURIComponent(hash.slice(1)))?.closest('article');
    if (!el) return;
    if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
    el.scrollIntoView?.({ block: 'center' });
    el.focus({ preventScroll: true });
  }, [ready, hash, key]);
}
