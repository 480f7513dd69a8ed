import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The client build. `npm run dev` serves it with the API proxied to a server on :8080.
// The service worker (src/sw/sw.ts) is built by vite-plugin-pwa with injectManifest: it precaches
// the shell listed here and is registered by the page (src/app/pwa.ts), never automatically.
const COMPRESSIBLE = /\.(js|css|html|svg|webmanifest|json|ttf)$/;

/**
 * Writes a .br and a .gz copy beside every compressible file of the build, at the highest
 * levels: the server sends them as they are (server/plugins/client-files.ts), so the work is
 * done once here instead of on every request.
 */
function precompress(): Plugin {
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'interschools:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      await Promise.all(
        Object.values(bundle).map(async (file) => {
          if (!COMPRESSIBLE.test(file.fileName)) return;
          const source = file.type === 'chunk' ? Buffer.from(file.code) : Buffer.from(file.source);
          if (source.length < 1024) return;
          const target = path.join(outDir, file.fileName);
          await writeFile(
            `${target}.br`,
            await br(source, {
              params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length },
            }),
          );
          await writeFile(`${target}.gz`, await gz(source, { level: 9 }));
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    precompress(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      // We ship public/manifest.webmanifest ourselves (linked from index.html).
      manifest: false,
      injectManifest: {
        // The invoice PDF's fonts (ttf) too, so a PDF can be made offline.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,ttf}'],
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
