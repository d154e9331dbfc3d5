// How a route asks the shell for a different layout (SPEC §2: on the study-subject page the layout
// changes): a route's `handle` carries the mode; the shell reads the deepest match that sets one.
import { useMatches } from 'react-router';

export type ShellMode = 'default' | 'study';
export type ShellHandle = { shellMode?: ShellMode };

/** The study page: full width, compact header, the page scrolls its own columns. */
export const STUDY_SHELL: ShellHandle = { shellMode: 'study' };

export function useShellMode(): ShellMode {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const mode = (matches[i]?.handle as ShellHandle | undefined)?.shellMode;
    if (mode) return mode;
  }
  return 'default';
}
