import { type BuildEnvironmentOptions, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';
import { pwaManifest } from './scripts/pwa-manifest.ts';
import { renterOnlyPrecache } from './scripts/pwa-precache.ts';
import { precompress } from './scripts/vite-precompress.ts';
import { devProxy } from './scripts/dev-proxy.ts';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Each build has its own id: the persisted query cache of another build is dropped.
const buildId = process.env.EFIE_BUILD_ID ?? new Date().toISOString();
// The offline update test builds a second version elsewhere before deploying it.
const outDir = process.env.EFIE_PWA_OUT_DIR ?? fromHere('./dist/pwa');

// The PWA lives in pwa/ and is built into dist/pwa, which api/server.ts serves. `vite build --ssr`
// (the second half of `npm run build`) builds the server's first paint, pwa/ssr/render-page.tsx,
// into dist/server: the same routes and screens, without the service worker or the precompressed copies.
export default defineConfig(({ isSsrBuild }) => ({
  root: 'pwa',
  define: { __EFIE_BUILD__: JSON.stringify(buildId) },
  publicDir: 'public',
  plugins: [
    // Must come before the React plugin so that route files are split before JSX is compiled.
    tanstackRouter({
      target: 'react',
      // Absolute, because the plugin resolves relative paths from `root` (pwa/).
      routesDirectory: fromHere('./pwa/routes'),
      generatedRouteTree: fromHere('./pwa/routeTree.gen.ts'),
      autoCodeSplitting: true,
      quoteStyle: 'single',
      semicolons: false,
    }),
    react(),
    tailwindcss(),
    ...(isSsrBuild ? [] : browserOnlyPlugins()),
  ],
  build: isSsrBuild ? serverBuild : browserBuild,
  server: {
    proxy: devProxy('http://localhost:3000'),
  },
}));

const serverBuild = {
  ssr: true,
  copyPublicDir: false,
  rolldownOptions: { input: fromHere('./pwa/ssr/render-page.tsx') },
  outDir: fromHere('./dist/server'),
  emptyOutDir: true,
  target: 'node20',
  sourcemap: false,
} satisfies BuildEnvironmentOptions;

function browserOnlyPlugins() {
  return [
    precompress(),
    // Offline (issue 6): our own worker (pwa/sw.ts), registered by pwa/offline/update-prompt.tsx.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: pwaManifest,
      includeManifestIcons: false,
      injectManifest: {
        // No icons: the browser keeps the installed app's own, and a revisioned file is fetched
        // again past the HTTP cache (issue 31: 4 KB of a first visit for a tab's icon offline).
        // manifest.webmanifest is added by the plugin itself (a glob for it listed it twice).
        globPatterns: ['**/*.{js,css,html}'],
        manifestTransforms: [renterOnlyPrecache(outDir)],
      },
    }),
  ];
}

const browserBuild = {
  outDir,
  emptyOutDir: true,
  manifest: true,
  target: 'es2022',
  sourcemap: false,
  rolldownOptions: {
    output: {
      // React, the router and the query client are needed by every first visit: one file
      // instead of a dozen small ones saves round trips on slow mobile networks.
      advancedChunks: {
        groups: [
          {
            name: 'vendor',
            test: /[\\/]node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-query|query-core|react-router|router-core|history|store|react-store))[\\/]/,
          },
          {
            // The route definitions (not their split screens), the shared lib, the renter queries, and
            // the features' outbox kinds the page registers at start (pwa/outbox-kinds.ts); not a
            // feature's queries that merely name the outbox (the admins' Delivery tab's), nor the rows
            // the outbox list draws (.tsx: they load with the list, offline/refused-rows-loaders.ts).
            name: 'app',
            test: /[\\/]pwa[\\/](routes[\\/][^?]*|lib[\\/](?!contract\.ts).*|features[\\/]properties[\\/]([^\\/]*\.queries|search-params)\.ts|outbox-kinds\.ts|features[\\/][^\\/]+[\\/](?![^\\/]*\.queries\.ts$)[^\\/]*outbox[^\\/]*\.ts)$/,
          },
        ],
      },
    },
  },
} satisfies BuildEnvironmentOptions;
