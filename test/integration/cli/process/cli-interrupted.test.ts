import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startCore } from '../../../../electron/core/app/start-core.ts';
import { MemorySecretStore } from '../../../../electron/core/secrets/memory-secret-store.ts';
import { MemorySettingsStore } from '../../../../electron/core/settings/settings-store.ts';
import { startSandbox, type RunningSandbox } from '../../../../electron/sandbox/index.ts';
import { purchaseRecordSchema, type PurchaseRecord } from '../../../../shared/purchase/purchase.ts';
import { developerEnv, finished, runCli, spawnCli } from '../../fixtures/run-cli.ts';

// A CLI purchase killed while its POST is at the service (issue 59, item 15): any command that
// opens the folder next judges it as a start would, but never an intent a live process is sending.

let sandbox: RunningSandbox;
const folders: string[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, control: true, pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [1, 1] } });
});

afterAll(async () => {
  await sandbox.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function newDataDir(): string {
  const folder = mkdtempSync(join(tmpdir(), 'titledesk-interrupted-'));
  folders.push(folder);
  return folder;
}

/** The journal's only purchase, read as another program would, without opening TitleDesk's core. */
function onlyRecord(dataDir: string): PurchaseRecord | undefined {
  const db = new DatabaseSync(join(dataDir, 'purchases.sqlite'), { readOnly: true });
  try {
    const rows = z.array(z.object({ record: z.string() })).parse(db.prepare('SELECT record FROM purchases').all());
    return rows.length === 1 ? purchaseRecordSchema.parse(JSON.parse(rows[0]?.record ?? '')) : undefined;
  } catch {
    return undefined; // not created yet
  } finally {
    db.close();
  }
}

function posts(): number {
  return sandbox.log().filter((entry) => entry.class === 'purchase').length;
}

/** Holds the next purchase POST at the sandbox; resolves once its whole body has arrived there. */
function holdNextPost(latencyMs: number): () => Promise<void> {
  sandbox.setFaults([{ target: 'purchase', kind: 'latency', latencyMs, count: 1 }]);
  return async () => {
    // The sandbox takes the rule only after reading the request's body: an empty list means it is held.
    for (let waited = 0; waited < 20_000; waited += 50) {
      const rules: unknown = await (await fetch(`${sandbox.baseUrl}/_sandbox/faults`)).json();
      if (Array.isArray(rules) && rules.length === 0) return;
      await sleep(50);
    }
    throw new Error('The purchase POST never reached the sandbox.');
  };
}

function purchaseArgs(): string[] {
  return ['purchase', '--title', sandbox.config.sampleTitles[0] ?? '', '--var', sandbox.config.sampleVariables[0] ?? '', '--json'];
}

describe('a CLI purchase killed after its POST', () => {
  it('is outcome unknown to the next command: check by its local id says so and exits 5, sending nothing', async () => {
    const dataDir = newDataDir();
    const arrived = holdNextPost(60_000);
    const buyer = spawnCli(purchaseArgs(), developerEnv(sandbox, dataDir));
    const ended = finished(buyer);
    await arrived();
    buyer.kill('SIGKILL');
    expect((await ended).signal).toBe('SIGKILL');
    const left = onlyRecord(dataDir);
    expect(left).toMatchObject({ state: 'submitting' });
    expect(left?.sendingAt).toBeTypeOf('number');
    const before = posts();

    const check = await runCli(['check', left?.id ?? '', '--json'], developerEnv(sandbox, dataDir));
    expect(check.code).toBe(5);
    expect(JSON.parse(check.stdout)).toMatchObject({ state: 'outcome_unknown' });
    const text = await runCli(['check', left?.id ?? ''], developerEnv(sandbox, dataDir));
    expect(text.code).toBe(5);
    expect(text.stdout).toMatch(/^Outcome unknown: /);
    expect(onlyRecord(dataDir)).toMatchObject({ state: 'outcome_unknown', error: { code: 'outcome_unknown' } });
    expect(posts()).toBe(before);
  });

  it('is left alone while its process lives: neither a command nor a starting host touches it, and it completes', async () => {
    const dataDir = newDataDir();
    const arrived = holdNextPost(4_000);
    const ended = finished(spawnCli(purchaseArgs(), developerEnv(sandbox, dataDir)));
    await arrived();
    const sending = onlyRecord(dataDir);
    expect(sending).toMatchObject({ state: 'submitting' });

    // A one-shot command on the folder meanwhile: it must not judge the POST in flight.
    const check = await runCli(['check', sending?.id ?? '', '--json'], developerEnv(sandbox, dataDir));
    expect(JSON.parse(check.stdout)).toMatchObject({ state: 'submitting' });
    // Nor may a host that starts on the folder meanwhile (it takes the lock and resumes).
    const host = await startCore({ dataDir, secrets: new MemorySecretStore(), settings: new MemorySettingsStore(), sandbox: false });
    expect(host.core.purchases.get(sending?.id ?? '')?.state).toBe('submitting');
    await host.close();

    const bought = await ended;
    expect(bought.code).toBe(0);
    expect(JSON.parse(bought.stdout)).toMatchObject({ state: 'available' });
    expect(onlyRecord(dataDir)).toMatchObject({ state: 'available' });
  });
});
