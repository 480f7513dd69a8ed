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

type ManifestEntry = { url: string; revision: string | null; size: number };

const RACE_DAY_SOURCES = '/src/features/race-day/';

/**
 * The order the service worker stores the app's files in (workbox precaches them one after the
 * other, in the manifest's order): the shell that opens the app first, then the race-day screens'
 * files, then the rest. A race official who signs in on a new tablet at the hut and loses the
 * network a minute later then has the start lists and marshall sheets, if anything.
 *
 * Records, at build, which files the shell and the race-day screens need (their chunks, the
 * chunks those import and their CSS); `filesFirst` orders the precache manifest by it.
 */
function precacheOrder(): { plugin: Plugin; filesFirst(entries: ManifestEntry[]): { manifest: ManifestEntry[] } } {
  const shell = new Set<string>(['index.html']);
  const raceDay = new Set<string>();
  const plugin: Plugin = {
    name: 'interschools:precache-order',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [[file.fileName, file] as const] : [])),
      );
      const needs = (fileName: string, into: Set<string>) => {
        const chunk = chunks.get(fileName);
        if (!chunk || into.has(fileName)) return;
        into.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
        for (const imported of chunk.imports) needs(imported, into);
      };
      for (const chunk of chunks.values()) {
        if (chunk.isEntry) needs(chunk.fileName, shell);
        if (chunk.moduleIds.some((id) => id.includes(RACE_DAY_SOURCES))) needs(chunk.fileName, raceDay);
      }
    },
  };
  const rank = (url: string) => (shell.has(url) ? 0 : raceDay.has(url) ? 1 : 2);
  return {
    plugin,
    filesFirst: (entries) => ({ manifest: [...entries].sort((a, b) => rank(a.url) - rank(b.url)) }),
  };
}

const precache = precacheOrder();

export default defineConfig({
  plugins: [
    react(),
    precompress(),
    precache.plugin,
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
        // The shell, then the race-day screens, then the rest (precacheOrder above).
        manifestTransforms: [precache.filesFirst],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: { outDir: 'dist', sourcemap: true, target: 'es2022' },
  server: {
    proxy: { '/api': 'http://localhost:8080', '/utils': 'http://localhost:8080' },
  },
});
