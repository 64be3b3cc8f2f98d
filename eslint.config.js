import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import portal from './tooling/eslint-boundaries.js';

export default defineConfig(
  {
    ignores: [
      'dist/',
      'dist-*/',
      'dist-e2e*/',
      'data/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'coverage/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, portal },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'portal/boundaries': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Every text a user reads comes from the locale files (docs/translating.md): a literal in JSX text, in a
    // conditional inside JSX, or in a text-bearing prop fails the lint. A string passed to a function is data (a key,
    // an id, a date) whose result the function translates or formats, so call arguments are not checked.
    files: ['core/**/*.tsx', 'plugins/**/*.tsx'],
    ignores: ['**/*.test.tsx', '**/testing/**'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: [
              'title',
              'label',
              'placeholder',
              'alt',
              'aria-label',
              'aria-description',
              'tooltip',
              'okText',
              'cancelText',
              'description',
              'message',
              'content',
              'extra',
              'help',
              'subTitle',
            ],
          },
          callees: { exclude: ['.*'] },
          // Marks drawn as symbols (✓, ×, …) beside a translated text, and punctuation or constants.
          words: { exclude: ['[0-9!-/:-@[-`{-~]+', '[A-Z_-]+', '[\\u2013-\\u2717\\s]+'] },
          message: 'User-visible text belongs in a locale file (t(...)); see docs/translating.md',
        },
      ],
    },
  },
  {
    // Test code reads arbitrary JSON bodies and navigation state; typing every fixture would add noise, not safety.
    files: ['**/*.test.{ts,tsx}', '**/testing/**', 'tests/**', 'server/test/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The browser reaches /v1 only through the contract's endpoint table (`http.call(endpoints.x, ...)`), and tests
    // fake it through the same table (tests/msw/endpoint-handlers.ts): a path typed by hand drifts from the server.
    files: ['core/**/*.{ts,tsx}', 'plugins/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/v1(\\/|$)/]',
          message: 'Call /v1 through the endpoint table (@contract/v1/endpoints), not a path string.',
        },
        {
          selector: 'TemplateElement[value.raw=/^\\/v1(\\/|$)/]',
          message: 'Call /v1 through the endpoint table (@contract/v1/endpoints), not a path string.',
        },
      ],
    },
  },
);
