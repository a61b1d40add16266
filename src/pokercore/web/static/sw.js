// pokercore serve: the service worker of the installable app. It keeps the static shell (pages, styles, scripts,
// icons) so the app opens at once and, when the server cannot be reached, the page itself shows that (its
// offline banner) instead of the browser's error page. It never keeps API answers, history or game state:
// only the paths of SHELL are answered here; everything else (/ws, /api/..., /health) goes to the server.
// The server fills in VERSION (the package's version and a digest of the shell's files) and SHELL, so any
// change of the server's pages installs a new worker, which replaces the old cache.
"use strict";
const VERSION = "__VERSION__";
const SHELL = __SHELL__;
const CACHE = `pokercore-shell-${VERSION}`;
const PATIENCE = 3000;  // ms the network has before a kept copy is shown

self.addEventListener("install", (ev) => {
  ev.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all(SHELL.map(async (path) => {
      try {
        const r = await fetch(path, { cache: "no-cache" });
        if (r.ok && !r.redirected) await cache.put(path, r);
      } catch (e) { /* not kept now: the next visit that reaches the server keeps it */ }
    }));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (ev) => {
  ev.waitUntil((async () => {
    for (const key of await caches.keys()) if (key.startsWith("pokercore-shell-") && key !== CACHE) await caches.delete(key);
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (ev) => {
  const req = ev.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin || !SHELL.includes(url.pathname)) return;
  ev.respondWith(fromNetworkOrKept(req, url.pathname));
});

// The server's answer (kept for next time); the kept copy when the server cannot be reached or is slow.
async function fromNetworkOrKept(req, path) {
  const cache = await caches.open(CACHE);
  const network = fetch(req).then((r) => {
    if (r.ok && !r.redirected && r.type === "basic") cache.put(path, r.clone());
    return r;
  });
  const kept = await cache.match(path);
  if (!kept) return network;
  return Promise.race([network.catch(() => kept), new Promise((done) => setTimeout(() => done(kept), PATIENCE))]);
}
