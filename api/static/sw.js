// The referee page's offline shell (docs/web.md#offline): the page, its scripts, tiles and the
// variant tables are cached at install; the server fills in the file list and the version.
"use strict";

const VERSION = "__VERSION__";
const SHELL = ["__SHELL__"];
const CACHE = `mjscore-shell-${VERSION}`;

self.addEventListener("install", (event) => {
  // scoring never touches the cache: where the browser can route it past the worker, it does, so
  // that a tap is not slowed by waking the worker up
  try {
    if (event.addRoutes) event.addRoutes({condition: {requestMethod: "POST"}, source: "network"}).catch(() => {});
  } catch { /* routing is an optimisation only */ }
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("mjscore-shell-") && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

// the shell's files from the cache; GET answers of the API (variants, item references) from the
// network first, the last one kept for offline; scoring (POST) always goes to the server
self.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/v1/")) {
    event.respondWith(fetch(req).then((res) => {
      if (res.ok) { const copy = res.clone(); caches.open(CACHE).then((c) => c.put(req, copy)); }
      return res;
    }).catch(() => caches.match(req).then((hit) => hit || Response.error())));
    return;
  }
  const key = url.pathname === "/" ? "/" : req;
  event.respondWith(caches.match(key, {ignoreSearch: url.pathname === "/"}).then((hit) => hit || fetch(req)));
});
