// The study page's sidebars (SPEC §2): at 1200 px and up each can be toggled on its own; below it only
// one mobile sidebar (a drawer) is open at a time.
import { SIDEBAR_BREAKPOINT_PX } from '@zan/core';
import { useCallback, useState } from 'react';
import { useMediaQuery } from './use-media-query.ts';

export type SidebarId = 'topics' | 'details';

export function useSidebars() {
  const wide = useMediaQuery(`(min-width: ${SIDEBAR_BREAKPOINT_PX}px)`);
  const [desktop, setDesktop] = useState<Record<SidebarId, boolean>>({ topics: true, details: true });
  const [mobile, setMobile] = useState<SidebarId | null>(null);

  const toggle = useCallback(
    (id: SidebarId) => {
      if (wide) setDesktop((d) => ({ ...d, [id]: !d[id] }));
      else setMobile((m) => (m === id ? null : id));
    },
    [wide],
  );
  const closeMobile = useCallback(() => setMobile(null), []);
  const isOpen = (id: SidebarId) => (wide ? desktop[id] : mobile === id);

  return { wide, isOpen, toggle, mobile: wide ? null : mobile, closeMobile };
}
