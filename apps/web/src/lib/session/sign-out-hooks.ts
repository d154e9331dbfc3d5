// Work that must finish before sign-out (SPEC §4: sign-out waits up to 5 s for a running sync, then
// forces it). The sync engine registers a waiter here; sign-out awaits them all, bounded.
import { SIGN_OUT_SYNC_WAIT_MS } from '@zan/core';

type Waiter = () => Promise<void>;
const waiters = new Set<Waiter>();

/** Register a waiter; returns the unregister function. */
export function onBeforeSignOut(waiter: Waiter): () => void {
  waiters.add(waiter);
  return () => waiters.delete(waiter);
}

export async function runBeforeSignOut(timeoutMs: number = SIGN_OUT_SYNC_WAIT_MS): Promise<void> {
  if (waiters.size === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  const all = Promise.allSettled([...waiters].map((w) => w())).then(() => undefined);
  await Promise.race([all, timeout]);
  clearTimeout(timer);
}
