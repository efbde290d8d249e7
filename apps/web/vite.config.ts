/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  // One React for the app and every library (the root package.json pins it with overrides).
  resolve: { dedupe: ['react', 'react-dom'] },
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: { '/webapi': { target: 'http://127.0.0.1:3000', changeOrigin: true } },
  },
  test: { setupFiles: [fileURLToPath(new URL('./src/test/setup.ts', import.meta.url))] },
});
