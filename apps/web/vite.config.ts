/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The workspace root holds a second, older React (a peer pulled in for antd-mobile's animation library), and the
// router, query, i18n and UI libraries sit next to it. Every import of React must reach this app's single copy,
// or hooks break with two renderers; the aliases pin it for the build and the tests alike.
const reactAliases = [
  { find: /^react$/, replacement: here('./node_modules/react/index.js') },
  { find: /^react\/(.*)$/, replacement: here('./node_modules/react/$1') },
  { find: /^react-dom$/, replacement: here('./node_modules/react-dom/index.js') },
  { find: /^react-dom\/(.*)$/, replacement: here('./node_modules/react-dom/$1') },
];

export default defineConfig({
  plugins: [react()],
  resolve: { alias: reactAliases, dedupe: ['react', 'react-dom'] },
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: { '/webapi': { target: 'http://127.0.0.1:3000', changeOrigin: true } },
  },
  test: {
    setupFiles: [here('./src/test/single-react.ts')],
  },
});
