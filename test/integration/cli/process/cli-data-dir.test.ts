import type { ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../../electron/sandbox/index.ts';
import { finished, runCli, spawnCli } from '../../fixtures/run-cli.ts';

let sandbox: RunningSandbox;
let scratch: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  scratch = mkdtempSync(join(tmpdir(), 'titledesk-cli-dirs-'));
});

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

afterAll(async () => {
  await sandbox.close();
  chmodSync(scratch, 0o700);
  rmSync(scratch, { recursive: true, force: true });
});

const developer = (dataDir: string): Record<string, string> => ({
  TITLEDESK_BASE_URL: sandbox.baseUrl,
  TITLEDESK_DATA_DIR: dataDir,
  WF_DEVELOPER_CLIENT_ID: sandbox.config.developer.clientId,
  WF_REFRESH_TOKEN: sandbox.config.developer.refreshToken,
});

/** A folder this user cannot create anything in: a read-only directory, or /sys for root. */
function unwritableFolder(): string {
  if (process.getuid?.() === 0) return '/sys/titledesk-test';
  const locked = join(scratch, 'locked');
  mkdirSync(locked);
  chmodSync(locked, 0o500);
  return join(locked, 'data');
}

describe('data folder problems', () => {
  const file = (): string => {
    const path = join(scratch, 'a-file');
    writeFileSync(path, 'not a folder');
    return path;
  };

  it.each([
    ['a file', () => file(), 'it is not a folder'],
    ['/dev/null', () => '/dev/null', 'it is not a folder'],
    ['a path through a file', () => join(file(), 'data'), 'a-file is not a folder'],
    ['an unwritable place', unwritableFolder, 'not writable'],
  ])('%s: exit 7 and a plain message naming the folder', async (_name, folder, reason) => {
    const dataDir = folder();
    const run = await runCli(['history', '--json'], developer(dataDir));
    expect(run.code).toBe(7);
    expect(run.stderr).toContain(`The data folder ${dataDir} cannot be used`);
    expect(run.stderr).toContain(reason);
    expect(run.stderr).not.toMatch(/unexpected failure|EEXIST/);
  });

  it('a folder under /proc: exit 7 at once, instead of spinning in mkdir', async () => {
    const child = spawnCli(['history', '--json'], developer('/proc/titledesk-test/data'));
    children.push(child);
    const run = await finished(child);
    expect(run.code).toBe(7);
    expect(run.stderr).toContain('/proc does not allow new folders');
  });
});

describe('--min-wait', () => {
  const title = (): string => sandbox.config.testTitles[0] ?? '';
  const variable = (): string => sandbox.config.sampleVariables[0] ?? '';

  it('refuses more than the contract allows (86,400 s) before sending anything', async () => {
    const before = sandbox.stats();
    const run = await runCli(['purchase', '--title', title(), '--var', variable(), '--min-wait', '99999'], developer(join(scratch, 'min-wait')));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--min-wait takes whole seconds from 0 to 86400; "99999" is not one');
    expect(sandbox.stats()).toEqual(before);
  });

  it('sends the largest allowed value', async () => {
    const run = await runCli(['purchase', '--title', title(), '--var', variable(), '--min-wait', '86400', '--fire-and-forget', '--json'], developer(join(scratch, 'min-wait-max')));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });
});

describe('signals', () => {
  it('SIGTERM ends a command that is following a purchase, with exit 143', async () => {
    const args = ['purchase', '--title', sandbox.config.testTitles[0] ?? '', '--var', sandbox.config.sampleVariables[0] ?? '', '--min-wait', '600'];
    const child = spawnCli(args, developer(join(scratch, 'signals')));
    children.push(child);
    const run = finished(child);
    // Wait until it is following the purchase (its progress line), then stop it.
    await new Promise<void>((resolve) => {
      child.stderr.on('data', (chunk: Buffer) => { if (/pending|next check/i.test(chunk.toString())) resolve(); });
    });
    child.kill('SIGTERM');
    const ended = await run;
    expect(ended.code).toBe(143);
    expect(ended.stderr).toContain('stopped by SIGTERM');
  });
});
