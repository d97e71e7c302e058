import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

// The API serves the built files at /explorer/ (apps/api/src/explorer/), so every asset URL is relative to it.
export default defineConfig({
  base: '/explorer/',
  plugins: [preact()],
  build: { outDir: 'dist', emptyOutDir: true },
});
