/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { bundleBudget } from './build/bundle-budget.ts';

/** The first visit to /chat may send at most this much gzipped JavaScript (issue 6). */
const CHAT_BUDGET = {
  route: '/chat',
  page: 'src/features/chat/chat-page.tsx',
  maxGzipBytes: 200 * 1024,
  // A first visit also fetches its language's catalogues and the first-visit tour.
  alsoLoads: ['locale-zh-CN', 'first-visit-tour'],
};

export default defineConfig({
  plugins: [react(), bundleBudget([CHAT_BUDGET])],
  // One React for the app and every library (the root package.json pins it with overrides).
  resolve: { dedupe: ['react', 'react-dom'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // Contract schemas are built with zod at module level; unused ones are dropped from the pages that only need
      // the contract's constants.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // One chunk per language's catalogues (locales/<lang>/catalogue.ts), fetched at start-up for the language on
        // screen only.
        manualChunks: (id) => /\/locales\/([^/]+)\/[^/]+\.(json|ts)$/.exec(id)?.[1]?.replace(/^/, 'locale-'),
      },
    },
  },
  server: {
    proxy: { '/webapi': { target: 'http://127.0.0.1:3000', changeOrigin: true } },
  },
  test: {
    // track-work.ts first: it must count the timers before React loads (see src/test/pending-work.ts).
    setupFiles: ['./src/test/track-work.ts', './src/test/setup.ts'].map((file) =>
      fileURLToPath(new URL(file, import.meta.url)),
    ),
  },
});
