/**
 * The build's id, defined by vite.config.ts (one per release; 'dev' where nothing defines it).
 * The page registers the service worker as /m/sw.js?v=<id> and sw.js names its cache from that
 * `v`: a release is a new worker script URL, so phones install it, and a new cache, so the old
 * release's shell and assets are dropped when it activates.
 */
declare const __PG_BUILD_ID__: string | undefined;

export const BUILD_ID = typeof __PG_BUILD_ID__ === 'string' ? __PG_BUILD_ID__ : 'dev';
export const SW_URL = `/m/sw.js?v=${encodeURIComponent(BUILD_ID)}`;
/** The same name sw.js computes from its own URL. */
export const SHELL_CACHE = `pg-m-shell-${BUILD_ID}`;
