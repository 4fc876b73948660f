// Vite config for the acphys page. `base: './'` keeps every URL relative, so the built folder
// (dist/) works when served from any path.
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: './',
  publicDir: false,
  build: {
    outDir: fileURLToPath(new URL('../dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    // three.js (the 3-D view, web/src/view3d.ts) is its own chunk of ~740 kB, loaded only when
    // the view is opened.
    chunkSizeWarningLimit: 800,
  },
  server: { fs: { allow: [fileURLToPath(new URL('..', import.meta.url))] } },
});
