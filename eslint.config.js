import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import uiText from './scripts/eslint/no-literal-ui-text.js';

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
        { patterns: [layer('features|corpus|retrieval|answer|db', 'scripture (the bottom layer)')] },
      ],
    },
  },
  {
    files: ['scripts/**', '**/*.test.ts', '**/*.test.tsx', 'e2e/**', '**/bench/**'],
    rules: { 'no-console': 'off' },
  },
);
