import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPrivateFile, makePrivate, makePrivateFolder, tightenDataDir } from '../../../../electron/core/files/private-files.ts';

let root: string;
let umask: number;

beforeEach(() => {
  umask = process.umask(0o022);
  root = mkdtempSync(join(tmpdir(), 'titledesk-private-'));
});

afterEach(() => {
  process.umask(umask);
  rmSync(root, { recursive: true, force: true });
});

const modeOf = (path: string): number => statSync(path).mode & 0o777;

describe.runIf(process.platform !== 'win32')('private files', () => {
  it('tightens a data folder, its folders and files, without following links out of it', () => {
    const data = join(root, 'data');
    mkdirSync(join(data, 'backups'), { recursive: true, mode: 0o755 });
    writeFileSync(join(data, 'purchases.sqlite'), 'x', { mode: 0o644 });
    writeFileSync(join(data, 'backups', 'purchases-2026-12-01.sqlite'), 'x', { mode: 0o644 });
    const outside = join(root, 'outside.txt');
    writeFileSync(outside, 'x', { mode: 0o644 });
    symlinkSync(outside, join(data, 'link.txt'));
    chmodSync(data, 0o755);
    tightenDataDir(data);
    expect([modeOf(data), modeOf(join(data, 'backups'))]).toEqual([0o700, 0o700]);
    expect([modeOf(join(data, 'purchases.sqlite')), modeOf(join(data, 'backups', 'purchases-2026-12-01.sqlite'))]).toEqual([0o600, 0o600]);
    expect(modeOf(outside)).toBe(0o644);
  });

  it('leaves a file already private untouched, so its change time (which the seal compares) stays', async () => {
    const path = join(root, 'purchases.sqlite');
    writeFileSync(path, 'x', { mode: 0o600 });
    const before = statSync(path, { bigint: true }).ctimeNs;
    await new Promise((resolve) => setTimeout(resolve, 20));
    makePrivate(path);
    tightenDataDir(root);
    expect(statSync(path, { bigint: true }).ctimeNs).toBe(before);
  });

  it('creates files and folders owner-only whatever the umask, and takes over an existing loose file', () => {
    const folder = join(root, 'a', 'b');
    makePrivateFolder(folder);
    expect(modeOf(folder)).toBe(0o700);
    const fresh = join(folder, 'fresh.partial');
    createPrivateFile(fresh);
    expect(modeOf(fresh)).toBe(0o600);
    const loose = join(folder, 'loose.partial');
    writeFileSync(loose, 'old', { mode: 0o644 });
    createPrivateFile(loose);
    expect([modeOf(loose), statSync(loose).size]).toEqual([0o600, 0]);
    makePrivate(join(folder, 'gone'));
  });
});
