import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isStale } from './fresh-build.ts';

const inputs = ['electron/main/index.ts', 'shared/catalog/iri.ts', 'renderer/index.html', 'build/zod-without-eval.ts', 'vite.config.ts', 'package.json', 'package-lock.json', 'patches/postgres+3.4.9.patch'];
const outputs = ['dist/index.html', 'dist-electron/main.js', 'dist-electron/preload.cjs'];
const sourcesAt = new Date('2026-01-01T00:00:00Z');
const builtAt = new Date('2026-01-01T00:01:00Z');
const editedAt = new Date('2026-01-01T00:02:00Z');

let tree: string | undefined;

afterEach(() => {
  if (tree !== undefined) rmSync(tree, { recursive: true, force: true });
  tree = undefined;
});

/** Sets every file and folder under path to one time, since making a file touches its folder. */
function stampAll(path: string, at: Date): void {
  if (statSync(path).isDirectory()) for (const name of readdirSync(path)) stampAll(join(path, name), at);
  utimesSync(path, at, at);
}

/** A tree of every input, built after its last change. */
function builtTree(): string {
  const base = mkdtempSync(join(tmpdir(), 'fresh-build-'));
  for (const file of [...inputs, ...outputs]) {
    mkdirSync(dirname(join(base, file)), { recursive: true });
    writeFileSync(join(base, file), '');
  }
  stampAll(base, sourcesAt);
  for (const file of outputs) utimesSync(join(base, file), builtAt, builtAt);
  return base;
}

describe('the unit suite\'s build', () => {
  it('is fresh when no input changed after it', () => {
    tree = builtTree();
    expect(isStale(tree)).toBe(false);
  });

  it.each(inputs)('is stale once %s changes after it', (input) => {
    tree = builtTree();
    utimesSync(join(tree, input), editedAt, editedAt);
    expect(isStale(tree)).toBe(true);
  });

  it('is stale when an output is missing', () => {
    tree = builtTree();
    rmSync(join(tree, 'dist-electron', 'main.js'));
    expect(isStale(tree)).toBe(true);
  });
});
