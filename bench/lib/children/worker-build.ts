import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { mainBundleOptions } from '../../../build/main-bundle-options.ts';
import { benchDir, projectRoot } from './child.ts';

let outDir: string | undefined;
const built = new Map<string, Promise<string>>();

/**
 * A bench worker bundled the way the desktop app's main process is (build/main-bundle-options.ts:
 * the same stand-ins, minified, one file), so the clients under test run the code a user's install
 * runs rather than TypeScript stripped at load: that alone cost about 35 MiB of resident memory
 * before the first purchase. Built once per bench run; returns the bundle's path.
 */
export function bundledWorker(worker: string): Promise<string> {
  let bundle = built.get(worker);
  if (bundle === undefined) {
    bundle = buildWorker(worker);
    built.set(worker, bundle);
  }
  return bundle;
}

async function buildWorker(worker: string): Promise<string> {
  outDir ??= mkdtempSync(join(tmpdir(), 'titledesk-bench-workers-'));
  const fromRoot = (path: string): string => join(projectRoot, path);
  const entryFileName = `${basename(worker, '.ts')}.mjs`;
  // Vite is loaded only by the sections that run a bundled worker.
  const { build } = await import('vite');
  // Vite's build sets NODE_ENV=production in this process, which every child started after it
  // (sandboxes, other clients) would inherit: put it back as it was.
  const nodeEnv = process.env['NODE_ENV'];
  try {
    await build({
      configFile: false,
      logLevel: 'warn',
      root: projectRoot,
      ...mainBundleOptions(fromRoot),
      ssr: { noExternal: true },
      build: {
        ssr: join(benchDir, 'workers', worker),
        outDir,
        emptyOutDir: false,
        target: 'node24',
        rolldownOptions: { output: { entryFileNames: entryFileName, minify: process.env['TITLEDESK_BENCH_MINIFY'] !== '0' } },
      },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env['NODE_ENV'];
    else process.env['NODE_ENV'] = nodeEnv;
  }
  return join(outDir, entryFileName);
}

/** Removes this run's bundles, if any were made. */
export function removeWorkerBuilds(): void {
  if (outDir !== undefined) rmSync(outDir, { recursive: true, force: true });
  outDir = undefined;
  built.clear();
}
