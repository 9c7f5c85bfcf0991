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
    chunkSizeWarningLimit: 600,
  },
});
