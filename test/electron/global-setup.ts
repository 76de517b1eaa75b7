import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { electronRequired, findElectronBinary } from './electron-binary.ts';

const root = resolve(import.meta.dirname, '..', '..');

/** Builds main, preload and renderer once, only when there is an Electron to run them. */
export default function globalSetup(): void {
  if (findElectronBinary() === undefined) {
    if (electronRequired()) throw new Error('TITLEDESK_ELECTRON_REQUIRED=1 but there is no Electron binary: run npm run electron:install.');
    return;
  }
  const build = spawnSync(join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`vite build failed (exit ${String(build.status)})`);
}
