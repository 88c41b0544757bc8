import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      '.parcel-cache/**',
      'node_modules/**',
      'demo/fixtures/media/**',
      'test/artifacts/**',
      'bench/tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // The actors and the state must stay replayable: time and randomness come from ports.
    files: ['src/state/**', 'sagas/**', 'src/components/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Use the clock port.' },
        { object: 'Math', property: 'random', message: 'Use the rng port.' },
        { object: 'performance', property: 'now', message: 'Use the clock port.' },
      ],
      'no-restricted-imports': [
        'error',
        {
          name: 'redux-saga/effects',
          importNames: ['delay', 'debounce', 'throttle'],
          message: 'Timers go through the clock port (clock.sleep), so a replay sees them.',
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'I/O goes through a port.' },
        { name: 'localStorage', message: 'I/O goes through a port.' },
        { name: 'setTimeout', message: 'Use delay() in a saga; components start no timers.' },
        { name: 'setInterval', message: 'Use delay() in a saga; components start no timers.' },
      ],
    },
  },
  {
    files: ['test/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { module: 'writable', require: 'readonly', __dirname: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
