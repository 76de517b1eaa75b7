import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore } from '../../../electron/core/app/start-core.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-secret-store.ts';
import { ConfSettingsStore } from '../../../electron/core/settings/conf-settings-store.ts';
import { freshPairs } from '../fixtures/purchase-harness.ts';

const posix = process.platform !== 'win32';
let root: string;
let umask: number;

beforeAll(() => {
  // The usual umask, which leaves new files 0644 and folders 0755 unless each writer says otherwise.
  umask = process.umask(0o022);
  root = mkdtempSync(join(tmpdir(), 'titledesk-modes-'));
});

afterAll(() => {
  process.umask(umask);
  rmSync(root, { recursive: true, force: true });
});

/** Every file and folder below `folder` with a mode other than 0600 (files) or 0700 (folders). */
function looseModes(folder: string): string[] {
  const loose: string[] = [];
  const mode = statSync(folder).mode & 0o777;
  if (mode !== 0o700) loose.push(`${folder} ${mode.toString(8)}`);
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) loose.push(...looseModes(path));
    else if ((statSync(path).mode & 0o777) !== 0o600) loose.push(`${path} ${(statSync(path).mode & 0o777).toString(8)}`);
  }
  return loose;
}

async function waitFor(done: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !done(); i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(done()).toBe(true);
}

function allNames(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' });
}

/** Starts the core as the browser-mode host does (settings.json through conf), buys one purchase, and checks modes while it runs and after it closes. */
async function buyAndCheck(dataDir: string, offset: number): Promise<{ running: string[]; closed: string[]; names: string[] }> {
  const started = await startCore({ dataDir, secrets: new MemorySecretStore(), settings: new ConfSettingsStore(dataDir), sandbox: { pacing: { retryAfterSeconds: [0, 0], maxAgeSeconds: [0, 0], readySeconds: [0, 0] } } });
  const sandbox = started.sandbox;
  if (sandbox === undefined) throw new Error('no embedded sandbox');
  const { title, variable } = freshPairs(sandbox, offset)();
  const created = await started.core.router.dispatch('purchase:create', { titleNumber: title, variables: [variable] });
  if (!created.ok) throw new Error(created.error.message);
  const record = await started.core.purchases.waitForSettled((created.data as { id: string }).id);
  // Settings saved, so settings.json is written through conf.
  const advanced = await started.core.router.dispatch('settings:get', undefined);
  if (!advanced.ok) throw new Error(advanced.error.message);
  expect((await started.core.router.dispatch('settings:update', { advanced: advanced.data })).ok).toBe(true);
  expect(record.state).toBe('available');
  // The day's backup, made at start while the journal is open (another comes at close).
  await waitFor(() => readdirSync(join(dataDir, 'backups')).some((name) => name.endsWith('.sqlite')));
  const running = looseModes(dataDir);
  const names = allNames(dataDir);
  await started.close();
  return { running, closed: looseModes(dataDir), names: [...new Set([...names, ...allNames(dataDir)])] };
}

describe.runIf(posix)('the data folder under umask 022', () => {
  it('is made 0700 with every file 0600, SQLite\'s -wal and -shm, backups, the seal and settings.json included', async () => {
    const dataDir = join(root, 'fresh', 'titledesk');
    const { running, closed, names } = await buyAndCheck(dataDir, 0);
    expect(running).toEqual([]);
    expect(closed).toEqual([]);
    for (const name of ['purchases.sqlite', 'purchases.sqlite-wal', 'purchases.sqlite-shm', 'purchases.sqlite-seal.json', 'settings.json', join('sandbox', 'port.json')]) {
      expect(names).toContain(name);
    }
    expect(names.some((name) => name.startsWith(join('backups', 'purchases-')))).toBe(true);
  });

  it('tightens a folder left 0755 with 0644 files by an earlier version, at start', async () => {
    const dataDir = join(root, 'earlier');
    await buyAndCheck(dataDir, 1);
    const loosen = (folder: string): void => {
      chmodSync(folder, 0o755);
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const path = join(folder, entry.name);
        if (entry.isDirectory()) loosen(path);
        else chmodSync(path, 0o644);
      }
    };
    mkdirSync(join(dataDir, 'backups'), { recursive: true });
    writeFileSync(join(dataDir, 'purchases-rescued.jsonl'), '');
    loosen(dataDir);
    expect(looseModes(dataDir).length).toBeGreaterThan(3);
    const { running, closed } = await buyAndCheck(dataDir, 2);
    expect(running).toEqual([]);
    expect(closed).toEqual([]);
    expect(existsSync(join(dataDir, 'purchases.sqlite-seal.json'))).toBe(true);
  });
});
