import react from '@vitejs/plugin-react';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, loadEnv, type Plugin } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Precompressed copies of every text asset (name.br, name.gz) written at build time, so the
 * server sends them as they are (@fastify/static `preCompressed`) instead of compressing per
 * request or not at all.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'pineguard-precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle: async (_options, bundle) => {
      const files = Object.keys(bundle).filter((f) => /\.(js|css|html|svg|json|txt)$/.test(f));
      await Promise.all(
        files.map(async (file) => {
          const path = join(outDir, file);
          const data = await readFile(path);
          if (data.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            gzipAsync(data, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}

/** The page title before any script runs: VITE_APP_TITLE, or the product's Chinese name. */
function appTitle(title: string): Plugin {
  return {
    name: 'pineguard-app-title',
    // The field app's page (m.html) keeps its own title.
    transformIndexHtml: (html, ctx) =>
      ctx.path.endsWith('/m.html') ? html : html.replace(/<title>.*<\/title>/, `<title>${title}</title>`),
  };
}

/**
 * One id per build: the field app registers its service worker and names its cache with it
 * (src/m/shellCache.ts, public/m/sw.js), so each release reaches phones and drops the last one's cache.
 */
const buildId = Date.now().toString(36);

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  return {
    define: { __PG_BUILD_ID__: JSON.stringify(buildId) },
    plugins: [react(), appTitle(env.VITE_APP_TITLE || '松材线虫病防治监管平台'), precompress()],
    server: {
      port: 5173,
      proxy: { '/api': 'http://localhost:8080' },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      chunkSizeWarningLimit: 600,
      rolldownOptions: {
        // Two pages: the back office (index.html) and the field app (m.html, served at /m/).
        input: { main: resolve(here, 'index.html'), m: resolve(here, 'm.html') },
        output: {
          // Named vendor chunks that change rarely (cached across releases) and keep the heavy
          // libraries apart: charts and maps load only with the pages that draw them. Pages are
          // lazy routes (app/router.tsx); bench/web-delivery.bench.ts prints what /login loads.
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
              { name: 'echarts', test: /node_modules[\\/](echarts|zrender)[\\/]/ },
              { name: 'leaflet', test: /node_modules[\\/](leaflet|react-leaflet|@react-leaflet)[\\/]/ },
            ],
          },
        },
      },
    },
  };
});
