// PWA plumbing: registers the service worker (/sw-custom.js, root scope, production builds only) and
// tracks installability (beforeinstallprompt) and the installed state (appinstalled, display-mode
// standalone) in a tiny store that React reads through usePwaInstall().
import { useSyncExternalStore } from 'react';

type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
};

export type PwaState = {
  /** The browser offered its install prompt and it has not been used yet. */
  canInstall: boolean;
  /** Running as the installed app (standalone), or installed during this visit. */
  installed: boolean;
  /** A new version of the app took control; a reload shows it. */
  updated: boolean;
};

let state: PwaState = { canInstall: false, installed: false, updated: false };
let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
let started = false;

function set(patch: Partial<PwaState>): void {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

export const getPwaState = (): PwaState => state;
export function subscribePwa(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function isStandalone(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean };
  return window.matchMedia?.('(display-mode: standalone)').matches === true || nav.standalone === true;
}

/** Starts listening for install events and registers the worker. Call once, as early as possible. */
export function initPwa(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  set({ installed: isStandalone() });

  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault(); // keep it for our own "Install app" button
    deferred = e as BeforeInstallPromptEvent;
    set({ canInstall: true });
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    set({ canInstall: false, installed: true });
  });
  window.matchMedia?.('(display-mode: standalone)').addEventListener?.('change', (e) => {
    if (e.matches) set({ installed: true });
  });

  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    const register = () => void registerServiceWorker();
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  }
}

async function registerServiceWorker(): Promise<void> {
  try {
    const { Workbox } = await import('workbox-window');
    const wb = new Workbox('/sw-custom.js', { scope: '/' });
    // A new worker is waiting: let it take over now; the page keeps running and picks it up on reload.
    wb.addEventListener('waiting', () => wb.messageSkipWaiting());
    wb.addEventListener('controlling', (e) => {
      if (e.isUpdate) set({ updated: true });
    });
    await wb.register();
  } catch (err) {
    console.warn('Service worker registration failed', err);
  }
}

/** Shows the browser's install prompt; resolves true when the user accepted. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  deferred = null;
  set({ canInstall: false });
  await event.prompt();
  const choice = await event.userChoice;
  if (choice.outcome === 'accepted') set({ installed: true });
  return choice.outcome === 'accepted';
}

export function usePwaInstall(): PwaState & { promptInstall: () => Promise<boolean> } {
  initPwa();
  const snapshot = useSyncExternalStore(subscribePwa, getPwaState, getPwaState);
  return { ...snapshot, promptInstall };
}
