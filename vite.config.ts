import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The client build. `npm run dev` serves it with the API proxied to a server on :8080.
// The service worker (src/sw/sw.ts) is built by vite-plugin-pwa with injectManifest: it precaches
// the shell listed here and is registered by the page (src/app/pwa.ts), never automatically.
export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      // We ship public/manifest.webmanifest ourselves (linked from index.html).
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  build: { outDir: 'dist', sourcemap: true, target: 'es2022' },
  server: {
    proxy: { '/api': 'http://localhost:8080', '/utils': 'http://localhost:8080' },
  },
});
