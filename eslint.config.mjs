import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const SAGA_TIMERS = {
  name: 'redux-saga/effects',
  importNames: ['delay', 'debounce', 'throttle'],
  message: 'Timers go through the clock port (clock.sleep), so a replay sees them.',
};
const TYPED_TIMERS = { ...SAGA_TIMERS, name: 'typed-redux-saga' };
const TYPED_EFFECTS = {
  name: 'redux-saga/effects',
  message:
    'Effects come from typed-redux-saga, with yield* (typed results); inside race() and all(), from sagas/lib/plainEffects.',
};
const LEAF = 'src/shared/ is a leaf: it imports nothing of the player.';
const room = (regex, message) => ({ regex, message });

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'packages/*/dist/**',
      '.parcel-cache/**',
      'node_modules/**',
      'demo/fixtures/media/**',
      'test/artifacts/**',
      'bench/tmp/**',
      'build/**',
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
      'no-restricted-imports': ['error', { paths: [SAGA_TIMERS] }],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'I/O goes through a port.' },
        { name: 'localStorage', message: 'I/O goes through a port.' },
        { name: 'setTimeout', message: 'Use delay() in a saga; components start no timers.' },
        { name: 'setInterval', message: 'Use delay() in a saga; components start no timers.' },
      ],
    },
  },
  // Which room may import which (README's layout): the shared words at the bottom.
  {
    files: ['src/shared/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [room('^\\.\\./', LEAF)] }] },
  },
  {
    files: ['src/state/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [SAGA_TIMERS], patterns: [room('/ports/', 'A slice holds data, not ports.')] },
      ],
    },
  },
  {
    files: ['sagas/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [TYPED_EFFECTS, TYPED_TIMERS],
          patterns: [room('/src/app/', 'Actors take their words from src/shared/, not src/app/.')],
        },
      ],
    },
  },
  {
    files: ['sagas/*/**'],
    ignores: ['sagas/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [TYPED_EFFECTS, TYPED_TIMERS],
          patterns: [
            room('/src/app/', 'Actors take their words from src/shared/, not src/app/.'),
            room(
              '^\\.\\./(?!lib/|\\.\\./)',
              "Not another actor's file: what two actors share goes to sagas/lib/.",
            ),
          ],
        },
      ],
    },
  },
  {
    // the plain effects for combinators, and the typed join of a task
    files: ['sagas/lib/plainEffects.ts', 'sagas/lib/tasks.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [SAGA_TIMERS] }] },
  },
  {
    files: ['tools/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [room('(^|/)test/', 'Tools use tools/sim/, never test code.')] },
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
