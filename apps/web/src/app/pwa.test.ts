// The PWA install store: beforeinstallprompt makes the app installable; accepting the prompt or the
// appinstalled event marks it installed.
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

type Pwa = typeof import('./pwa.ts');
let pwa: Pwa;

function installPrompt(outcome: 'accepted' | 'dismissed') {
  const e = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>;
  e.prompt = vi.fn(() => Promise.resolve());
  e.userChoice = Promise.resolve({ outcome, platform: 'web' });
  return e;
}

describe('pwa install store', () => {
  beforeEach(async () => {
    vi.resetModules();
    pwa = await import('./pwa.ts');
  });

  it('becomes installable on beforeinstallprompt and installed when the prompt is accepted', async () => {
    const { result } = renderHook(() => pwa.usePwaInstall());
    expect(result.current).toMatchObject({ canInstall: false, installed: false });
    const e = installPrompt('accepted');
    act(() => {
      window.dispatchEvent(e);
    });
    expect(e.defaultPrevented).toBe(true);
    expect(result.current.canInstall).toBe(true);
    let accepted = false;
    await act(async () => {
      accepted = await result.current.promptInstall();
    });
    expect(accepted).toBe(true);
    expect(e.prompt).toHaveBeenCalledOnce();
    expect(result.current).toMatchObject({ canInstall: false, installed: true });
  });

  it('tracks appinstalled, and promptInstall without a prompt does nothing', async () => {
    const { result } = renderHook(() => pwa.usePwaInstall());
    expect(await pwa.promptInstall()).toBe(false);
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(result.current.installed).toBe(true);
  });
});
