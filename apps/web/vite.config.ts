import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { finnishTexts } from './finnish-texts.ts';

const webRoot = import.meta.dirname;
const apiTarget = 'http://localhost:3000';
const reactRouterBuild = (file: string) => resolve(webRoot, '../../node_modules/react-router/dist/production', file);

// Built by `npm run build:web` (vite build --config apps/web/vite.config.ts);
// the API serves apps/web/dist. In development `vite` proxies the API.
export default defineConfig(({ command }) => {
  // A build is always a production build, whatever NODE_ENV the shell has (React's development
  // build is far larger and slower; the React plugin reads NODE_ENV too); `vite` serve stays development.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    root: webRoot,
    mode: command === 'build' ? 'production' : 'development',
    // The Finnish catalog in areas: the first load carries only its own texts (finnish-texts.ts).
    plugins: [react(), finnishTexts({ catalogFile: resolve(webRoot, '../../libs/domain/src/locales/fi.json'), i18nModule: '/src/i18n/i18n.ts' })],
    // The server puts each page's Content-Security-Policy nonce here (apps/api/src/platform/http/security-headers.ts).
    html: command === 'build' ? { cspNonce: '__CSP_NONCE__' } : undefined,
    resolve: {
      alias: {
        '@resepti/domain': resolve(webRoot, '../../libs/domain/src/index.ts'),
        // The catalogs of the languages loaded on first use (i18n/i18n.ts).
        '@resepti/locales': resolve(webRoot, '../../libs/domain/src/locales'),
        // React Router's production build (its package exports only the development one, with its
        // warnings): the same code without them, and smaller.
        ...(command === 'build' ? { 'react-router/dom': reactRouterBuild('dom-export.mjs'), 'react-router': reactRouterBuild('index.mjs') } : {}),
      },
    },
    build: {
      outDir: resolve(webRoot, 'dist'),
      emptyOutDir: true,
      sourcemap: true,
      // dist/.vite/manifest.json: the entry chunk and its static imports are the first load of /
      // (bench/lib/web-size.mjs, figure web_js_gzip_kb, target ≤ 100 KiB gzip).
      manifest: true,
      chunkSizeWarningLimit: 1500,
    },
    server: {
      proxy: {
        '/ui-api': { target: apiTarget, changeOrigin: false },
        '/health': { target: apiTarget, changeOrigin: false },
        // The embedded test IdP (with PUBLIC_URL=http://localhost:5173 on the API).
        '/dev-idp': { target: apiTarget, changeOrigin: false },
        '/socket.io': { target: apiTarget, ws: true, changeOrigin: false },
      },
    },
  };
});
