/// <reference types="vitest/config" />
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { defineConfig, type Plugin, type ResolveModulePreloadDependenciesFn } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import {
  ASSETS_CACHE,
  ASSET_URL,
  OFFLINE_PAGE_URL,
  PAGES_CACHE,
  PAPERS_CACHE,
  TRIP_PAPER_URL,
} from './src/pwa/cache-names.ts';

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside each text asset of the build, which the API serves
 * as they are (@fastify/static `preCompressed`, apps/api/src/plugins/web.ts): smaller than compressing each
 * response on the fly at a speed-minded level, and no CPU spent per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'safarnama-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg)$/.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        const raw = fs.readFileSync(file);
        if (raw.length < 1024) continue;
        const br = zlib.brotliCompressSync(raw, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        });
        const gz = zlib.gzipSync(raw, { level: 9 });
        if (br.length < raw.length) fs.writeFileSync(`${file}.br`, br);
        if (gz.length < raw.length) fs.writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

/**
 * Trims the list of chunks Vite preloads beside each lazy import() to those the import would not fetch at
 * once anyway: not the imported chunk itself (import() asks for it straight away) nor a chunk the entry
 * loaded up front (Rolldown's runtime, which every chunk imports, is one). Each name on a list is a hashed
 * file name written into the chunk that holds the import, the entry chunk for the pages: 0.3 KB gzip of
 * every public page's first load, for preloads that fetched nothing.
 */
function lazyImportPreloads(): { plugin: Plugin; resolveDependencies: ResolveModulePreloadDependenciesFn } {
  const loadedUpFront = new Set<string>();
  const plugin: Plugin = {
    name: 'safarnama-entry-closure',
    apply: 'build',
    // Before Vite writes the lists (its import analysis runs after the app's plugins).
    generateBundle(_options, bundle) {
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (loadedUpFront.has(fileName) || chunk?.type !== 'chunk') return;
        loadedUpFront.add(fileName);
        chunk.imports.forEach(visit);
      };
      for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName);
    },
  };
  return {
    plugin,
    // index.html's own list names the entry's chunks, which the page must fetch beside the entry: kept whole.
    resolveDependencies: (file, deps, { hostType }) =>
      hostType === 'html' ? deps : deps.filter((dep) => dep !== file && !loadedUpFront.has(dep)),
  };
}
const preloads = lazyImportPreloads();

const api = process.env.VITE_DEV_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    precompress(),
    preloads.plugin,
    // D34: the service worker that makes the app installable and picks up a new build (src/pwa). The manifest is
    // the server's (it carries the agency's name); registration is the app's own, after the page has loaded, so
    // no public page's first load grows. It precaches the entry and the public pages' chunks only: the back office's
    // come with the pages that use them. Offline it answers only what src/pwa/keep-offline.ts keeps (the pages that
    // open offline, the chunks they used, the trip papers), each online first; no API answer that needs a login
    // is ever kept, and the trip answer itself is the app's (src/pwa/saved-trips.ts).
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      workbox: {
        // The entry and the home page's chunks: the installed app opens at home with no network (D34).
        globPatterns: [
          'favicon.svg',
          'icons/*.png',
          'assets/{index,web,rolldown-runtime}-*.{js,css}',
          'assets/home-{page,sections}-*.js',
        ],
        navigateFallback: null,
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // The server's HTML stays the page online; only when the network fails (or hangs) is the kept copy used.
            urlPattern: OFFLINE_PAGE_URL,
            handler: 'NetworkFirst',
            options: {
              cacheName: PAGES_CACHE,
              networkTimeoutSeconds: 8,
              matchOptions: { ignoreSearch: true },
              expiration: { maxEntries: 10 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // Hashed names never change: a kept chunk is the chunk.
            urlPattern: ASSET_URL,
            handler: 'CacheFirst',
            options: {
              cacheName: ASSETS_CACHE,
              expiration: { maxEntries: 120 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // Bounded by count here; src/pwa/keep-offline.ts keeps those it fetches within PAPER_LIMITS' bytes.
            urlPattern: TRIP_PAPER_URL,
            handler: 'NetworkFirst',
            options: {
              cacheName: PAPERS_CACHE,
              networkTimeoutSeconds: 15,
              expiration: { maxEntries: 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
        clientsClaim: false,
        skipWaiting: false,
      },
    }),
  ],
  resolve: {
    // wouter's import of the React 16/17 shim, answered with React's own hook (src/lib/use-sync-external-store.ts).
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store.ts', import.meta.url)),
      },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': api, '/uploads': api },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // scripts/bundle-size.mjs reads it to measure each public page's first-load JavaScript.
    manifest: true,
    // The public pages' initial JavaScript is budgeted (≤ 100 KB gzip); back-office pages are lazy chunks.
    chunkSizeWarningLimit: 400,
    modulePreload: { resolveDependencies: preloads.resolveDependencies },
    // Fewer, larger chunks on the first load (docs/performance.md, "Chunks"): on a phone each request costs
    // a round trip, more than a few hundred bytes twice over.
    rolldownOptions: {
      // Lets Rolldown drop the entry's unused exports, which inlining common chunks requires.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // Everything the entry loads up front in one chunk; left alone, Rolldown splits the modules the
          // entry shares with lazy chunks (React, the API client, messages…) into five small files.
          groups: [{ name: 'index', tags: ['$initial'] }],
          // Small chunks shared by lazy pages (the card, the search form, formatters, icons) are copied
          // into each page's chunk, so /packages loads one chunk rather than nine. Rolldown keeps one
          // instance of each module at run time (strictExecutionOrder, switched on by this option).
          experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // A test's own waits say what it waits for; this only bounds a whole test, which on a loaded two-core runner
    // (the API suite beside it) took past the default 5 s while passing in under 1 s alone.
    testTimeout: 15_000,
  },
});
