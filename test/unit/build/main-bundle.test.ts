import { readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mainBundleBudgetBytes } from '../../../build/bundle-budget.ts';
import { mainBundle } from '../support/built-bundles.ts';

/**
 * The built desktop main bundle (the unit suite builds it first when stale). Its size is a
 * budget, so growth shows up here and in npm run package:check rather than in the app's start.
 */
const source = readFileSync(mainBundle, 'utf8');
const importsOf = (code: string): string[] => [...code.matchAll(/(?:^|;)\s*import\s*(?:[^;'"]*?from\s*)?["']([^"']+)["']/gm)].map((match) => match[1] ?? '');
/** What main.js imports beside itself (a runtime its chunks share) is loaded with it at start. */
const loadedWithMain = importsOf(source).filter((name) => name.startsWith('./')).map((name) => readFileSync(join(dirname(mainBundle), name), 'utf8'));

describe('dist-electron/main.js', () => {
  it(`stays within its size budget with what it imports at start (${mainBundleBudgetBytes} bytes)`, () => {
    const bytes = [source, ...loadedWithMain].reduce((sum, code) => sum + Buffer.byteLength(code), 0);
    expect(bytes).toBeLessThanOrEqual(mainBundleBudgetBytes);
  });

  it('is minified: a few long lines, not one line per statement', () => {
    expect(source.split('\n').length).toBeLessThan(500);
  });

  it('imports only electron, Node built-ins and its own chunks, since no node_modules are packed', () => {
    const imported = importsOf(source);
    expect(imported).toContain('electron');
    expect(imported.filter((name) => name !== 'electron' && !isBuiltin(name) && !name.startsWith('./'))).toEqual([]);
  });

  it('carries the stand-ins for what it never runs: ajv without a schema, semver without migrations, zod\'s JSON Schema output, FormData bodies', () => {
    expect(source).toContain('JSON-schema validation is not bundled in the desktop app');
    expect(source).toContain('JSON Schema output of zod schemas is not bundled in the desktop app');
    // zod's own generator names the draft it writes; the stand-in does not.
    expect(source).not.toContain('draft-2020-12');
    expect(source).toContain('Settings-store migrations are not bundled in the desktop app');
    expect(source).toContain('FormData request bodies are not bundled in the desktop app');
  });

  it('carries one build of the HTTP parser, the portable one, not its SIMD twin as well', () => {
    // Both are WebAssembly in base64, each starting with the encoded magic number "\0asm".
    expect(source.match(/AGFzbQ/g)).toHaveLength(1);
    const portable = readFileSync(join(import.meta.dirname, '../../../node_modules/undici/lib/llhttp/llhttp-wasm.js'), 'utf8');
    const blob = /'(AGFzbQ[^']{64})/.exec(portable)?.[1] ?? 'missing';
    expect(source).toContain(blob);
  });
});
