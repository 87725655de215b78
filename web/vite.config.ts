import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Vite 8 is ESM-only: `import.meta.dirname` replaces `__dirname`.
const root = import.meta.dirname;

export default defineConfig({
  root,
  plugins: [react()],
  build: {
    outDir: `${root}/dist`,
    emptyOutDir: true,
    target: 'es2022',
    // Report gzip sizes so the JS budget of slow mobile networks stays visible on every build.
    reportCompressedSize: true,
    rolldownOptions: {
      output: {
        // The session store, the API client, the toasts and Vite's preload helper are needed by the
        // first screen and by most lazy screens. Left to itself the bundler cuts them into four
        // small shared files, each with its own import glue and gzip overhead on the sign-in path;
        // one file keeps the sign-in screen under its 150 kB budget.
        codeSplitting: {
          groups: [{ name: 'app-core', test: /web\/src\/(api\/client|ui\/toast|features\/auth\/session)\.ts|vite\/preload-helper/ }],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      // The API and its httpOnly refresh cookie (path /api) stay same-origin through this proxy.
      '/api': { target: 'http://127.0.0.1:3001', changeOrigin: false, ws: false },
    },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: 'http://127.0.0.1:3001', ws: false } },
  },
});
