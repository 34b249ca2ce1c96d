// Lint, and the fence that keeps the core pure: nothing under src/core, src/cli or src/node may import
// `vscode` (type-only imports included) or reach into the VS Code layer; the core may not touch
// the file system either (it takes strings and returns values).
import tseslint from 'typescript-eslint';
import regexp from 'eslint-plugin-regexp';

const vscodeFence = {
  paths: [{ name: 'vscode', message: 'src/core and src/cli run in plain Node: never import vscode here.' }],
  patterns: [{ group: ['**/vscode/**', '../vscode', '../../vscode'], message: 'The core must not depend on the VS Code layer.' }],
};

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', '.vscode-test/**', 'media/**', 'test/fixtures/**', 'test/workspace/**', 'demo/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    // Replies and files are untrusted and large (10 MB, lines of any length): no regular expression
    // of the product may backtrack more than linearly. An exponential one in the elision check
    // once kept a reply of license banners running for minutes.
    files: ['src/**/*.ts'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [
          ...vscodeFence.paths,
          { name: 'fs', message: 'The core takes strings and returns values: no file system.' },
          { name: 'node:fs', message: 'The core takes strings and returns values: no file system.' },
          { name: 'fs/promises', message: 'The core takes strings and returns values: no file system.' },
          { name: 'node:fs/promises', message: 'The core takes strings and returns values: no file system.' },
        ],
        patterns: vscodeFence.patterns,
      }],
    },
  },
  {
    files: ['src/cli/**/*.ts', 'src/node/**/*.ts', 'test/unit/**/*.ts', 'bench/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', vscodeFence] },
  },
);
