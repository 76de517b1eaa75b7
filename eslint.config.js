// Lint also enforces the layering in DESIGN.md: each zone lists what it may not import.
import { posix } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const nodeBuiltins = { group: ['node:*'], message: 'This layer runs outside Node: no node:* modules.' };
const electronModule = { name: 'electron', message: 'Only electron/main and electron/preload may import electron.' };
const hostImports = { group: ['**/renderer/**', '**/main/**', '**/preload/**'], message: 'Hosts depend on core, never the reverse; core never imports the renderer.' };

// electron/core's layer order, bottom row first (docs/architecture.md#layer-order): a folder may
// import only folders in lower rows, never its own row or a higher one. '.' is core's own files.
// Inside purchases/, 'purchases' is the room's own files (the purchase service); its sub-rooms
// have rows of their own, and team/ sits beside the SQLite journal as a second store.
const coreLayers = [
  ['.'],
  ['files', 'secrets', 'concurrency', 'stores'],
  ['http', 'settings'],
  ['api'],
  ['auth', 'address', 'catalog'],
  ['purchases/answers'],
  ['purchases/journal', 'team'],
  ['purchases/recovery', 'team-join'],
  ['purchases/polling'],
  ['purchases/submission'],
  ['purchases/history'],
  ['purchases'],
  ['env', 'onboarding'],
  ['spending'],
  ['batch', 'report', 'team-desk'],
  ['router'],
  ['events'],
  ['app'],
];

/** One block per core folder and depth inside it, since a relative import path depends on both. */
function coreLayerBlocks() {
  const folders = coreLayers.flat();
  const rowOf = new Map(coreLayers.flatMap((row, index) => row.map((folder) => [folder, index])));
  const inside = (folder, parent) => parent === '.' || folder.startsWith(`${parent}/`);
  const subRooms = (folder) => folders.filter((other) => other !== folder && inside(other, folder));
  const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return folders.flatMap((zone) => {
    let targets = folders.filter((other) => other !== zone && rowOf.get(other) >= rowOf.get(zone));
    // A whole room above this folder is one pattern; a room this folder sits in, or one with a
    // sub-room below it, forbids only its own files and lists its higher sub-rooms one by one.
    const whole = targets.filter((target) => !inside(zone, target) && subRooms(target).every((sub) => targets.includes(sub)));
    targets = targets.filter((target) => !whole.some((room) => inside(target, room)));
    return [0, 1, 2, 3].filter((depth) => zone !== '.' || depth === 0).map((depth) => {
      const dir = posix.join('electron/core', zone, ...Array.from({ length: depth }, () => '*'));
      const fileDir = posix.join('electron/core', zone, ...Array.from({ length: depth }, () => 'x'));
      const patterns = targets.map((target) => {
        const relative = posix.relative(fileDir, posix.join('electron/core', target));
        const prefix = relative.startsWith('..') ? relative : `./${relative}`;
        const ownFilesOnly = subRooms(target).length > 0 && !whole.includes(target);
        return {
          regex: `^${escape(prefix)}/${ownFilesOnly ? '[^/]+$' : ''}`,
          message: `In electron/core, ${zone === '.' ? 'the root files' : `${zone}/`} may not import ${target}/: it is not in a lower row of the layer order (docs/architecture.md#layer-order).`,
        };
      });
      return {
        files: [`${dir}/*.ts`],
        ignores: zone === '.' ? [] : subRooms(zone).map((sub) => `electron/core/${sub}/**`),
        rules: { 'no-restricted-imports': ['error', { paths: [electronModule], patterns: [hostImports, ...patterns] }] },
      };
    });
  });
}

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
        patterns: [hostImports],
      }],
    },
  },
  ...coreLayerBlocks(),
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
