import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = 'http://localhost:3000';
const proxied = [
  '/api',
  '/registry',
  '/userService',
  '/ajax',
  '/adminService',
  '/manage',
  '/chat/api',
  '/wizard/updateText',
];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: api, ws: p === '/chat/api' }])),
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // The entry's own imports are still preloaded from index.html. Lazy pages are not given a
    // dependency list in the entry: each page would add one, and the first load of /auth has a
    // JavaScript budget (docs/decisions.md, "Bundle budget"). A page's imports load when it does.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    chunkSizeWarningLimit: 600,
  },
});
