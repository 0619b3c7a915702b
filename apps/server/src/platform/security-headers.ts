import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer (@fastify/helmet). The CSP is the one the built web app runs
 * under: scripts only from the app's origin (no inline script); antd's CSS-in-JS writes inline
 * <style>, so styles allow 'unsafe-inline'; images may come from a configured tile server (https:)
 * and from data:/blob: URLs (QR codes, previews). Pages may not be framed. HSTS only when the
 * request came over TLS (directly or, with TRUST_PROXY, per X-Forwarded-Proto): a plain-HTTP LAN
 * install must not be told to insist on HTTPS.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
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
    hsts: false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (req, reply) => {
    // Camera, microphone (short videos) and position only for the field app's pages (/m/);
    // the back office needs none of them.
    const path = req.url.split('?')[0] ?? '';
    const field = path === '/m' || path.startsWith('/m/');
    reply.header(
      'permissions-policy',
      field
        ? 'camera=(self), microphone=(self), geolocation=(self)'
        : 'camera=(), microphone=(), geolocation=()',
    );
    // The field app reads QR tags with ZXing compiled to WebAssembly where the phone has no
    // BarcodeDetector: its pages may compile wasm ('wasm-unsafe-eval' allows WebAssembly only,
    // never JavaScript eval); the back office may not.
    const csp = reply.getHeader('content-security-policy');
    if (field && typeof csp === 'string') {
      reply.header(
        'content-security-policy',
        csp.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'"),
      );
    }
    if (req.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
  });
}
