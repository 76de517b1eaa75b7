import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startCore, type StartedCore } from '../../../electron/core/app/start-core.ts';
import { EnvSecretStore } from '../../../electron/core/secrets/env-secret-store.ts';
import { ConfSettingsStore } from '../../../electron/core/settings/conf-settings-store.ts';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index.ts';
import { purchaseRecordSchema, type PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import { assertNeverEarly } from '../fixtures/purchase-harness.ts';
import { runCli as runCliProcess, type CliRun } from '../fixtures/run-cli.ts';

let sandbox: RunningSandbox;
let dataDir: string;
let host: StartedCore;

function credentials(): Record<string, string> {
  return { WF_DEVELOPER_CLIENT_ID: sandbox.config.developer.clientId, WF_REFRESH_TOKEN: sandbox.config.developer.refreshToken };
}

beforeAll(async () => {
  // Ready after 5 s, with 1 s waits: the CLI runs while the host follows the purchase.
  sandbox = await startSandbox({ port: 0, control: true, pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [5, 5] } });
  dataDir = mkdtempSync(join(tmpdir(), 'titledesk-shared-'));
  // The app's own environment for this service, as Settings saves it.
  const staging = { id: 'staging', name: 'Staging', baseUrl: sandbox.baseUrl, authMode: 'developer', developerClientId: sandbox.config.developer.clientId };
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ environments: [staging], selectedEnvironmentId: 'staging', advanced: {} }));
  host = await startCore({ dataDir, secrets: new EnvSecretStore(credentials(), 'session'), settings: new ConfSettingsStore(dataDir), sandbox: false });
});

afterAll(async () => {
  await host.close();
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function runCli(args: readonly string[]): Promise<CliRun> {
  return runCliProcess(args, { ...credentials(), TITLEDESK_DATA_DIR: dataDir, TITLEDESK_BASE_URL: sandbox.baseUrl });
}

function journalRows(): number {
  const db = new DatabaseSync(join(dataDir, 'purchases.sqlite'), { readOnly: true });
  try {
    return z.object({ n: z.number() }).parse(db.prepare('SELECT count(*) AS n FROM purchases').get()).n;
  } finally {
    db.close();
  }
}

function resultGets(purchaseId: string): number {
  return sandbox.log().filter((entry) => entry.class === 'result' && entry.path.endsWith(`/purchases/${purchaseId}`)).length;
}

async function buyOnHost(variableIndex: number): Promise<PurchaseRecord> {
  const [title = ''] = sandbox.config.sampleTitles;
  const variable = sandbox.config.sampleVariables[variableIndex] ?? '';
  const created = await host.core.router.dispatch('purchase:create', { titleNumber: title, variables: [variable] });
  if (!created.ok) throw new Error(created.error.message);
  return purchaseRecordSchema.parse(created.data);
}

describe('the browser-mode host and the CLI on one data folder', () => {
  it('check --wait on a purchase the host follows reads the journal: one row, no GET from the CLI, none early', async () => {
    const bought = await buyOnHost(0);
    const rowsBefore = journalRows();
    const getsBefore = resultGets(bought.purchaseId ?? '');
    const cli = await runCli(['check', bought.purchaseId ?? '', '--wait', '--json']);
    expect(cli.code).toBe(0);
    expect(cli.stderr).toContain('follows this purchase');
    expect(JSON.parse(cli.stdout)).toMatchObject({ state: 'available', purchaseId: bought.purchaseId });
    expect(journalRows()).toBe(rowsBefore);
    const record = host.core.purchases.get(bought.id);
    expect(record?.state).toBe('available');
    expect(record?.environmentId).toBe('staging');
    assertNeverEarly(record as PurchaseRecord);
    // Every GET of this purchase is on the host's timeline: the CLI sent none of its own.
    expect(resultGets(bought.purchaseId ?? '') - getsBefore).toBe(record?.timeline.filter((exchange) => exchange.method === 'GET').length);
  });

  it('a CLI check of an available purchase updates the app\'s record in place and never downgrades it', async () => {
    const bought = await buyOnHost(1);
    const done = await host.core.purchases.waitForSettled(bought.id);
    expect(done.state).toBe('available');
    const rowsBefore = journalRows();
    // The service fails this one check: what the app knew (available, its values) must stay.
    sandbox.setFaults([{ target: 'result', kind: 'status500' }]);
    const cli = await runCli(['check', bought.purchaseId ?? '', '--json']);
    sandbox.setFaults([]);
    expect(cli.code).toBe(0);
    expect(JSON.parse(cli.stdout)).toMatchObject({ state: 'available' });
    expect(journalRows()).toBe(rowsBefore);
    const after = host.core.purchases.get(bought.id);
    expect(after).toMatchObject({ state: 'available', environmentId: 'staging', titleNumber: done.titleNumber });
    expect(after?.items).toEqual(done.items);
  });

  it('refuses a reference that is not a purchase before any request, and saves no unknown purchase', async () => {
    const rowsBefore = journalRows();
    const logBefore = sandbox.log().length;
    const bad = await runCli(['check', 'not a purchase/id!']);
    expect(bad.code).toBe(2);
    expect(sandbox.log().length).toBe(logBefore);
    const unknown = await runCli(['check', 'not-a-real-id']);
    expect(unknown.code).toBe(4);
    expect(unknown.stderr).toContain('nothing was saved');
    const viaHost = await host.core.router.dispatch('purchase:check', { reference: 'not-a-real-id' });
    expect(viaHost).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(journalRows()).toBe(rowsBefore);
  });
});
