import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppLog } from '../../../electron/main/lifecycle/app-log.ts';

let root: string;
let umask: number;
beforeEach(() => {
  umask = process.umask(0o022);
  root = mkdtempSync(join(tmpdir(), 'titledesk-log-modes-'));
});
afterEach(() => {
  process.umask(umask);
  rmSync(root, { recursive: true, force: true });
});

describe.runIf(process.platform !== 'win32')('the main-process log under umask 022', () => {
  it('is owner only: its folder 0700, the log and its archives 0600', () => {
    const logsDir = join(root, 'userData', 'logs');
    const log = createAppLog({ logsDir, toConsole: false, logId: 'modes', env: {}, maxBytes: 1000, archives: 2 });
    for (let i = 0; i < 60; i += 1) log.info(`line ${String(i)} ${'x'.repeat(40)}`);
    expect(statSync(logsDir).mode & 0o777).toBe(0o700);
    const names = readdirSync(logsDir).sort();
    expect(names).toEqual(['main.1.log', 'main.2.log', 'main.log']);
    for (const name of names) expect(statSync(join(logsDir, name)).mode & 0o777).toBe(0o600);
  });
});
