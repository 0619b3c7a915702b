/**
 * What the web app costs a visitor: bytes per route (JavaScript and everything, with gzip and
 * with brotli) and first contentful paint of /login on a throttled profile (1.6 Mbit/s down,
 * 150 ms RTT, cold cache), in Chromium. Needs a build (`npm run build`). "JS bodies" is the
 * compressed JavaScript itself (the budget: /login ≤ 300 KB gzip); "on the wire" adds each
 * response's headers (~1 KB each, mostly the security headers).
 *
 *   npx tsx bench/web-delivery.bench.ts          (BENCH_FILES=1 also lists each route's scripts)
 */
import { launchBrowser, startServer } from '../e2e/harness.ts';

// /m/ is the field app (its own page and bundle; budget ≤ 250 KB gzip, first load on slow 3G ≤ 5 s).
const routes = ['/login', '/init', '/m/'];
const profile = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6e6 / 8) | 0,
  uploadThroughput: (0.75e6 / 8) | 0,
};

const server = await startServer();
const browser = await launchBrowser();

/** `js`/`all` count what crossed the wire (headers too); `jsBody` the JavaScript bodies only. */
type Tally = { files: number; js: number; jsBody: number; all: number; jsFiles: [string, number][] };

/** Chrome DevTools' "Slow 3G" (0.4 Mbit/s down, 400 ms RTT): the field app's first-load target. */
const slow3g = {
  offline: false,
  latency: 400,
  downloadThroughput: (0.4e6 / 8) | 0,
  uploadThroughput: (0.4e6 / 8) | 0,
};

async function visit(path: string, encoding: 'gzip' | 'br', throttle: boolean | typeof profile) {
  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'accept-encoding': encoding } });
  if (throttle) {
    await cdp.send('Network.emulateNetworkConditions', throttle === true ? profile : throttle);
  }
  const types = new Map<string, { js: boolean; name: string; headers: number }>();
  const tally: Tally = { files: 0, js: 0, jsBody: 0, all: 0, jsFiles: [] };
  cdp.on('Network.responseReceived', (e) => {
    const url = new URL(e.response.url);
    if (url.pathname.startsWith('/api/')) return;
    // At this point the response's encodedDataLength is what its headers took.
    types.set(e.requestId, {
      js: e.type === 'Script',
      name: url.pathname,
      headers: e.response.encodedDataLength,
    });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const t = types.get(e.requestId);
    if (!t) return;
    tally.files += 1;
    tally.all += e.encodedDataLength;
    if (!t.js) return;
    tally.js += e.encodedDataLength;
    tally.jsBody += e.encodedDataLength - t.headers;
    tally.jsFiles.push([t.name, e.encodedDataLength - t.headers]);
  });
  const started = Date.now();
  await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
  const fcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entry = list.getEntriesByName('first-contentful-paint')[0];
          if (entry) resolve(entry.startTime);
        }).observe({ type: 'paint' as never, buffered: true });
      }),
  );
  const elapsed = Date.now() - started;
  await context.close();
  return { tally, fcp, elapsed };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log('route          enc   files  JS files  JS bodies  JS (on the wire)  all (on the wire)');
for (const path of routes) {
  for (const enc of ['gzip', 'br'] as const) {
    const { tally } = await visit(path, enc, false);
    console.log(
      `${path.padEnd(14)} ${enc.padEnd(5)} ${String(tally.files).padStart(5)}  ${String(tally.jsFiles.length).padStart(8)}  ${kb(tally.jsBody).padStart(9)}  ${kb(tally.js).padStart(16)}  ${kb(tally.all).padStart(17)}`,
    );
    // BENCH_FILES=1 lists the scripts of each route, largest first.
    if (process.env.BENCH_FILES) {
      for (const [name, bytes] of tally.jsFiles.sort((a, b) => b[1] - a[1])) {
        console.log(`    ${kb(bytes).padStart(9)}  ${name}`);
      }
    }
  }
}
console.log('\n/login on 1.6 Mbit/s, 150 ms RTT, cold cache (Chromium, CDP throttling):');
for (const enc of ['gzip', 'br'] as const) {
  const runs = [];
  for (let i = 0; i < 3; i++) runs.push(await visit('/login', enc, true));
  const fcps = runs.map((r) => r.fcp).sort((a, b) => a - b);
  console.log(
    `  ${enc.padEnd(5)} first contentful paint median ${(fcps[1]! / 1000).toFixed(2)} s (runs ${fcps.map((f) => (f / 1000).toFixed(2)).join(', ')} s), network idle ${(runs[1]!.elapsed / 1000).toFixed(2)} s`,
  );
}
console.log('\n/m/ (field app) on slow 3G (0.4 Mbit/s, 400 ms RTT), cold cache:');
for (const enc of ['gzip', 'br'] as const) {
  const runs = [];
  for (let i = 0; i < 3; i++) runs.push(await visit('/m/', enc, slow3g));
  const fcps = runs.map((r) => r.fcp).sort((a, b) => a - b);
  console.log(
    `  ${enc.padEnd(5)} first contentful paint median ${(fcps[1]! / 1000).toFixed(2)} s (runs ${fcps.map((f) => (f / 1000).toFixed(2)).join(', ')} s), network idle ${(runs[1]!.elapsed / 1000).toFixed(2)} s`,
  );
}
await browser.close();
await server.stop();
