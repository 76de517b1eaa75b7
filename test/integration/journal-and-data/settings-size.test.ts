import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appPurchasing } from '../../../electron/cli/app-environments.ts';
import { CoreError } from '../../../electron/core/errors.ts';
import { ConfSettingsStore } from '../../../electron/core/settings/conf-settings-store.ts';
import { maxSettingsFileBytes } from '../../../electron/core/settings/settings-size.ts';
import { canMountSmallDisk, mountSmallDisk, unmountSmallDisk } from '../fixtures/small-disk.ts';

const folder = mkdtempSync(join(tmpdir(), 'titledesk-settings-size-'));
afterAll(() => { rmSync(folder, { recursive: true, force: true }); });

const budget = { confirmAbove: {}, daily: { GBP: 2 }, monthly: {} };

/** A settings file that is valid JSON and sets a daily budget, padded to `bytes`. */
function settingsOf(dir: string, bytes: number): string {
  mkdirSync(dir, { recursive: true });
  const head = JSON.stringify({ environments: [], selectedEnvironmentId: null, purchasing: { reuseDays: 30, batchConcurrency: 4, spending: { sandbox: budget } }, pad: '' });
  const path = join(dir, 'settings.json');
  writeFileSync(path, head.replace('"pad":""', `"pad":"${'x'.repeat(Math.max(0, bytes - head.length))}"`));
  return path;
}

describe('a settings file over 1 MiB', () => {
  it('is moved aside unread, with a message saying its size and where it went; defaults are used', () => {
    const dir = join(folder, 'big');
    const size = statSync(settingsOf(dir, 35 * 1024 * 1024)).size;
    const started = performance.now();
    const loaded = new ConfSettingsStore(dir).load();
    const took = performance.now() - started;
    expect(loaded.settings.environments).toEqual([]);
    expect(loaded.settings.purchasing).toBeUndefined();
    expect(loaded.problem).toMatch(/is 35\.0 MiB, more than the 1\.0 MiB a settings file may hold, so it is not read; it was moved to .*settings\.too-large-\d+\.json and defaults are used\./);
    const aside = readdirSync(dir).find((name) => name.startsWith('settings.too-large-'));
    expect(statSync(join(dir, aside ?? '')).size).toBe(size);
    expect(existsSync(join(dir, 'settings.json'))).toBe(false);
    expect(took).toBeLessThan(1000);
  });

  it('is read as usual at exactly 1 MiB', () => {
    const dir = join(folder, 'limit');
    settingsOf(dir, maxSettingsFileBytes);
    const loaded = new ConfSettingsStore(dir).load();
    expect(loaded.problem).toBeUndefined();
    expect(loaded.settings.purchasing?.spending).toEqual({ sandbox: budget });
  });

  it('stops a CLI command on that folder with a data-folder error (exit 7), never dropping its budgets', () => {
    const dir = join(folder, 'cli');
    settingsOf(dir, 2 * 1024 * 1024);
    let thrown: unknown;
    try {
      appPurchasing(dir);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(CoreError);
    expect(thrown).toMatchObject({ code: 'data_dir', message: expect.stringContaining('2.0 MiB, more than the 1.0 MiB') as unknown });
    expect(existsSync(join(dir, 'settings.json'))).toBe(true);
  });

  /** A read-only file system, where the file cannot be moved: needs root and mount (skipped elsewhere). */
  const readOnly = join(folder, 'read-only');
  it.skipIf(!canMountSmallDisk(join(folder, 'probe')))('that cannot be moved aside is still not read: defaults for the session, said so', () => {
    expect(mountSmallDisk(readOnly, '8m')).toBe(true);
    try {
      settingsOf(readOnly, 2 * 1024 * 1024);
      execFileSync('mount', ['-o', 'remount,ro', readOnly]);
      const store = new ConfSettingsStore(readOnly);
      const loaded = store.load();
      expect(loaded.settings.purchasing).toBeUndefined();
      expect(loaded.problem).toMatch(/could not be moved aside \(EROFS\), so defaults are used and changes last until TitleDesk closes\./);
      store.save(loaded.settings);
      expect(statSync(join(readOnly, 'settings.json')).size).toBeGreaterThan(maxSettingsFileBytes);
    } finally {
      unmountSmallDisk(readOnly);
    }
  });
});
