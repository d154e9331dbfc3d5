// Leaving an editor with unsaved changes asks first (issue 22): a link or the breadcrumb (React Router's
// useBlocker; only when the path changes) and closing or reloading the tab (beforeunload). `release()`
// lets the editor's own next navigation through (the first save of a new lecture moves to its route).
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

export type LeaveGuard = {
  /** A navigation waits for the answer. */
  asking: boolean;
  stay: () => void;
  leave: () => void;
  release: () => void;
};

export function useLeaveGuard(dirty: boolean): LeaveGuard {
  const dirtyRef = useRef(dirty);
  const released = useRef(false);
  useEffect(() => {
    dirtyRef.current = dirty;
    if (dirty) released.current = false;
  }, [dirty]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && !released.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  return {
    asking: blocker.state === 'blocked',
    stay: () => blocker.reset?.(),
    leave: () => blocker.proceed?.(),
    release: () => {
      released.current = true;
    },
  };
}
