// Lint also enforces the layering in DESIGN.md: each zone lists what it may not import.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const nodeBuiltins = { group: ['node:*'], message: 'This layer runs outside Node: no node:* modules.' };
const electronModule = { name: 'electron', message: 'Only electron/main and electron/preload may import electron.' };

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'dist-electron/', 'release/', '.tmp/', 'test-results/', 'playwright-report/', 'bin/', 'scripts/*.mjs', '.ci/', 'eslint.config.js'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.shared.json', './tsconfig.electron.json', './tsconfig.renderer.json', './tsconfig.tooling.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unnecessary-condition': ['error', { allowConstantLoopConditions: true }],
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['shared/**'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [electronModule],
        patterns: [nodeBuiltins, { group: ['**/electron/**', '**/renderer/**'], message: 'shared/ depends on nothing but itself.' }],
      }],
    },
  },
  {
    files: ['electron/core/**', 'electron/sandbox/**', 'electron/web/**', 'electron/cli/**'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [electronModule],
        patterns: [{ group: ['**/renderer/**', '**/main/**', '**/preload/**'], message: 'Hosts depend on core, never the reverse; core never imports the renderer.' }],
      }],
    },
  },
  {
    // A value import of node:http reads its WebSocket getters, which load Node's own undici at
    // every start; servers come from electron/sandbox/http/node-servers.ts instead.
    files: ['electron/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: ['node:http', 'node:https'].map((name) => ({ name, allowTypeImports: true, message: 'Create servers with electron/sandbox/http/node-servers.ts: an import of this module costs each start about 45 ms.' })),
      }],
    },
  },
  {
    files: ['electron/preload/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [nodeBuiltins, { group: ['**/core/**', '**/sandbox/**', '**/renderer/**'], message: 'The preload is a bridge: electron and shared/ only.' }],
      }],
    },
  },
  {
    files: ['renderer/**'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [electronModule],
        patterns: [nodeBuiltins, { group: ['**/electron/**', '**/test/**'], message: 'renderer/ may import only renderer/ and shared/.' }],
      }],
    },
  },
);
