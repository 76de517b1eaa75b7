import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { zodWithoutEval } from '../../../build/zod-without-eval.ts';

const root = resolve(import.meta.dirname, '..', '..', '..');
const entryId = 'virtual:zod-first-schema';

/** A bundle whose first statement builds and parses an object schema, with no config said before it. */
const firstSchemaEntry: Plugin = {
  name: 'zod-first-schema-entry',
  resolveId: (id) => (id === entryId ? `\0${entryId}` : undefined),
  load: (id) => (id === `\0${entryId}` ? `import { z } from 'zod';\nexport const parsed = z.object({ a: z.string() }).parse({ a: 'x' });\n` : undefined),
};

async function bundle(plugins: Plugin[]): Promise<string> {
  const result = await build({
    configFile: false,
    root,
    logLevel: 'silent',
    plugins: [firstSchemaEntry, ...plugins],
    build: { write: false, minify: false, rolldownOptions: { input: entryId, preserveEntrySignatures: 'strict', output: { format: 'es' } } },
  });
  if (Array.isArray(result) || !('output' in result)) throw new Error('expected one build output');
  const chunks = result.output.flatMap((file) => (file.type === 'chunk' ? [file.code] : []));
  if (chunks.length !== 1 || chunks[0] === undefined) throw new Error(`expected one chunk, got ${String(chunks.length)}`);
  return chunks[0];
}

const scratch = mkdtempSync(join(tmpdir(), 'zod-without-eval-'));
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

/** Runs the bundle where `new Function` throws, as under the page's CSP, and counts the attempts. */
function runWithoutEval(code: string, name: string): { attempts: number; parsed: unknown } {
  const file = join(scratch, `${name}.mjs`);
  writeFileSync(file, code);
  const probe = `
    let attempts = 0;
    globalThis.Function = new Proxy(Function, { construct() { attempts += 1; throw new EvalError('refused'); }, apply() { attempts += 1; throw new EvalError('refused'); } });
    const { parsed } = await import(${JSON.stringify(pathToFileURL(file).href)});
    console.log(JSON.stringify({ attempts, parsed }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', probe], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as { attempts: number; parsed: unknown };
}

describe('zod without eval in the renderer build (build/zod-without-eval.ts)', () => {
  it('a schema built and parsed before anything else never tries new Function', async () => {
    expect(runWithoutEval(await bundle([zodWithoutEval()]), 'jitless')).toEqual({ attempts: 0, parsed: { a: 'x' } });
  });

  it('without it, the same bundle tries new Function (what the page reports as a CSP violation)', async () => {
    const { attempts, parsed } = runWithoutEval(await bundle([]), 'plain');
    expect(attempts).toBeGreaterThan(0);
    expect(parsed).toEqual({ a: 'x' });
  });

  it('fails the build when zod no longer keeps its config where the build sets it', () => {
    const plugin = zodWithoutEval();
    const transform = plugin.transform;
    if (typeof transform !== 'function') throw new Error('expected a transform hook');
    const call = (code: string, id: string): unknown => Reflect.apply(transform, {}, [code, id]);
    expect(call('export const x = 1;', '/p/node_modules/zod/v4/core/schemas.js')).toBeUndefined();
    expect(() => call('export const globalConfig = {};', '/p/node_modules/zod/v4/core/core.js')).toThrow(/no longer keeps its config/);
  });
});
