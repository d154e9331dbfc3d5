// Browser features that keep the local store useful (issue 3): Periodic Background Sync tagged
// PERIODIC_SYNC_TAG every PERIODIC_SYNC_MIN_INTERVAL_MINUTES where supported and permitted (the worker
// then asks an open tab to sync; see sw/sw-custom.ts), and persistent storage so the browser does not
// evict the store. Both are best effort and silent when unsupported.
import { PERIODIC_SYNC_MIN_INTERVAL_MINUTES, PERIODIC_SYNC_TAG } from '@zan/core';

const WORKER_WAIT_MS = 30_000;

type PeriodicSyncManager = { register(tag: string, options: { minInterval: number }): Promise<void> };

/** Registers the periodic sync; true when registered. */
export async function registerPeriodicSync(nav: Navigator = navigator): Promise<boolean> {
  try {
    if (!('serviceWorker' in nav) || !nav.permissions) return false;
    const status = await nav.permissions.query({ name: 'periodic-background-sync' as PermissionName });
    if (status.state !== 'granted') return false;
    // No worker in development builds: `ready` would never settle, so give up after a while.
    const registration = await Promise.race([
      nav.serviceWorker.ready,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), WORKER_WAIT_MS)),
    ]);
    if (!registration) return false;
    const periodicSync = (registration as ServiceWorkerRegistration & { periodicSync?: PeriodicSyncManager })
      .periodicSync;
    if (!periodicSync) return false;
    await periodicSync.register(PERIODIC_SYNC_TAG, {
      minInterval: PERIODIC_SYNC_MIN_INTERVAL_MINUTES * 60_000,
    });
    return true;
  } catch {
    return false;
  }
}

let persistAsked = false;

/** Asks once per page life for persistent storage; true when the store is (now) persistent. */
export async function requestPersistentStorage(nav: Navigator = navigator): Promise<boolean> {
  if (persistAsked) return false;
  persistAsked = true;
  try {
    if (!nav.storage?.persist) return false;
    if (await nav.storage.persisted?.()) return true;
    return await nav.storage.persist();
  } catch {
    return false;
  }
}
