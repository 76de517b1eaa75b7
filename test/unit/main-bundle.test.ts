import { readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { describe, expect, it } from 'vitest';
import { mainBundleBudgetBytes } from '../../build/bundle-budget.ts';
import { mainBundle } from './support/built-bundles.ts';

/**
 * The built desktop main bundle (the unit suite builds it first when stale). Its size is a
 * budget, so growth shows up here and in npm run package:check rather than in the app's start.
 */
const source = readFileSync(mainBundle, 'utf8');

describe('dist-electron/main.js', () => {
  it(`stays within its size budget (${mainBundleBudgetBytes} bytes)`, () => {
    expect(Buffer.byteLength(source)).toBeLessThanOrEqual(mainBundleBudgetBytes);
  });

  it('is minified: a few long lines, not one line per statement', () => {
    expect(source.split('\n').length).toBeLessThan(500);
  });

  it('imports only electron and Node built-ins, since no node_modules are packed', () => {
    const imported = [...source.matchAll(/(?:^|;)\s*import\s*(?:[^;'"]*?from\s*)?["']([^"']+)["']/gm)].map((match) => match[1] ?? '');
    expect(imported).toContain('electron');
    expect(imported.filter((name) => name !== 'electron' && !isBuiltin(name))).toEqual([]);
  });

  it('carries the stand-ins for what it never runs: ajv without a schema, semver without migrations, FormData bodies', () => {
    expect(source).toContain('JSON-schema validation is not bundled in the desktop app');
    expect(source).toContain('Settings-store migrations are not bundled in the desktop app');
    expect(source).toContain('FormData request bodies are not bundled in the desktop app');
  });
});
