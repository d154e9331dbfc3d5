// A lecture opened at a heading (?heading=, from the search; issue 22): once the page is rendered, jump
// there as 'On This Page' does — once per navigation, so later re-renders leave the reader's scroll alone.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { jumpToHeading } from './jump.ts';

export function useJumpToHeading(headingId: string | null): void {
  const { key } = useLocation();
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!headingId || done.current === key) return;
    // After the lecture's HTML is in the DOM (this effect runs in the same commit).
    const frame = requestAnimationFrame(() => {
      if (jumpToHeading(headingId)) done.current = key;
    });
    return () => cancelAnimationFrame(frame);
  });
}
