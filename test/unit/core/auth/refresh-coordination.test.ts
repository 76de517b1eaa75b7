import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dataDirCoordination } from '../../../../electron/core/auth/refresh-coordination.ts';

const folders: string[] = [];

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function newFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'titledesk-refresh-lock-'));
  folders.push(folder);
  return folder;
}

describe('refresh coordination of a data folder', () => {
  it('records a replaced token as a fingerprint only, per environment, and knows it afterwards', () => {
    const folder = newFolder();
    const coordination = dataDirCoordination(folder);
    coordination.retire('staging', 'rt-secret-1');
    expect(coordination.isRetired('staging', 'rt-secret-1')).toBe(true);
    expect(coordination.isRetired('production', 'rt-secret-1')).toBe(false);
    expect(coordination.isRetired('staging', 'rt-secret-2')).toBe(false);
    const ledger = readFileSync(join(folder, 'retired-refresh-tokens.json'), 'utf8');
    expect(ledger).not.toContain('rt-secret-1');
    expect(ledger).toMatch(/"fingerprint":"[0-9a-f]{64}"/);
  });

  it('runs one refresh at a time and takes over a lock left by a process that is gone', async () => {
    const folder = newFolder();
    // A lock of a PID that cannot be alive, and one too old to be a refresh still running.
    writeFileSync(join(folder, 'token-refresh.lock'), '2147483646\n');
    const coordination = dataDirCoordination(folder);
    const order: string[] = [];
    const run = (name: string, ms: number) => coordination.exclusive(async () => {
      order.push(`${name} start`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      order.push(`${name} end`);
    });
    await Promise.all([run('a', 30), run('b', 1)]);
    expect(order).toEqual(['a start', 'a end', 'b start', 'b end']);
    writeFileSync(join(folder, 'token-refresh.lock'), `${String(process.pid)}\n`);
    const old = new Date(Date.now() - 120_000);
    utimesSync(join(folder, 'token-refresh.lock'), old, old);
    await run('c', 1);
    expect(order.at(-1)).toBe('c end');
  });

  it('treats a damaged ledger as empty rather than failing a sign-in', () => {
    const folder = newFolder();
    writeFileSync(join(folder, 'retired-refresh-tokens.json'), '{not json');
    const coordination = dataDirCoordination(folder);
    expect(coordination.isRetired('staging', 'rt')).toBe(false);
    coordination.retire('staging', 'rt');
    expect(coordination.isRetired('staging', 'rt')).toBe(true);
  });
});
