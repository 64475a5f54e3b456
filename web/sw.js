// Service worker: makes Intruder work offline after one visit.
//
// build.py fills in VERSION (a hash of every other file in dist/) and FILES (every file in
// dist/). Install precaches them all into a cache named after the build; fetch answers
// cache-first (ignoring query strings, so ?seed=N pages work offline); activate deletes the
// caches of older builds.
"use strict";

const VERSION = "__VERSION__";
const FILES = __FILES__;
const PREFIX = "intruder-";
const CACHE = PREFIX + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // cache: "reload" skips the HTTP cache: a file kept from an older build must not
    // end up in this build's cache (the wheels keep their names across builds).
    await cache.addAll(FILES.map((url) => new Request(url, { cache: "reload" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(request, { ignoreSearch: true });
    return hit || fetch(request);
  })());
});
