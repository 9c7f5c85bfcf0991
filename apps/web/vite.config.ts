import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { routePreloads } from './route-preloads';
// By path, not by package name: the config is bundled by Vite, and the shared package is TypeScript.
import { API_PREFIXES } from '../../packages/shared/src/api-paths';

const api = process.env.PARLANCE_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), routePreloads()],
  server: {
    port: 5173,
    // The server's own paths (one list with the server's not-found handler: packages/shared);
    // `ws` lets the live connections (/api/2/realtime, the chat's) through as well.
    proxy: Object.fromEntries(API_PREFIXES.map((p) => [p, { target: api, ws: true }])),
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // The entry's own imports are still preloaded from index.html. Lazy pages are not given a
    // dependency list in the entry: each page would add one, and the first load of /auth has a
    // JavaScript budget (ADR 0019). A page's imports load when it does.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: 12 * 1024 },
          groups: [
            // Everything the entry imports statically is needed before the first render: one file
            // instead of about thirty (a phone on HTTP/1.1 fetches six at a time, each round a
            // round trip).
            { name: 'app', tags: ['$initial'] },
          ],
        },
      },
    },
  },
});
