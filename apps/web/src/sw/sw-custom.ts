/// <reference lib="webworker" />
// Service worker: precaches the app shell (the build's JS, CSS, HTML and icons; no source maps) so the
// app opens offline after one visit. Navigations fall back to index.html, except /api and /dev which
// always go to the server. A waiting worker takes over when the page posts { type: 'SKIP_WAITING' }.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

/** Paths that are never answered with the app shell. */
const NAVIGATION_DENYLIST = [/^\/api(\/|$)/, /^\/dev(\/|$)/];

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }));

// Lecture and card images kept offline by the topic sync (sync/topic-images.ts): cache first.
const IMAGE_CACHE = 'zan-images-v1'; // IMAGE_CACHE of sync/topic-images.ts
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    request.method === 'GET' &&
    /^\/(files|demo-images)\//.test(url.pathname),
  async ({ request }) =>
    (await (await caches.open(IMAGE_CACHE)).match(request, { ignoreVary: true })) ?? fetch(request),
);

// The first install controls open pages at once, so the first visit is already offline-ready.
clientsClaim();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Periodic Background Sync (tag content-sync, registered by the page where supported and permitted):
// the store lives in the page's per-user database, so the worker asks an open tab to run the sync and
// does nothing when no tab is open.
const PERIODIC_SYNC_TAG = 'content-sync'; // PERIODIC_SYNC_TAG of @zan/core (kept out of the worker bundle)
const PERIODIC_SYNC_MESSAGE = 'zan-periodic-sync'; // sync/triggers.ts

type PeriodicSyncEvent = ExtendableEvent & { tag: string };
self.addEventListener('periodicsync' as keyof ServiceWorkerGlobalScopeEventMap, (event) => {
  const e = event as PeriodicSyncEvent;
  if (e.tag !== PERIODIC_SYNC_TAG) return;
  e.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((windows) => {
      for (const client of windows) client.postMessage({ type: PERIODIC_SYNC_MESSAGE });
    }),
  );
});
