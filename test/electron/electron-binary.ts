import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// Where the electron package puts its binary when it has one. Requiring the package itself is
// avoided: since Electron 45 that starts a download when the binary is missing.
const binaryInDist: Readonly<Partial<Record<NodeJS.Platform, string>>> = {
  linux: 'electron',
  darwin: 'Electron.app/Contents/MacOS/Electron',
  win32: 'electron.exe',
};

/** The Electron binary: TITLEDESK_ELECTRON if set, else node_modules/electron's; undefined when absent. */
export function findElectronBinary(): string | undefined {
  const explicit = process.env['TITLEDESK_ELECTRON'];
  if (explicit !== undefined && explicit !== '') return existsSync(explicit) ? explicit : undefined;
  let packageDir: string;
  try {
    packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return undefined;
  }
  const pathFile = join(packageDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : binaryInDist[process.platform];
  if (relative === undefined || relative === '') return undefined;
  const distDir = process.env['ELECTRON_OVERRIDE_DIST_PATH'] ?? join(packageDir, 'dist');
  const binary = join(distDir, relative);
  return existsSync(binary) ? binary : undefined;
}

export const noElectronReason = 'skipped: no Electron binary';

/** The desktop CI sets this: there, a missing binary or a skipped test is a failure, not a skip. */
export function electronRequired(): boolean {
  return process.env['TITLEDESK_ELECTRON_REQUIRED'] === '1';
}
