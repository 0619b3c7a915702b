/*
 * The field app's service worker (scope /m/): the app shell from the cache when the network is
 * off. Pages under /m/: network first, the cached shell when offline. Hashed assets: cache first
 * (their names change with their content). /api is never cached: the app keeps its own queue.
 *
 * One cache per release: the page registers this worker as /m/sw.js?v=<build id>
 * (src/m/shellCache.ts), so a release is a new script URL (phones install it) and a new cache
 * name; activating drops the caches of earlier releases.
 */
const build = (new URL(location.href).searchParams.get('v') || 'dev').replace(/[^\w-]/g, '');
const SHELL = `pg-m-shell-${build}`;
const SHELL_EXTRAS = ['/no-eval.js', '/favicon.svg'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      // The shell page and the two files it names outside /assets/ (an offline reload must not
      // log them as failed: issue 29).
      .then((c) => c.addAll(['/m/', ...SHELL_EXTRAS]))
      .then(() => self.skipWaiting()),
  );
});
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith('pg-m-') && k !== SHELL).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== location.origin || url.pathname.startsWith('/api/'))
    return;
  if (event.request.mode === 'navigate') {
    event.respondWith(
      fetch(event.request)
        .then((res) => {
          const copy = res.clone();
          if (res.ok) void caches.open(SHELL).then((c) => c.put('/m/', copy));
          return res;
        })
        .catch(() => caches.match('/m/').then((r) => r || Response.error())),
    );
    return;
  }
  event.respondWith(
    caches.match(event.request).then(
      (hit) =>
        hit ||
        fetch(event.request).then((res) => {
          if (res.ok && (url.pathname.startsWith('/assets/') || SHELL_EXTRAS.includes(url.pathname))) {
            const copy = res.clone();
            void caches.open(SHELL).then((c) => c.put(event.request, copy));
          }
          return res;
        }),
    ),
  );
});
