// The operator console: built to dist/console and served by gateway-edge on the admin port under /console/.
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/console/',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('../../dist/console', import.meta.url)),
    emptyOutDir: true,
    // One origin, no CDN: every byte the page needs is in dist/console.
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 2048,
    sourcemap: true,
  },
  // `npx vite apps/console` during development: the admin API of a platform started with `npm start`.
  server: { proxy: { '/admin/v1': 'http://localhost:3001' } },
});
