import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppLog } from '../../../electron/main/lifecycle/app-log.ts';

let logsDir: string;
let count = 0;
beforeEach(() => {
  logsDir = mkdtempSync(join(tmpdir(), 'titledesk-logs-'));
});
afterEach(() => {
  rmSync(logsDir, { recursive: true, force: true });
});

const newLog = (extra: Partial<Parameters<typeof createAppLog>[0]> = {}) =>
  createAppLog({ logsDir, toConsole: false, logId: `test-${String((count += 1))}`, env: { WF_CLIENT_SECRET: 'machine-secret-0123', PATH: '/usr/bin' }, ...extra });

describe('the main-process log file', () => {
  it('writes under the given folder with level and time, secrets redacted', () => {
    const log = newLog();
    log.info('Started on https://api.whenfresh.com with Authorization: Bearer at-0123456789');
    log.error('Token refresh failed', new Error('invalid_client for machine-secret-0123'));
    expect(log.file).toBe(join(logsDir, 'main.log'));
    const text = readFileSync(log.file, 'utf8');
    expect(text).toMatch(/^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}\] \[info\]\s+Started on https:\/\/api\.whenfresh\.com with Authorization: Bearer \[redacted\]$/m);
    expect(text).toContain('[error] Token refresh failed Error: invalid_client for [redacted]');
    expect(text).not.toContain('at-0123456789');
    expect(text).not.toContain('machine-secret-0123');
  });

  it('rotates at the size bound, keeping a fixed number of archives', () => {
    const log = newLog({ maxBytes: 2000, archives: 2 });
    for (let i = 0; i < 200; i += 1) log.info(`line ${String(i).padStart(4, '0')} ${'x'.repeat(60)}`);
    expect(readdirSync(logsDir).sort()).toEqual(['main.1.log', 'main.2.log', 'main.log']);
    for (const name of readdirSync(logsDir)) expect(readFileSync(join(logsDir, name)).length).toBeLessThanOrEqual(2000 + 200);
    // The newest lines are in main.log, the ones before in main.1.log.
    expect(readFileSync(join(logsDir, 'main.log'), 'utf8')).toContain('line 0199');
    expect(existsSync(join(logsDir, 'main.3.log'))).toBe(false);
  });
});
