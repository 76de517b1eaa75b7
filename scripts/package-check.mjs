// `npm run package:check`: proves electron-builder.yml offline. The Electron binary cannot be
// downloaded here, so electron-builder packs the app around a stub `electron` (electronDist), which
// exercises the real configuration: file selection, asar, the afterPack fuses hook. Then the asar is
// opened and checked: the built main, preload and renderer are in it; source, tests, configs and
// node_modules are not. Exits non-zero on any problem. `--skip-build` reuses dist/ and dist-electron/.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import { Script } from 'node:vm';
import { join, resolve } from 'node:path';
import { mainBundleBudgetBytes } from '../build/bundle-budget.ts';

const root = resolve(import.meta.dirname, '..');
const work = join(root, '.tmp', 'package-check');
const stubDist = join(work, 'electron-dist');
const output = join(work, 'release');
const unpacked = join(output, 'linux-unpacked');
const asarPath = join(unpacked, 'resources', 'app.asar');
const asar = createRequire(import.meta.url)('@electron/asar');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const problems = [];

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', env: { ...process.env, ELECTRON_BUILDER_OFFLINE: '1' } });
  const text = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status !== 0) {
    process.stderr.write(text);
    console.error(`package:check: ${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
    process.exit(1);
  }
  return text;
}

if (!process.argv.includes('--skip-build')) run(bin('vite'), ['build', '--logLevel', 'warn']);
for (const required of ['dist/index.html', 'dist-electron/main.js', 'dist-electron/preload.cjs']) {
  if (!existsSync(join(root, required))) {
    console.error(`package:check: ${required} is missing; run the build first.`);
    process.exit(1);
  }
}

// A stub that fails loudly if anything ever tries to run it as Electron.
rmSync(work, { recursive: true, force: true });
mkdirSync(stubDist, { recursive: true });
writeFileSync(join(stubDist, 'electron'), '#!/bin/sh\necho "stub electron: for package:check only" >&2\nexit 1\n');
chmodSync(join(stubDist, 'electron'), 0o755);

const log = run(bin('electron-builder'), [
  '--dir', '--linux', '--x64', '--publish', 'never',
  `-c.electronDist=${stubDist}`,
  `-c.directories.output=${output}`,
]);
if (!/fuses (skipped|flipped and verified)/.test(log)) problems.push('the afterPack fuses hook did not report (is afterPack configured?)');

const resources = readdirSync(join(unpacked, 'resources')).sort();
if (resources.join() !== 'app.asar') problems.push(`resources/ should hold app.asar alone, holds: ${resources.join(', ')}`);

const entries = asar.listPackage(asarPath).map((entry) => entry.replaceAll('\\', '/').replace(/^\//, ''));
const files = entries.filter((entry) => /\.[a-z0-9]+$/i.test(entry.split('/').at(-1) ?? ''));
for (const required of ['package.json', 'dist/index.html', 'dist-electron/main.js', 'dist-electron/preload.cjs']) {
  if (!entries.includes(required)) problems.push(`missing from app.asar: ${required}`);
}
if (!files.some((file) => /^dist\/assets\/.+\.js$/.test(file))) problems.push('missing from app.asar: the renderer bundle (dist/assets/*.js)');

const topLevel = new Set(entries.map((entry) => entry.split('/')[0]));
for (const name of topLevel) {
  if (!['dist', 'dist-electron', 'package.json'].includes(name)) problems.push(`unexpected in app.asar: ${name}`);
}
const forbidden = [
  [/\.(ts|tsx|mts|cts)$/, 'TypeScript source'],
  [/(^|\/)(test|tests|__tests__|e2e)\//, 'tests'],
  [/\.(test|spec)\.[a-z]+$/, 'tests'],
  [/(^|\/)node_modules\//, 'node_modules (Vite already bundled them)'],
  [/(^|\/)(tsconfig[^/]*\.json|vite\.config\.[a-z]+|vitest\.config\.[a-z]+|playwright[^/]*\.config\.[a-z]+|eslint\.config\.[a-z]+|electron-builder\.ya?ml|package-lock\.json)$/, 'a config file'],
  [/(^|\/)\.[^/]+$/, 'a dotfile'],
  [/\.map$/, 'a source map'],
];
for (const file of files) {
  for (const [pattern, what] of forbidden) if (pattern.test(file)) problems.push(`${what} in app.asar: ${file}`);
}

const manifest = JSON.parse(asar.extractFile(asarPath, 'package.json').toString('utf8'));
if (manifest.main !== 'dist-electron/main.js') problems.push(`package.json main is ${manifest.main}, expected dist-electron/main.js`);
if (manifest.dependencies !== undefined && Object.keys(manifest.dependencies).length > 0) {
  problems.push(`package.json has dependencies (${Object.keys(manifest.dependencies).join(', ')}): they would be packed next to Vite's bundle`);
}

// The bundle must stand alone: anything it imports besides electron and Node's builtins would be
// missing at run time, since no node_modules are packed.
const mainSource = asar.extractFile(asarPath, 'dist-electron/main.js').toString('utf8');
// The bundle is minified, its imports on one line: each follows the start or a semicolon.
const staticImports = (source) => [...source.matchAll(/(?:^|;)\s*import\s*(?:[^;'"]*?from\s*)?["']([^"']+)["']/gm)].map((match) => match[1]);
// Parts loaded on first use (the workbook writer) are chunks beside main.js, named by import("./…").
const chunkImports = (source) => [...source.matchAll(/\bimport\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g)].map((match) => `dist-electron/${match[1]}`);
// Some libraries import builtins without the node: prefix (fflate's `module`); those are builtins too.
const externalOf = (names) => names.filter((name) => name !== 'electron' && !isBuiltin(name) && !name.startsWith('./'));
const localOf = (names) => names.filter((name) => name.startsWith('./')).map((name) => `dist-electron/${name.slice(2)}`);
// Every file main.js reaches: those it imports (loaded with it: a runtime shared by its chunks)
// and those it loads on first use, and theirs in turn.
const atStart = new Set(['dist-electron/main.js']);
const chunks = [];
const imported = [];
const toVisit = [['dist-electron/main.js', true]];
const visited = new Set();
while (toVisit.length > 0) {
  const [file, loadedAtStart] = toVisit.shift();
  if (visited.has(file)) continue;
  visited.add(file);
  if (!entries.includes(file)) {
    problems.push(`dist-electron/main.js reaches ${file}, which is not in app.asar`);
    continue;
  }
  if (file !== 'dist-electron/main.js') chunks.push(file);
  if (loadedAtStart) atStart.add(file);
  const source = asar.extractFile(asarPath, file).toString('utf8');
  const statics = staticImports(source);
  imported.push(...statics.filter((name) => !name.startsWith('./')));
  const external = externalOf(statics);
  if (external.length > 0) problems.push(`${file} imports modules that are not packed: ${external.join(', ')}`);
  for (const local of localOf(statics)) toVisit.push([local, loadedAtStart]);
  for (const local of chunkImports(source)) toVisit.push([local, false]);
}
const startBytes = [...atStart].reduce((sum, file) => sum + asar.extractFile(asarPath, file).length, 0);
if (startBytes > mainBundleBudgetBytes) {
  problems.push(`dist-electron/main.js and what it imports at start are ${startBytes} bytes, over their budget of ${mainBundleBudgetBytes} (build/bundle-budget.ts)`);
}
const preloadSource = asar.extractFile(asarPath, 'dist-electron/preload.cjs').toString('utf8');
const preloadRequires = [...preloadSource.matchAll(/require\(["']([^"']+)["']\)/g)].map((match) => match[1]);
if (preloadRequires.some((name) => name !== 'electron')) problems.push(`the preload requires more than electron: ${preloadRequires.join(', ')}`);
problems.push(...preloadFormatProblems(preloadSource));
const electronFiles = files.filter((file) => file.startsWith('dist-electron/')).sort();
const expectedElectronFiles = ['dist-electron/main.js', 'dist-electron/preload.cjs', ...chunks].sort();
if (electronFiles.join() !== expectedElectronFiles.join()) problems.push(`dist-electron/ should hold main.js, preload.cjs and the chunks main.js reaches, holds: ${electronFiles.join(', ')}`);

/**
 * A sandboxed preload is compiled by Electron as the body of a CommonJS wrapper function, and with
 * the sandbox off Node loads it by extension: so it must be a script (no import/export, no
 * top-level await) that compiles as a function body, and it must reach electron through require.
 */
function preloadFormatProblems(source) {
  const found = [];
  try {
    new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: 'preload.cjs' });
  } catch (error) {
    found.push(`the preload is not CommonJS (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!preloadRequires.includes('electron')) found.push('the preload does not require("electron")');
  return found;
}

if (problems.length > 0) {
  console.error(`package:check FAILED (${problems.length}):\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  process.exit(1);
}
console.log(`package:check passed: app.asar holds ${files.length} files (${files.join(', ')}); main imports only ${[...new Set(imported)].join(', ')}; at start it loads ${[...atStart].join(' + ')}, ${startBytes} bytes (budget ${mainBundleBudgetBytes}); on first use ${chunks.filter((file) => !atStart.has(file)).join(', ') || 'nothing else'}.`);
