// `npm test`: the whole suite (unit, integration, renderer, keychain, team database, end-to-end)
// in a hermetic environment: XDG_* and TMPDIR point inside the project so nothing touches the home
// folder.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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

const results = join(hermetic, 'results');
mkdirSync(results, { recursive: true });
const failures = [];

function run(label, command, args, extraEnv = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, env: { ...env, ...extraEnv }, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`✖ ${label} failed`);
    failures.push(label);
  }
  return result.status === 0;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

function onPath(name) {
  return (process.env.PATH ?? '').split(':').some((dir) => dir !== '' && existsSync(join(dir, name)));
}

// The OS keychain for real: a private D-Bus session with an unlocked GNOME Keyring, so the tests
// never touch the user's own keychain. Where either program is missing the suite is counted as
// skipped and said so, never passed.
let keychainSkipped = 0;
function runKeychainTests() {
  if (!onPath('dbus-run-session') || !onPath('gnome-keyring-daemon')) {
    console.log('\n▶ OS keychain tests: skipped: no Secret Service (apt-get install -y gnome-keyring dbus)');
    keychainSkipped = 1;
    return;
  }
  const report = join(results, 'vitest-keychain.json');
  const vitest = [bin('vitest'), 'run', '--project', 'keychain', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  const script = `echo -n titledesk-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec ${vitest.map((part) => `'${part}'`).join(' ')}`;
  // A fresh keyring folder: the daemon creates its login keyring there with the password above.
  const keyrings = join(hermetic, 'keyring-data');
  mkdirSync(keyrings, { recursive: true });
  run('OS keychain tests (Vitest inside dbus-run-session with gnome-keyring)', 'dbus-run-session', ['--', 'sh', '-c', script], { TITLEDESK_REQUIRE_KEYCHAIN: '1', XDG_DATA_HOME: keyrings });
}

// The team journal on a real PostgreSQL: TITLEDESK_TEST_DATABASE_URL when set, else the suite's
// global setup starts a throw-away cluster (as the postgres user when run as root). Where no
// PostgreSQL exists the suites report themselves skipped, and are counted so, never passed.
function runTeamTests() {
  const pgRoot = '/usr/lib/postgresql';
  const hasServer = (process.env.TITLEDESK_TEST_DATABASE_URL ?? '') !== '' || (process.env.TITLEDESK_PG_BIN ?? '') !== ''
    || (existsSync(pgRoot) && readdirSync(pgRoot).some((major) => Number(major) >= 15 && existsSync(join(pgRoot, major, 'bin', 'initdb'))));
  const label = hasServer ? 'Team database tests (Vitest against PostgreSQL)' : 'Team database tests: skipped: no PostgreSQL 15 (apt-get install -y postgresql-15)';
  run(label, bin('vitest'), ['run', '--project', 'team', '--reporter=default', '--reporter=json', `--outputFile.json=${join(results, 'vitest-team.json')}`]);
}

/** Passed, failed and skipped across the runners, from their JSON reports. */
function summarise() {
  const vitests = [readJson(join(results, 'vitest.json')), readJson(join(results, 'vitest-keychain.json')), readJson(join(results, 'vitest-team.json'))];
  const count = (name) => vitests.reduce((total, report) => total + (report?.[name] ?? 0), 0);
  const playwright = [readJson(join(results, 'playwright.json')), readJson(join(results, 'electron.json'))];
  const sum = (pick) => playwright.reduce((total, report) => total + (pick(report?.stats ?? {}) ?? 0), 0);
  const passed = count('numPassedTests') + sum((stats) => stats.expected) + sum((stats) => stats.flaky);
  const failed = count('numFailedTests') + sum((stats) => stats.unexpected);
  const skipped = count('numPendingTests') + count('numTodoTests') + keychainSkipped + sum((stats) => stats.skipped);
  return { passed, failed, skipped };
}

const bin = (name) => join(root, 'node_modules', '.bin', name);
run('Unit, integration and renderer tests (Vitest)', bin('vitest'), ['run', '--project', '!keychain', '--project', '!team', '--reporter=default', '--reporter=json', `--outputFile.json=${join(results, 'vitest.json')}`]);
runKeychainTests();
runTeamTests();
if (run('Production build for the end-to-end tests', bin('vite'), ['build', '--logLevel', 'warn'])) {
  run(`End-to-end tests (Playwright, ${chromium})`, bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_FILE: join(results, 'playwright.json') });
  // The same flows in the desktop app wherever the Electron binary exists; elsewhere every test
  // is reported skipped ("no Electron binary") and counted as skipped, never as passed.
  run('Desktop tests (Playwright Electron launcher)', bin('playwright'), ['test', '-c', 'test/electron/playwright.config.ts'], { TITLEDESK_ELECTRON_REPORT: join(results, 'electron.json') });
}

const { passed, failed, skipped } = summarise();
// A runner that crashed before reporting still counts as a failure.
const failedCount = failures.length > 0 ? Math.max(failed, 1) : failed;
console.log(`\n${passed} passed, ${failedCount} failed, ${skipped} skipped`);
if (failures.length > 0) {
  console.error(`Failed: ${failures.join('; ')}`);
  process.exit(1);
}
