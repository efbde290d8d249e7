import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import uiText from './scripts/eslint/no-literal-ui-text.js';
import languageRoom from './scripts/eslint/language-room.js';

/** An import pattern that refuses the API's folders above a layer, however many `../` lead there. */
function layer(folders, below) {
  return {
    regex: `^(\\.\\.?/)+(${folders})(/|$)`,
    message: `${below} must not import from a layer above it (features → engine → scripture).`,
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/.test-build-*/**',
      '**/node_modules/**',
      'data/**',
      '**/migrations/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
      // The browser's URL escape(): a local escape() taken away leaves a call that still compiles and percent-encodes.
      'no-restricted-globals': [
        'error',
        { name: 'escape', message: 'Use escapeRegExp (language/lexicon.ts) or encodeURIComponent.' },
        { name: 'unescape', message: 'Use decodeURIComponent.' },
      ],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/config.ts', '**/*.test.ts', 'apps/api/src/test/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through config.ts only.' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // antd-mobile's imperative Toast and Dialog render through the React 19 renderer that lib/overlays.ts sets up before
    // the first one: imported straight from the library, a toast shown before any other did not render at all (the
    // feedback page's oversize message).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/overlays.ts', '**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'antd-mobile', importNames: ['Toast'], message: 'Show toasts through lib/overlays.ts.' },
            { name: 'antd-mobile/es/components/toast', message: 'Show toasts through lib/overlays.ts.' },
            { name: 'antd-mobile/es/components/dialog', message: 'Open dialogs through lib/overlays.ts.' },
          ],
        },
      ],
    },
  },
  {
    // No user-visible string is written in a component: the catalogues in apps/web/src/locales hold them all.
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx', 'apps/web/src/test/**'],
    plugins: { 'ui-text': uiText },
    rules: { 'ui-text/no-literal-ui-text': 'error' },
  },
  {
    // Layers of the API: features → engine (corpus, retrieval, answer, question, language) → scripture. Nothing
    // imports upward.
    files: ['apps/api/src/{corpus,retrieval,answer,question,language}/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [layer('features', 'the engine')] }] },
  },
  {
    files: ['apps/api/src/scripture/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            layer('features|corpus|retrieval|answer|question|db', 'scripture (the bottom layer)'),
            // Only the lines reader of the data files (it imports nothing): the book aliases are lines of a list.
            {
              regex: '^(\\.\\.?/)+language/(?!lexicon\\.ts$)',
              message: 'scripture (the bottom layer) may read the language room’s data files only through lexicon.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // No Chinese regular expression or word list outside the language room: there they are data, one entry a line
    // with its examples (apps/api/src/language/lexicon/). Tests and fixtures may quote Chinese questions freely.
    // scripture/ sits below the language room (language → scripture): its reference notation (章, 篇, 节, the
    // numerals) is the parser's grammar, which the rooms above build on, and stays with the parser.
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      'apps/api/src/language/**',
      'apps/api/src/scripture/**',
      '**/*.test.ts',
      'apps/api/src/test/**',
      '**/fixtures/**',
    ],
    plugins: { 'language-room': languageRoom },
    rules: { 'language-room/no-chinese-word-lists': 'error' },
  },
  {
    // The engine's rooms import downward only: answer → retrieval → question → language (issue 26's room plan):
    // language imports none of the rooms above it, question neither retrieval nor answer, retrieval not answer (its
    // eval, which scores answers too, is apart until eval/ is a room of its own).
    files: ['apps/api/src/{language,question,retrieval}/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/api/src/retrieval/eval/**'],
    plugins: { 'language-room': languageRoom },
    rules: {
      'language-room/room-direction': [
        'error',
        {
          root: 'apps/api/src',
          order: 'features → answer → retrieval → question → language → scripture',
          forbidden: {
            language: ['features', 'answer', 'retrieval', 'question', 'corpus', 'db'],
            question: ['features', 'answer', 'retrieval', 'corpus', 'db'],
            retrieval: ['features', 'answer'],
          },
        },
      ],
    },
  },
  {
    files: ['scripts/**', '**/*.test.ts', '**/*.test.tsx', 'e2e/**', '**/bench/**'],
    rules: { 'no-console': 'off' },
  },
);
