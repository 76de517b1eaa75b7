import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/**
 * The postinstall, `npm run electron:install` and `npm start`'s launch choice, run as real
 * processes against a copy of the scripts in a scratch project whose node_modules/electron holds a
 * stub install.js in place of Electron's (which would download ~100 MB). The stub records how it
 * was run, then fails like an unreachable download host, or "downloads" a binary the way
 * @electron/get does (dist/<binary> + path.txt), or hangs.
 */
const repo = resolve(import.meta.dirname, '..', '..', '..');
const scripts = ['electron-runtime.mjs', 'postinstall.mjs', 'electron-install.mjs', 'start.mjs'];
const binaryName = process.platform === 'win32' ? 'electron.exe' : process.platform === 'darwin' ? 'Electron.app/Contents/MacOS/Electron' : 'electron';

const stubInstaller = `
const fs = require('fs'); const path = require('path');
fs.appendFileSync(path.join(__dirname, 'runs.log'), JSON.stringify({ argv: process.argv.slice(1), mirror: process.env.ELECTRON_MIRROR ?? null }) + '\\n');
const mode = process.env.STUB_INSTALLER;
if (mode === 'hang') setInterval(() => {}, 1000);
else if (mode === 'succeed') {
  const binary = path.join(__dirname, 'dist', ${JSON.stringify(binaryName)});
  fs.mkdirSync(path.dirname(binary), { recursive: true });
  fs.writeFileSync(binary, '');
  fs.writeFileSync(path.join(__dirname, 'path.txt'), ${JSON.stringify(binaryName)});
} else {
  console.error('RequestError: getaddrinfo ENOTFOUND github.com');
  console.error('    at ClientRequest.<anonymous> (got/dist/source/core/index.js:970:111)');
  process.exit(1);
}
`;

let project: string;
let electronDir: string;

beforeEach(() => {
  project = mkdtempSync(join(tmpdir(), 'titledesk-install-'));
  mkdirSync(join(project, 'scripts'));
  for (const name of scripts) copyFileSync(join(repo, 'scripts', name), join(project, 'scripts', name));
  electronDir = join(project, 'node_modules', 'electron');
  mkdirSync(electronDir, { recursive: true });
  writeFileSync(join(electronDir, 'install.js'), stubInstaller);
});

afterEach(() => {
  rmSync(project, { recursive: true, force: true });
});

function run(script: string, env: Record<string, string>, args: string[] = []) {
  const base: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined && name !== 'ELECTRON_OVERRIDE_DIST_PATH') base[name] = value;
  const result = spawnSync(process.execPath, [join(project, 'scripts', script), ...args], { cwd: project, env: { ...base, ...env }, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function installerRuns(): { argv: string[]; mirror: string | null }[] {
  const log = join(electronDir, 'runs.log');
  if (!existsSync(log)) return [];
  return readFileSync(log, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { argv: string[]; mirror: string | null });
}

function plannedLaunch(stdout: string): { mode: string; command: string; args: string[]; reason?: string } {
  const last = stdout.trim().split('\n').at(-1) ?? '';
  return JSON.parse(last) as { mode: string; command: string; args: string[]; reason?: string };
}

describe('download unreachable', () => {
  it('postinstall runs Electron’s installer once, prints one line and exits 0', () => {
    const result = run('postinstall.mjs', { STUB_INSTALLER: 'fail', ELECTRON_MIRROR: 'https://mirror.example/electron/' });
    expect(result.status).toBe(0);
    expect(result.stdout.trim().split('\n')).toEqual([
      'TitleDesk: the Electron runtime could not be fetched (RequestError: getaddrinfo ENOTFOUND github.com), so `npm start` will open browser mode; `npm run electron:install` tries again.',
    ]);
    expect(result.stderr).toBe('');
    // Electron's own installer, so its mirror and cache variables reach @electron/get untouched.
    expect(installerRuns()).toEqual([{ argv: [join(electronDir, 'install.js')], mirror: 'https://mirror.example/electron/' }]);
  });

  it('npm start tries the installer once more, then plans browser mode with the one-line message', () => {
    const result = run('start.mjs', { STUB_INSTALLER: 'fail' }, ['--plan-only', '--port', '4321']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('The Electron runtime is not installed on this machine, so TitleDesk opens in your browser instead (browser mode).');
    expect(plannedLaunch(result.stdout)).toEqual({
      mode: 'browser',
      command: process.execPath,
      args: [join(project, 'bin', 'titledesk.mjs'), 'web', '--port', '4321'],
      reason: 'RequestError: getaddrinfo ENOTFOUND github.com',
    });
    expect(installerRuns()).toHaveLength(1);
  });

  it('npm run electron:install shows the installer’s output and exits 1', () => {
    const result = run('electron-install.mjs', { STUB_INSTALLER: 'fail' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('ENOTFOUND github.com');
    expect(result.stderr).toContain('The Electron runtime could not be fetched');
  });

  it('a download that hangs is cut off at the bound and the install still succeeds', () => {
    const result = run('postinstall.mjs', { STUB_INSTALLER: 'hang', TITLEDESK_ELECTRON_INSTALL_TIMEOUT_MS: '1000' });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('the download did not finish within 1 s');
  });
});

describe('download available', () => {
  it('postinstall fetches the runtime silently and npm start launches it on the project', () => {
    expect(run('postinstall.mjs', { STUB_INSTALLER: 'succeed' })).toMatchObject({ status: 0, stdout: '' });
    const result = run('start.mjs', { STUB_INSTALLER: 'fail' }, ['--plan-only']);
    expect(result.status).toBe(0);
    expect(plannedLaunch(result.stdout)).toEqual({ mode: 'electron', command: join(electronDir, 'dist', binaryName), args: [project] });
    // Present already: npm start did not run the installer again.
    expect(installerRuns()).toHaveLength(1);
  });

  it('npm start fetches a missing runtime once and then launches it', () => {
    const result = run('start.mjs', { STUB_INSTALLER: 'succeed' }, ['--plan-only']);
    expect(result.stdout).not.toContain('browser mode');
    expect(plannedLaunch(result.stdout)).toMatchObject({ mode: 'electron', command: join(electronDir, 'dist', binaryName) });
    expect(installerRuns()).toHaveLength(1);
  });

  it('ELECTRON_OVERRIDE_DIST_PATH points at a runtime elsewhere, and no download is tried', () => {
    const elsewhere = join(project, 'my-electron');
    mkdirSync(join(elsewhere, binaryName, '..'), { recursive: true });
    writeFileSync(join(elsewhere, binaryName), '');
    chmodSync(join(elsewhere, binaryName), 0o755);
    expect(run('postinstall.mjs', { STUB_INSTALLER: 'fail', ELECTRON_OVERRIDE_DIST_PATH: elsewhere })).toMatchObject({ status: 0, stdout: '' });
    const result = run('start.mjs', { STUB_INSTALLER: 'fail', ELECTRON_OVERRIDE_DIST_PATH: elsewhere }, ['--plan-only']);
    expect(plannedLaunch(result.stdout)).toEqual({ mode: 'electron', command: join(elsewhere, binaryName), args: [project] });
    expect(installerRuns()).toEqual([]);
  });
});
