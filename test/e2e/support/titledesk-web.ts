import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { test } from '@playwright/test';
import { z } from 'zod';

const root = fileURLToPath(new URL('../../../', import.meta.url));

export interface TitleDeskWeb {
  /** The URL to open, with the launch key in its fragment. */
  readonly url: string;
  readonly origin: string;
  readonly port: number;
  readonly launchKey: string;
  /** Everything the process wrote to stderr, for failure messages. */
  readonly stderr: () => string;
  stop(): Promise<void>;
}

/** The CLI needs Node 22.18+; the project's own Node (a dev dependency) is used when present. */
function nodeBinary(): string {
  const local = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'node.cmd' : 'node');
  return existsSync(local) ? local : process.execPath;
}

/**
 * Credentials from the developer's shell would leak into the app's environments: keep them out.
 * Nor may the tests write into the developer's own keychain: the session bus is one that does not
 * exist, so the host keeps secrets for the session (the keychain has its own suite, test/keychain).
 */
function cleanEnv(dataDir: string): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(([name]) => !name.startsWith('WF_') && name !== 'LOQATE_KEY');
  return { ...Object.fromEntries(kept), TITLEDESK_DATA_DIR: dataDir, DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(dataDir, 'no-session-bus')}` };
}

const firstLineSchema = z.object({ url: z.url() });

function readFirstLine(child: ChildProcess, stderr: () => string): Promise<string> {
  const stdout = child.stdout;
  if (stdout === null) return Promise.reject(new Error('no stdout'));
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: stdout });
    const timer = setTimeout(() => { reject(new Error(`titledesk web printed no URL within 30 s. stderr:\n${stderr()}`)); }, 30_000);
    lines.once('line', (line) => {
      clearTimeout(timer);
      lines.close();
      resolve(line);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`titledesk web exited with ${String(code)} before printing its URL. stderr:\n${stderr()}`));
    });
  });
}

/**
 * Starts `titledesk web --no-open` with a fresh data directory, as a user would; `prepare` may
 * put files in it first (a journal left in a given state).
 */
export async function startTitleDeskWeb(prepare?: (dataDir: string) => Promise<void>): Promise<TitleDeskWeb> {
  const dataDir = await mkdtemp(join(tmpdir(), 'titledesk-e2e-'));
  await prepare?.(dataDir);
  const child = spawn(nodeBinary(), [join(root, 'bin', 'titledesk.mjs'), 'web', '--no-open'], {
    cwd: root,
    env: cleanEnv(dataDir),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => { errors += chunk; });
  const stderr = (): string => errors;
  const exited = new Promise<void>((resolve) => { child.once('exit', () => { resolve(); }); });

  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    const line = await readFirstLine(child, stderr);
    const { url } = firstLineSchema.parse(JSON.parse(line));
    const parsed = new URL(url);
    const launchKey = new URLSearchParams(parsed.hash.slice(1)).get('key');
    if (launchKey === null) throw new Error(`The URL carries no launch key: ${url}`);
    return { url, origin: parsed.origin, port: Number(parsed.port), launchKey, stderr, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * One browser-mode host for a spec file: started before its first test (on a data folder of its
 * own) and stopped after its last. The object stands for the host from then on; reading it
 * outside the tests (before beforeAll) is a mistake in the spec and throws.
 */
export function titleDeskWebForFile(prepare?: (dataDir: string) => Promise<void>): TitleDeskWeb {
  let started: TitleDeskWeb | undefined;
  const current = (): TitleDeskWeb => {
    if (started === undefined) throw new Error('The TitleDesk host starts in beforeAll: use it inside a test.');
    return started;
  };
  test.beforeAll(async () => { started = await startTitleDeskWeb(prepare); });
  test.afterAll(async () => { await started?.stop(); });
  return {
    get url() { return current().url; },
    get origin() { return current().origin; },
    get port() { return current().port; },
    get launchKey() { return current().launchKey; },
    stderr: () => current().stderr(),
    stop: () => current().stop(),
  };
}
