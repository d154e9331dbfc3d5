// Locks page scrolling (the `scroll-locked` class on <body>) while a panel or menu is open; nested locks
// are counted so closing one panel does not unlock the page under another.
import { useEffect } from 'react';

let locks = 0;

export function useScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    locks += 1;
    document.body.classList.add('scroll-locked');
    return () => {
      locks -= 1;
      if (locks <= 0) {
        locks = 0;
        document.body.classList.remove('scroll-locked');
      }
    };
  }, [active]);
}
