/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { bundleBudget } from './build/bundle-budget.ts';
import { firstScreenChunks } from './build/first-screen-chunks.ts';
import { firstScreen } from './build/first-screen.ts';
import { serviceWorker } from './build/service-worker.ts';

/** The first visit to /chat may send at most this much gzipped JavaScript (issue 6). */
const CHAT_BUDGET = {
  route: '/chat',
  page: 'src/features/chat/chat-page.tsx',
  maxGzipBytes: 200 * 1024,
  // A first visit also fetches its language's catalogues and the first-visit tour, and once its screen is up, the
  // conversation's code.
  alsoLoads: ['locale-zh-CN', 'locale-zh-CN-more', 'first-visit-tour', 'chat-conversation'],
};

export default defineConfig({
  plugins: [
    react(),
    bundleBudget([CHAT_BUDGET]),
    firstScreen({
      localesDir: fileURLToPath(new URL('src/locales', import.meta.url)),
      logo: fileURLToPath(new URL('src/assets/logo.svg', import.meta.url)),
      tourModule: 'src/features/tour/first-visit-tour.tsx',
      homeModule: CHAT_BUDGET.page,
    }),
    serviceWorker({
      worker: fileURLToPath(new URL('src/service-worker/sw.ts', import.meta.url)),
      localesDir: fileURLToPath(new URL('src/locales', import.meta.url)),
      logo: fileURLToPath(new URL('src/assets/logo.svg', import.meta.url)),
      firstScreenModules: [
        CHAT_BUDGET.page,
        'src/features/tour/first-visit-tour.tsx',
        'src/features/chat/chat-conversation.tsx',
        'src/locales/zh-CN/first-screen.ts',
        'src/locales/zh-CN/catalogue.ts',
      ],
    }),
  ],
  // One React for the app and every library (the root package.json pins it with overrides).
  resolve: { dedupe: ['react', 'react-dom'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The first screen travels in one chunk on purpose (decision 0029); the budget above is what bounds it.
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      // Contract schemas are built with zod at module level; unused ones are dropped from the pages that only need
      // the contract's constants.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // The first screen in one chunk (the entry and /chat), one chunk per language's catalogues (decision 0029).
        codeSplitting: firstScreenChunks(fileURLToPath(new URL('.', import.meta.url)), {
          entry: 'src/main.tsx',
          home: CHAT_BUDGET.page,
          // zod arrives with the first answer that needs validating (decision 0009); the error catalogue (every
          // message in five languages) with the first error shown; the help lines with the first answer's links.
          lazy: [
            /[\\/]node_modules[\\/]zod[\\/]/,
            /[\\/]contract[\\/]src[\\/]errors\.ts$/,
            /[\\/]contract[\\/]src[\\/]help-lines\.ts$/,
          ],
          // The nav bar's back arrow is the first screen's only icon; its index names a hundred.
          barrels: [/[\\/]node_modules[\\/]antd-mobile-icons[\\/]es[\\/]index\.js$/],
          parts: [/[\\/]node_modules[\\/]antd-mobile-icons[\\/]es[\\/]LeftOutline\.js$/],
          // lib/i18n.ts FIRST_SCREEN_NAMESPACES: their catalogues travel with the first screen.
          firstScreenCatalogues: ['common', 'chat', 'tour'],
        }),
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
