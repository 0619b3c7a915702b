import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';

/** The page title before any script runs: VITE_APP_TITLE, or the product's Chinese name. */
function appTitle(title: string): Plugin {
  return {
    name: 'pineguard-app-title',
    transformIndexHtml: (html) => html.replace(/<title>.*<\/title>/, `<title>${title}</title>`),
  };
}

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  return {
    plugins: [react(), appTitle(env.VITE_APP_TITLE || '松材线虫病防治监管平台')],
    server: {
      port: 5173,
      proxy: { '/api': 'http://localhost:8080' },
    },
    build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  };
});
