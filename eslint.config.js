// ESLint over the UI and its tests (`npx eslint .`, run by scripts/test.sh with no warning
// allowed): the recommended rules, and the ones that catch a name used without its import
// (`no-undef`), a local name hiding an import (`no-shadow`) and dead names (`no-unused-vars`).
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['node_modules/', 'target/', 'test-output/', 'src-tauri/', 'crates/'] },
  js.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { ecmaVersion: 2024, sourceType: 'module' },
    rules: {
      'no-undef': 'error',
      'no-shadow': ['error', { builtinGlobals: false, hoist: 'functions' }],
      'no-unused-vars': ['error', { args: 'after-used', argsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      'no-use-before-define': ['error', { functions: false, classes: false, variables: false }],
      eqeqeq: ['error', 'smart'],
      'prefer-const': 'error',
      'no-var': 'error',
    },
  },
  // The UI runs in the app's webview (a browser); Tauri's API is window.__TAURI__.
  { files: ['ui/**/*.js'], languageOptions: { globals: { ...globals.browser } } },
  // The tests and scripts run in Node; the functions they hand to the page (page.evaluate,
  // waitForFunction) run in the browser, so both sets of names are known there.
  { files: ['tests/**/*.js', 'scripts/**/*.js', 'eslint.config.js'], languageOptions: { globals: { ...globals.node, ...globals.browser } } },
];
