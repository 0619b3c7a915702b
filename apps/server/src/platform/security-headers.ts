import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers on every answer (helmet). The CSP is the one the built web app runs under:
 * scripts only from the app's origin (no inline script); antd's CSS-in-JS writes inline <style>,
 * so styles allow 'unsafe-inline'; images come from the app (media are signed same-origin URLs),
 * data:/blob: URLs (QR codes, previews) and, only when the installation draws a base map, its tile
 * server's host (`tileImageSource`). Pages may not be framed. HSTS only when the request came
 * over TLS (directly or, with TRUST_PROXY, per X-Forwarded-Proto): a plain-HTTP LAN install must
 * not be told to insist on HTTPS.
 *
 * The headers do not depend on the request, so helmet writes them once, at start, for the back
 * office and once for the field app: @fastify/helmet built helmet's middleware (parsing the CSP
 * again) on every request, 3 % of a list call's CPU.
 */
const options = (field: boolean, tiles: string | undefined): HelmetOptions => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // The field app reads QR tags with ZXing compiled to WebAssembly where the phone has no
      // BarcodeDetector: its pages may compile wasm ('wasm-unsafe-eval' allows WebAssembly only,
      // never JavaScript eval); the back office may not.
      scriptSrc: field ? ["'self'", "'wasm-unsafe-eval'"] : ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      mediaSrc: ["'self'", 'blob:'],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
});

/**
 * The CSP source for a tile template such as `https://t{s}.tianditu.gov.cn/img_w/wmts?x={x}…`: its
 * scheme and host, a `{s}` subdomain label widened to `*` (CSP allows a wildcard as the leftmost
 * label only). Undefined for a template it cannot express exactly: config.ts refuses it at start
 * rather than allowing more.
 */
export function tileImageSource(template: string): string | undefined {
  const m = /^(https?):\/\/([^/?#]+)/i.exec(template);
  const labels = m?.[2]?.split('.') ?? [];
  const hostOk = labels.every((l, i) => /^[a-z0-9-]+(:\d+)?$/i.test(l) || (i === 0 && /\{s\}/.test(l)));
  if (!m || labels.length < 2 || !hostOk) return undefined;
  if (labels[0]!.includes('{')) labels[0] = '*';
  return `${m[1]!.toLowerCase()}://${labels.join('.')}`;
}

/** The headers helmet's middleware sets for these options, as one object. */
function headersOf(opts: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: () => {},
  };
  let done = false;
  helmet(opts)({} as IncomingMessage, res as unknown as ServerResponse, () => void (done = true));
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}

/** `tiles`: the tile server's CSP source (config.mapTiles), when the installation draws a base map. */
export async function registerSecurityHeaders(app: FastifyInstance, tiles?: string): Promise<void> {
  const backOffice = {
    ...headersOf(options(false, tiles)),
    // Camera, microphone (short videos) and position only for the field app's pages (/m/).
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  };
  const fieldApp = {
    ...headersOf(options(true, tiles)),
    'permissions-policy': 'camera=(self), microphone=(self), geolocation=(self)',
  };
  app.addHook('onRequest', async (req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    reply.headers(path === '/m' || path.startsWith('/m/') ? fieldApp : backOffice);
    // API answers carry personal data (a worker's full ID number for permitted roles): no cache
    // keeps them. Media and downloads that may be cached set their own cache-control.
    if (/^\/api(project)?\//.test(path)) reply.header('cache-control', 'no-store');
    if (req.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
  });
}
