// `npm start`: TitleDesk on the built-in sandbox. It builds the app, then opens the desktop app
// where the Electron runtime is installed; elsewhere it says so in one line and opens the same
// app in browser mode (`titledesk web`).
import { spawn, spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { findElectron } from './find-electron.mjs';

const root = resolve(import.meta.dirname, '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);

function runForwardingSignals(command, args) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
}

const build = spawnSync(bin('vite'), ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const electron = findElectron(root);
if (electron !== undefined) {
  runForwardingSignals(electron, [root]);
} else {
  console.log('The Electron runtime is not installed on this machine, so TitleDesk opens in your browser instead (browser mode).');
  runForwardingSignals(process.execPath, [join(root, 'bin', 'titledesk.mjs'), 'web', ...process.argv.slice(2)]);
}
