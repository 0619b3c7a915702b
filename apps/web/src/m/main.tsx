import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import './m.css';
import { SHELL_CACHE, SW_URL } from './shellCache.ts';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

/**
 * Offline after the first visit: the service worker (public/m/sw.js) answers /m/ and the assets
 * from its cache; the page puts its own shell (this document and every script and style it
 * loaded) into that cache, so the shell is precached without a build-time manifest. Cache and
 * worker are named by the build (shellCache.ts), so the next release replaces both.
 */
if ('serviceWorker' in navigator) {
  void navigator.serviceWorker.register(SW_URL, { scope: '/m/' }).then(async () => {
    const urls = [
      '/m/',
      // Named by m.html outside /assets/: without them an offline reload logs two failures.
      '/no-eval.js',
      '/favicon.svg',
      ...performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((u) => new URL(u).origin === location.origin && /\/assets\/|\/m\//.test(new URL(u).pathname)),
    ];
    const cache = await caches.open(SHELL_CACHE);
    await Promise.all(urls.map((u) => cache.add(u).catch(() => undefined)));
  });
}
