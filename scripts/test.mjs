// `npm test`: the whole suite (unit, integration, renderer, end-to-end) in a hermetic
// environment: XDG_* and TMPDIR point inside the project so nothing touches the home folder.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { findChromium } from './find-chromium.mjs';

const root = resolve(import.meta.dirname, '..');
const chromium = findChromium();
if (chromium === undefined) {
  console.error('npm test needs Chromium for the browser tests: install it (apt-get install -y chromium) or set TITLEDESK_CHROMIUM to its path.');
  process.exit(1);
}

const hermetic = join(root, '.tmp', 'test-env');
rmSync(hermetic, { recursive: true, force: true });
const dirs = { XDG_CONFIG_HOME: 'config', XDG_CACHE_HOME: 'cache', XDG_DATA_HOME: 'data', XDG_STATE_HOME: 'state', TMPDIR: 'tmp' };
const env = { ...process.env, TITLEDESK_CHROMIUM: chromium };
for (const [name, dir] of Object.entries(dirs)) {
  env[name] = join(hermetic, dir);
  mkdirSync(env[name], { recursive: true });
}

function run(label, command, args) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`✖ ${label} failed`);
    process.exit(result.status ?? 1);
  }
}

const bin = (name) => join(root, 'node_modules', '.bin', name);
run('Unit, integration and renderer tests (Vitest)', bin('vitest'), ['run']);
run('Production build for the end-to-end tests', bin('vite'), ['build', '--logLevel', 'warn']);
run(`End-to-end tests (Playwright, ${chromium})`, bin('playwright'), ['test']);
