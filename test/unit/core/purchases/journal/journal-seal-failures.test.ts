import type * as NodeFs from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A file system that fails under the seal (a drive gone, a permission changed) only for paths that name this flag. */
const failing = 'fs-fails-here';
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof NodeFs>();
  const refuse = (path: unknown): void => {
    if (String(path).includes(failing)) throw Object.assign(new Error(`EIO: i/o error, ${String(path)}`), { code: 'EIO' });
  };
  return {
    ...fs,
    existsSync: (path: string) => { refuse(path); return fs.existsSync(path); },
    statSync: (...args: Parameters<typeof fs.statSync>) => { refuse(args[0]); return fs.statSync(...args); },
  };
});

const { markOpened, sealedCheckTime, sealJournal } = await import('../../../../../electron/core/purchases/journal/journal-seal.ts');

let dir: string;
beforeEach(() => { dir = mkdtempSync(join(tmpdir(), `journal-seal-${failing}-`)); });
afterEach(() => { rmSync(dir, { recursive: true, force: true }); });

describe('a seal that cannot be read or written', () => {
  it('means the full check at the next open, never a failed start or close', () => {
    const path = join(dir, 'purchases.sqlite');
    expect(() => { markOpened(path, Date.now()); }).not.toThrow();
    expect(sealedCheckTime(path, Date.now())).toBeUndefined();
    expect(() => { sealJournal(path); }).not.toThrow();
  });
});
