import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Vitest global setup for the unit suite: some units are the built bundles themselves (the
 * preload as Electron loads it, the main bundle's size). The build runs only when an output is
 * missing or older than a source, so a test never judges a stale bundle and a fresh tree costs a
 * directory walk. Once, before any test file, so no two test files build at the same time.
 */
const root = resolve(import.meta.dirname, '..', '..', '..');

/**
 * Everything `vite build` reads: the code it bundles, its config and the plugins that config
 * imports from build/ (a plugin changes the output as much as a source does), and the installed
 * packages with their patches.
 */
export const buildInputs = ['electron', 'shared', 'renderer', 'build', 'vite.config.ts', 'package.json', 'package-lock.json', 'patches'];

function newestMtime(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stats.mtimeMs);
}

function oldestOutput(base: string): number | undefined {
  const electronDir = join(base, 'dist-electron');
  if (!existsSync(electronDir) || !existsSync(join(base, 'dist', 'index.html'))) return undefined;
  const mtime = (name: string): number => statSync(join(electronDir, name)).mtimeMs;
  // The newest preload counts: a renamed output (preload.mjs → preload.cjs) leaves the old file behind.
  const preloads = readdirSync(electronDir).filter((name) => /^preload\.[cm]?js$/.test(name)).map(mtime);
  if (!existsSync(join(electronDir, 'main.js')) || preloads.length === 0) return undefined;
  return Math.min(statSync(join(base, 'dist', 'index.html')).mtimeMs, mtime('main.js'), Math.max(...preloads));
}

/** Whether the build under base is missing or older than any of its inputs; an input not there counts as unchanged. */
export function isStale(base: string): boolean {
  const built = oldestOutput(base);
  if (built === undefined) return true;
  const present = buildInputs.map((input) => join(base, input)).filter((path) => existsSync(path));
  return Math.max(...present.map(newestMtime)) > built;
}

export default function freshBuild(): void {
  if (!isStale(root)) return;
  const build = spawnSync(join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`vite build failed (exit ${String(build.status ?? build.signal)})`);
}
