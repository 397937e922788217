/**
 * Builds the dashboard into dist/ for the service to serve at /dashboard/.
 * Everything is bundled: the page loads nothing from outside the service.
 */
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/dashboard/',
  plugins: [preact({ prerender: { enabled: false } })],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, assetsInlineLimit: 0, chunkSizeWarningLimit: 600 },
  // `npm run dev` proxies the API to a service on :3000, so the cookie stays same-origin.
  server: {
    proxy: Object.fromEntries(
      ['/dashboard/api', '/render', '/renders', '/batch', '/templates', '/queue', '/webhooks', '/ingest', '/contexts', '/analytics', '/workflows', '/workflow-runs', '/variants', '/keys', '/files', '/ai', '/ping', '/health'].map((p) => [p, 'http://127.0.0.1:3000']),
    ),
  },
});
