// `npm start`: TitleDesk on the built-in sandbox. It builds the app, then opens the desktop app
// where the Electron runtime is installed; if it is missing it tries Electron's installer once more
// (bounded), and failing that says so in one line and opens the same app in browser mode
// (`titledesk web`). `--plan-only` prints the launch it would make as JSON, without building,
// fetching or launching (used by the tests, handy when diagnosing a machine).
import { spawn, spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { browserModeMessage, findElectron, installElectron } from './electron-runtime.mjs';

const root = resolve(import.meta.dirname, '..');
const planOnly = process.argv.includes('--plan-only');
const passThrough = process.argv.slice(2).filter((arg) => arg !== '--plan-only');

function runForwardingSignals(command, args) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
}

function plan() {
  let electron = findElectron(root);
  let retry;
  if (electron === undefined) {
    console.log('Fetching the Electron runtime…');
    retry = installElectron(root);
    if (retry.ok) electron = retry.binary;
  }
  if (electron !== undefined) return { mode: 'electron', command: electron, args: [root] };
  return { mode: 'browser', command: process.execPath, args: [join(root, 'bin', 'titledesk.mjs'), 'web', ...passThrough], reason: retry?.reason };
}

if (!planOnly) {
  const build = spawnSync(join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const launch = plan();
if (launch.mode === 'browser') console.log(browserModeMessage);
if (planOnly) {
  console.log(JSON.stringify(launch));
} else {
  runForwardingSignals(launch.command, launch.args);
}
