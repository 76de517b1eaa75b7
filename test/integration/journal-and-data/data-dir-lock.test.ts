import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockDataDir } from '../../../electron/core/app/data-dir-lock.ts';
import { identityOf, pidExists } from '../../../electron/core/app/process-identity.ts';

let dataDir: string;
const children: ChildProcess[] = [];
const lockModule = resolve(import.meta.dirname, '../../../electron/core/app/data-dir-lock.ts');

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'titledesk-lock-'));
});

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const lockPath = (): string => join(dataDir, 'titledesk.lock');
const lockRecord = (): unknown => JSON.parse(readFileSync(lockPath(), 'utf8'));

/** Another process that takes the lock for real and holds it until killed. */
async function holdInChild(): Promise<ChildProcess> {
  const script = `import { lockDataDir } from ${JSON.stringify(lockModule)}; lockDataDir(${JSON.stringify(dataDir)}); console.log('locked'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  await new Promise<void>((resolveLocked, reject) => {
    child.stdout.on('data', (chunk: Buffer) => { if (chunk.toString().includes('locked')) resolveLocked(); });
    child.once('exit', (code) => { reject(new Error(`the holder exited with ${String(code)}`)); });
  });
  return child;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolveExit) => child.once('exit', () => { resolveExit(); }));
}

function writeRecord(fields: Record<string, unknown>): void {
  const self = identityOf(process.pid);
  writeFileSync(lockPath(), JSON.stringify({ ...self, start: self.start ?? null, nonce: 'someone-else', ...fields }));
}

describe('the data folder lock', () => {
  it('is held until released, then can be taken again', () => {
    const release = lockDataDir(dataDir);
    expect(lockRecord()).toMatchObject({ pid: process.pid, host: hostname() });
    expect(() => lockDataDir(dataDir)).toThrow(`process ${String(process.pid)}`);
    release();
    expect(() => readFileSync(lockPath())).toThrow(/ENOENT/);
    lockDataDir(dataDir)();
  });

  it('is refused while another live process holds it, and free the moment that process is killed', async () => {
    const holder = await holdInChild();
    expect(() => lockDataDir(dataDir)).toThrow(`process ${String(holder.pid)}`);
    const gone = exited(holder);
    holder.kill('SIGKILL');
    await gone;
    const release = lockDataDir(dataDir);
    expect(lockRecord()).toMatchObject({ pid: process.pid });
    release();
  });

  it('is not blocked by a bare PID of a live process (echo 1 > titledesk.lock)', () => {
    expect(pidExists(1)).toBe(true);
    writeFileSync(lockPath(), '1\n');
    const release = lockDataDir(dataDir);
    expect(lockRecord()).toMatchObject({ pid: process.pid });
    release();
  });

  it('is taken over from a live PID that started at another time (a reused PID)', () => {
    // This very process is alive: only its start time tells it apart from the lock's owner.
    writeRecord({ start: '1' });
    const release = lockDataDir(dataDir);
    expect(lockRecord()).toMatchObject({ pid: process.pid, nonce: expect.not.stringMatching(/^someone-else$/) as unknown });
    release();
  });

  it('is taken over from a live PID recorded in an earlier boot', () => {
    writeRecord({ pid: 1, boot: 'an-earlier-boot' });
    lockDataDir(dataDir)();
  });

  it('is refused when held on another machine sharing the folder, naming that machine', () => {
    writeRecord({ host: 'other-machine.example' });
    expect(() => lockDataDir(dataDir)).toThrow('on other-machine.example');
  });

  it('leaves alone a lock another process took over after this one', () => {
    const release = lockDataDir(dataDir);
    writeRecord({ nonce: 'new-owner' });
    release();
    expect(lockRecord()).toMatchObject({ nonce: 'new-owner' });
  });
});
