// `npm run electron:install`: fetch the Electron runtime now, showing the installer's own output.
// Exits 1 when it still cannot be had, so scripts can tell.
import { resolve } from 'node:path';
import { installElectron } from './electron-runtime.mjs';

const root = resolve(import.meta.dirname, '..');
const outcome = installElectron(root, { quiet: false });
if (outcome.ok) {
  console.log(`Electron runtime ready: ${outcome.binary}`);
} else {
  console.error(`The Electron runtime could not be fetched: ${outcome.reason}.`);
  process.exitCode = 1;
}
