// Finding and fetching the Electron runtime without requiring the electron package: since
// Electron 45 requiring it starts a download when the binary is missing. The download itself is
// Electron's own installer (node_modules/electron/install.js, i.e. @electron/get), so its cache and
// mirror settings (electron_config_cache, ELECTRON_MIRROR, ELECTRON_CUSTOM_DIR…) apply unchanged.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// Where the electron package puts its binary when path.txt has not been written yet.
const binaryInDist = { linux: 'electron', darwin: 'Electron.app/Contents/MacOS/Electron', win32: 'electron.exe' };

/** Default bound on one download attempt: Electron is ~100 MB, a slow line still fits. */
export const defaultInstallTimeoutMs = 120_000;

/** The Electron binary under root, honouring ELECTRON_OVERRIDE_DIST_PATH as electron's index.js does; undefined when absent. */
export function findElectron(root, env = process.env, platform = process.platform) {
  const packageDir = join(root, 'node_modules', 'electron');
  const pathFile = join(packageDir, 'path.txt');
  const relative = (existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '') || binaryInDist[platform] || 'electron';
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  const candidate = override ? join(override, relative) : join(packageDir, 'dist', relative);
  return existsSync(candidate) ? candidate : undefined;
}

/** The command that runs Electron's installer under the current Node. */
export function installerCommand(root) {
  return { command: process.execPath, args: [join(root, 'node_modules', 'electron', 'install.js')] };
}

function timeoutFrom(env) {
  const parsed = Number.parseInt(env.TITLEDESK_ELECTRON_INSTALL_TIMEOUT_MS ?? '', 10);
  return Number.isSafeInteger(parsed) && parsed > 0 ? parsed : defaultInstallTimeoutMs;
}

/**
 * One bounded attempt at fetching the runtime. Never throws. `quiet` keeps the installer's stack
 * trace out of `npm install` output; the caller prints one line instead.
 * Returns { ok: true, binary } or { ok: false, reason }.
 */
export function installElectron(root, { env = process.env, quiet = true } = {}) {
  const existing = findElectron(root, env);
  if (existing !== undefined) return { ok: true, binary: existing };
  const { command, args } = installerCommand(root);
  if (!existsSync(args[0])) return { ok: false, reason: 'the electron package is not installed' };
  const timeoutMs = timeoutFrom(env);
  const result = spawnSync(command, args, { cwd: root, env, stdio: quiet ? 'pipe' : 'inherit', timeout: timeoutMs, killSignal: 'SIGKILL', encoding: 'utf8' });
  const binary = findElectron(root, env);
  if (result.status === 0 && binary !== undefined) return { ok: true, binary };
  if (result.error?.code === 'ETIMEDOUT' || (result.signal !== null && result.status === null)) {
    return { ok: false, reason: `the download did not finish within ${Math.round(timeoutMs / 1000)} s` };
  }
  if (result.status === 0) return { ok: false, reason: 'the installer finished but no Electron binary was found' };
  return { ok: false, reason: firstErrorLine(result.stderr) ?? `the installer exited with ${result.status}` };
}

/** The installer prints a stack; its first line names the cause (e.g. getaddrinfo ENOTFOUND github.com). */
function firstErrorLine(stderr) {
  const line = (stderr ?? '').split('\n').map((text) => text.trim()).find((text) => text !== '');
  return line === undefined ? undefined : line.slice(0, 200);
}

export const browserModeMessage = 'The Electron runtime is not installed on this machine, so TitleDesk opens in your browser instead (browser mode).';
