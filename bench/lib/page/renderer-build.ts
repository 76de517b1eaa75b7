import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { projectRoot } from '../children/child.ts';

export interface RendererBuild {
  readonly dir: string;
  readonly jsBytes: number;
  readonly jsGzipBytes: number;
  readonly cssBytes: number;
  readonly cssGzipBytes: number;
  /** The JS the page loads before it can start: the entry script and the modules it preloads. */
  readonly startJsBytes: number;
  readonly startJsGzipBytes: number;
  readonly files: number;
}

let built: Promise<RendererBuild> | undefined;
let builtDir: string | undefined;

function sizes(dir: string): Omit<RendererBuild, 'dir'> {
  const assets = join(dir, 'assets');
  let jsBytes = 0;
  let jsGzipBytes = 0;
  let cssBytes = 0;
  let cssGzipBytes = 0;
  const names = readdirSync(assets);
  for (const name of names) {
    const content = readFileSync(join(assets, name));
    const gzip = gzipSync(content).length;
    if (name.endsWith('.js')) {
      jsBytes += content.length;
      jsGzipBytes += gzip;
    } else if (name.endsWith('.css')) {
      cssBytes += content.length;
      cssGzipBytes += gzip;
    }
  }
  // Parts loaded on first use (Settings, Batch, History…) are JS files index.html does not name.
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const atStart = new Set([...html.matchAll(/(?:src|href)="(?:\.?\/)?assets\/([^"]+\.js)"/g)].map((match) => match[1]));
  let startJsBytes = 0;
  let startJsGzipBytes = 0;
  for (const name of atStart) {
    if (name === undefined) continue;
    const content = readFileSync(join(assets, name));
    startJsBytes += content.length;
    startJsGzipBytes += gzipSync(content).length;
  }
  return { jsBytes, jsGzipBytes, cssBytes, cssGzipBytes, startJsBytes, startJsGzipBytes, files: names.length };
}

/**
 * The production renderer bundle, built into a folder of the bench's own so that dist/ (which
 * others may be serving) is never emptied under them. Mode "test" leaves out the Electron
 * plugin (main and preload are not the renderer); NODE_ENV=production keeps React's production
 * build, so the bytes are those of `npm run build`.
 */
export function buildRenderer(): Promise<RendererBuild> {
  built ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'titledesk-bench-dist-'));
    builtDir = dir;
    const vite = join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js');
    await promisify(execFile)(process.execPath, [vite, 'build', '--mode', 'test', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: projectRoot,
      env: { ...process.env, NODE_ENV: 'production' },
      timeout: 120_000,
    });
    return { dir, ...sizes(dir) };
  })();
  return built;
}

/** Removes the bench's build, if one was made this run. */
export function removeRendererBuild(): void {
  if (builtDir !== undefined) rmSync(builtDir, { recursive: true, force: true });
  builtDir = undefined;
  built = undefined;
}
