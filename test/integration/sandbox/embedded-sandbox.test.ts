import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCore, type StartedCore } from '../../../electron/core/app/start-core.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-secret-store.ts';
import { ConfSettingsStore } from '../../../electron/core/settings/conf-settings-store.ts';

let dataDir: string;
const folders: string[] = [];
const running: StartedCore[] = [];

function newDataDir(): string {
  dataDir = mkdtempSync(join(tmpdir(), 'titledesk-embedded-'));
  folders.push(dataDir);
  return dataDir;
}

async function start(): Promise<StartedCore> {
  const started = await startCore({
    dataDir,
    secrets: new MemorySecretStore(),
    settings: new ConfSettingsStore(dataDir),
    sandbox: { pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [3, 3] } },
  });
  running.push(started);
  return started;
}

beforeEach(() => {
  newDataDir();
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((started) => started.close()));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('the embedded sandbox across app restarts', () => {
  it('comes back on the same port with its purchases, so a pending purchase completes after a restart', async () => {
    const first = await start();
    const config = first.sandbox?.config;
    if (config === undefined) throw new Error('no embedded sandbox');
    const created = await first.core.router.dispatch('purchase:create', { titleNumber: config.sampleTitles[0], variables: config.sampleVariables.slice(0, 2) });
    if (!created.ok) throw new Error(created.error.message);
    const record = first.core.purchases.list()[0];
    expect(record?.state).toBe('pending');
    expect(first.sandbox?.stats().purchase).toBe(1);
    await first.close();
    running.splice(0);

    const second = await start();
    expect(second.sandbox?.baseUrl).toBe(config.baseUrl);
    const done = await second.core.purchases.waitForSettled(record?.id ?? '');
    expect(done.state).toBe('available');
    expect(done.items?.map((item) => item.variable)).toEqual(config.sampleVariables.slice(0, 2));
    // Nothing was bought again: the second sandbox saw only result reads.
    expect(second.sandbox?.stats().purchase).toBe(0);
    expect(second.sandbox?.stats().result).toBeGreaterThan(0);
  });

  it('takes another port when the remembered one is busy', async () => {
    const first = await start();
    const busyPort = new URL(first.sandbox?.baseUrl ?? '').port;
    newDataDir();
    mkdirSync(join(dataDir, 'sandbox'));
    writeFileSync(join(dataDir, 'sandbox', 'port.json'), JSON.stringify({ port: Number(busyPort) }));
    const second = await start();
    expect(new URL(second.sandbox?.baseUrl ?? '').port).not.toBe(busyPort);
  });

  it('refuses a second app process on the same data folder', async () => {
    await start();
    await expect(start()).rejects.toThrow(/already running on this data folder/);
  });
});
