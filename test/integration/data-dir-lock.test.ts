import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockDataDir } from '../../electron/core/app/data-dir-lock.ts';

let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'titledesk-lock-'));
});

afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** The pid of a real process that has already exited: what a crashed TitleDesk leaves behind. */
async function exitedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  if (child.pid === undefined) throw new Error('no pid');
  return child.pid;
}

describe('the data folder lock', () => {
  it('is held until released, then can be taken again', () => {
    const release = lockDataDir(dataDir);
    expect(() => lockDataDir(dataDir)).toThrow(/already running on this data folder/);
    release();
    const again = lockDataDir(dataDir);
    again();
  });

  it('is refused while another live process holds it', () => {
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(join(dataDir, 'titledesk.lock'), String(holder.pid));
      expect(() => lockDataDir(dataDir)).toThrow(new RegExp(`process ${String(holder.pid)}`));
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('is taken over from a process that died without releasing it', async () => {
    writeFileSync(join(dataDir, 'titledesk.lock'), String(await exitedPid()));
    const release = lockDataDir(dataDir);
    release();
  });
});
