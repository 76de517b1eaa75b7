import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startCore, type StartedCore } from '../../../electron/core/app/start-core.ts';
import { MemorySecretStore } from '../../../electron/core/secrets/memory-secret-store.ts';
import { MemorySettingsStore } from '../../../electron/core/settings/settings-store.ts';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index.ts';
import { purchaseRecordSchema, type PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import { runCli } from '../fixtures/run-cli.ts';

const pacing = { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [1, 1] } as const;
const infoSchema = z.object({ sampleTitles: z.array(z.string()), sampleVariables: z.array(z.string()) });
let scratch: string;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'titledesk-address-'));
});

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

function start(dataDir: string): Promise<StartedCore> {
  return startCore({ dataDir, secrets: new MemorySecretStore(), settings: new MemorySettingsStore(), sandbox: { pacing } });
}

async function dispatch(started: StartedCore, channel: string, payload?: unknown): Promise<{ ok: true; data: unknown } | { ok: false; code: string; message: string }> {
  const result = await started.core.router.dispatch(channel, payload);
  return result.ok ? { ok: true, data: result.data } : { ok: false, code: result.error.code, message: result.error.message };
}

async function record(started: StartedCore, channel: string, payload: unknown): Promise<PurchaseRecord> {
  const result = await dispatch(started, channel, payload);
  if (!result.ok) throw new Error(`${channel}: ${result.code} ${result.message}`);
  return purchaseRecordSchema.parse(result.data);
}

describe('the address a purchase was reached from', () => {
  it('is kept on the record through the contract, the poller and a restart; a purchase without one has none', async () => {
    const dataDir = join(scratch, 'restart');
    let started = await start(dataDir);
    let ids: { withAddress: string; without: string };
    try {
      const answer = await dispatch(started, 'sandbox:info');
      const info = infoSchema.parse(answer.ok ? answer.data : undefined);
      const [title = ''] = info.sampleTitles;
      const [first = '', second = ''] = info.sampleVariables;
      // Lines and runs of white space, as an address label has them, become one line.
      const created = await record(started, 'purchase:create', { titleNumber: title, variables: [first], address: '  Flat 2, Regent Mansions,\n7 Tannery Crescent,\tLS23 6TR ' });
      expect(created.address).toBe('Flat 2, Regent Mansions, 7 Tannery Crescent, LS23 6TR');
      const plain = await record(started, 'purchase:create', { titleNumber: title, variables: [second] });
      expect(plain).not.toHaveProperty('address');
      // Every save of the poller (202s, then the 200) keeps it.
      const settled = await started.core.purchases.waitForSettled(created.id);
      expect(settled).toMatchObject({ state: 'available', address: 'Flat 2, Regent Mansions, 7 Tannery Crescent, LS23 6TR' });
      await started.core.purchases.waitForSettled(plain.id);
      ids = { withAddress: created.id, without: plain.id };
    } finally {
      await started.close();
    }

    started = await start(dataDir);
    try {
      expect((await record(started, 'purchase:get', { id: ids.withAddress })).address).toBe('Flat 2, Regent Mansions, 7 Tannery Crescent, LS23 6TR');
      expect(await record(started, 'purchase:get', { id: ids.without })).not.toHaveProperty('address');
      const listed = await dispatch(started, 'purchase:list', {});
      expect(listed.ok && z.object({ purchases: z.array(purchaseRecordSchema) }).parse(listed.data).purchases.map((purchase) => purchase.address))
        .toEqual([undefined, 'Flat 2, Regent Mansions, 7 Tannery Crescent, LS23 6TR']);
      // The history export carries it to another machine.
      const exported = await dispatch(started, 'history:export');
      expect(JSON.stringify(exported)).toContain('"address":"Flat 2, Regent Mansions, 7 Tannery Crescent, LS23 6TR"');
    } finally {
      await started.close();
    }
  });

  it('that is not one short line of text is refused before anything is journaled or sent', async () => {
    const started = await start(join(scratch, 'refused'));
    try {
      const before = started.sandbox?.stats();
      for (const address of ['x'.repeat(301), 'Flat 2\u0007', '   ', 42]) {
        const result = await dispatch(started, 'purchase:create', { titleNumber: 'WYK638009', variables: ['http://127.0.0.1:1/vars/A/B#C/D'], address });
        expect(result).toMatchObject({ ok: false, code: 'validation' });
      }
      expect(started.core.purchases.list({})).toEqual([]);
      expect(started.sandbox?.stats()).toEqual(before);
    } finally {
      await started.close();
    }
  });
});

describe('titledesk purchase --address', () => {
  let sandbox: RunningSandbox;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, pacing });
  });

  afterAll(async () => {
    await sandbox.close();
  });

  const env = (dataDir: string): Record<string, string> => ({
    TITLEDESK_BASE_URL: sandbox.baseUrl,
    TITLEDESK_DATA_DIR: dataDir,
    WF_DEVELOPER_CLIENT_ID: sandbox.config.developer.clientId,
    WF_REFRESH_TOKEN: sandbox.config.developer.refreshToken,
  });

  it('keeps the address on the purchase, printed and in the history; refuses a bad one with a usage error', async () => {
    const dataDir = join(scratch, 'cli');
    const args = ['purchase', '--title', sandbox.config.sampleTitles[0] ?? '', '--var', sandbox.config.sampleVariables[0] ?? ''];
    const bought = await runCli([...args, '--address-line', 'Flat 2, Regent Mansions, LS23 6TR', '--json'], env(dataDir));
    expect(bought.code, bought.stderr).toBe(0);
    expect(JSON.parse(bought.stdout)).toMatchObject({ state: 'available', address: 'Flat 2, Regent Mansions, LS23 6TR' });
    const history = await runCli(['history', '--json'], env(dataDir));
    expect(z.object({ purchases: z.array(purchaseRecordSchema) }).parse(JSON.parse(history.stdout)).purchases[0]?.address).toBe('Flat 2, Regent Mansions, LS23 6TR');

    const before = sandbox.stats();
    const refused = await runCli([...args, '--address-line', 'x'.repeat(301)], env(dataDir));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--address-line must be at most 300 characters');
    // --address now names an address's catalog: with --title it is the older spelling, and said so.
    const older = await runCli([...args, '--address', 'Flat 2, Regent Mansions'], env(dataDir));
    expect(older.code).toBe(2);
    expect(older.stderr).toContain('use --address-line TEXT');
    expect(sandbox.stats()).toEqual(before);
  });
});
