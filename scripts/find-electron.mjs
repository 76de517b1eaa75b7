// Finds the Electron binary without requiring the electron package: requiring it tries to
// download the binary when it is missing, which fails (noisily) on machines without access.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export function findElectron(root = resolve(import.meta.dirname, '..')) {
  const packageDir = join(root, 'node_modules', 'electron');
  const pathFile = join(packageDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const candidate = override ? join(override, relative || 'electron') : relative ? join(packageDir, 'dist', relative) : undefined;
  return candidate !== undefined && existsSync(candidate) ? candidate : undefined;
}
