// Service worker: makes Intruder work offline after one visit, one build at a time.
//
// build.py fills in VERSION (a hash of every other file in dist/) and FILES (every file in
// dist/). Install precaches a build's files together into a cache named after the build
// (addAll: all or nothing). A new build waits until the player accepts it (the page shows "A
// new version is ready" and posts "activate"); a running game is never switched mid-play.
// Each page is served from the cache of the build it was loaded with (remembered per client),
// so an old page never mixes in a newer build's files; a build's cache is deleted only once no
// open page uses it. Fetch answers cache-first, ignoring query strings (?seed=N offline).
"use strict";

const VERSION = "__VERSION__";
const FILES = __FILES__;
const PREFIX = "intruder-";
const CACHE = PREFIX + VERSION;
const CLIENTS = "intruder:clients";  // client id -> the build cache its page was loaded from

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // cache: "reload" skips the HTTP cache: a file kept from an older build must not
    // end up in this build's cache (the packages keep their names across builds).
    await cache.addAll(FILES.map((url) => new Request(url, { cache: "reload" })));
    // The very first install has no page to disturb: take over at once.
    if (!self.registration.active) await self.skipWaiting();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "activate") self.skipWaiting();
});

async function buildOf(clientId) {
  if (!clientId) return null;
  const map = await caches.open(CLIENTS);
  const hit = await map.match(`./__client/${clientId}`);
  return hit ? hit.text() : null;
}

async function remember(clientId, cacheName) {
  if (!clientId) return;
  const map = await caches.open(CLIENTS);
  await map.put(`./__client/${clientId}`, new Response(cacheName));
}

// Delete the caches (and client records) no open page uses any more.
async function prune() {
  const open = new Set((await self.clients.matchAll({ includeUncontrolled: true }))
    .map((c) => c.id));
  const map = await caches.open(CLIENTS);
  const used = new Set([CACHE]);
  for (const request of await map.keys()) {
    const id = new URL(request.url).pathname.split("/__client/")[1];
    if (open.has(id)) used.add(await (await map.match(request)).text());
    else await map.delete(request);
  }
  for (const key of await caches.keys()) {
    if (key.startsWith(PREFIX) && !used.has(key)) await caches.delete(key);
  }
}

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    await prune();
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    let name = CACHE;
    if (request.mode === "navigate") {
      // A page (re)loads: it gets this build, and older builds may go once unused.
      await remember(event.resultingClientId, CACHE);
      event.waitUntil(prune());
    } else {
      const own = await buildOf(event.clientId);
      if (own && own !== CACHE && await caches.has(own)) name = own;
    }
    const cache = await caches.open(name);
    const hit = await cache.match(request, { ignoreSearch: true });
    return hit || fetch(request);
  })());
});
