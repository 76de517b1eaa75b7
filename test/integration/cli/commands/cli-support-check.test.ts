import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PurchaseJournal } from '../../../../electron/core/purchases/journal/journal.ts';
import { startSandbox, type RunningSandbox } from '../../../../electron/sandbox/index.ts';
import { purchaseRecordSchema, type PurchaseRecord } from '../../../../shared/purchase/purchase.ts';
import { developerEnv, runCli } from '../../fixtures/run-cli.ts';

// A support call on the command line (issue 63, items 21, 22 and 23): a mistyped ID names the
// service asked and offers the journal's nearest IDs, a pending purchase says when it may be
// ready, a local id from another service names that one, history shows addresses, and every
// command's --json gives a purchase in one shape.

let here: RunningSandbox;
let elsewhere: RunningSandbox;
let dataDir: string;
let pending: { id: string; purchaseId: string };

// The journal's record with the service's address, plus the result where the command gives one.
const purchaseShape = purchaseRecordSchema.extend({ baseUrl: z.string().optional(), result: z.unknown().optional() });

const env = (sandbox: RunningSandbox = here): Record<string, string> => developerEnv(sandbox, dataDir);

beforeAll(async () => {
  const pacing = { retryAfterSeconds: [3, 3] as [number, number], maxAgeSeconds: [1, 1] as [number, number], readySeconds: [1, 1] as [number, number] };
  [here, elsewhere] = await Promise.all([startSandbox({ port: 0, pacing }), startSandbox({ port: 0, pacing })]);
  dataDir = mkdtempSync(join(tmpdir(), 'titledesk-support-check-'));
  const title = here.config.testTitles[0] ?? '';
  const run = await runCli(['purchase', '--title', title, '--var', here.config.sampleVariables[0] ?? '', '--fire-and-forget', '--min-wait', '600', '--json'], env());
  expect(run.code, run.stderr).toBe(0);
  const document = purchaseShape.parse(JSON.parse(run.stdout));
  pending = { id: document.id, purchaseId: document.purchaseId ?? '' };
}, 60_000);

afterAll(async () => {
  await Promise.all([here.close(), elsewhere.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('check on the command line, for a support call', () => {
  it.concurrent.each([
    ['one character short', (id: string) => id.slice(0, -1)],
    ['upper case with a trailing full stop', (id: string) => `${id.toUpperCase()}.`],
  ])('a mistyped ID (%s): the 404 names the service asked and offers the nearest ID as a command', async (_what, mistype) => {
    const run = await runCli(['check', mistype(pending.purchaseId)], env());
    expect(run.code).toBe(4);
    const host = new URL(here.baseUrl).host;
    expect(run.stderr).toContain(`on ${host}`);
    expect(run.stderr).toContain(here.baseUrl);
    expect(run.stderr).toContain(`Did you mean ${pending.purchaseId}`);
    expect(run.stderr).toContain(`titledesk check ${pending.purchaseId}`);
  }, 60_000);

  it('under --json the suggestion is in the error document', async () => {
    const run = await runCli(['check', pending.purchaseId.slice(0, -1), '--json'], env());
    expect(run.code).toBe(4);
    const document = z.object({ error: z.object({ code: z.literal('not_found'), message: z.string() }) }).parse(JSON.parse(run.stdout));
    expect(document.error.message).toContain(pending.purchaseId);
  }, 60_000);

  it('without TITLEDESK_BASE_URL it says the built-in sandbox was asked, and where the journal saw the purchase', async () => {
    const run = await runCli(['check', pending.purchaseId], { TITLEDESK_DATA_DIR: dataDir });
    expect(run.code).toBe(4);
    expect(run.stderr).toContain('built-in sandbox');
    expect(run.stderr).toContain('TITLEDESK_BASE_URL');
    expect(run.stderr).toContain(`--base-url ${here.baseUrl}`);
  }, 60_000);

  it('a pending purchase says when it may be ready, its title, its price and that --wait follows it', async () => {
    const run = await runCli(['check', pending.purchaseId], env());
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Pending: /);
    expect(run.stdout).toContain(here.config.testTitles[0] ?? '');
    expect(run.stdout).toMatch(/advised asking again at \d\d:\d\d:\d\d UTC \(in \d+ s\)/);
    expect(run.stdout).toMatch(/£\d+\.\d\d at catalog prices/);
    expect(run.stdout).toContain(`titledesk check ${pending.id} --wait`);
  }, 60_000);

  it('a local id of a purchase made on another --base-url names that service, sends nothing, and gives the command', async () => {
    const before = elsewhere.stats();
    const run = await runCli(['check', pending.id], env(elsewhere));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`was made on ${here.baseUrl}, not on`);
    expect(run.stderr).toContain(elsewhere.baseUrl);
    expect(run.stderr).toContain(`titledesk check ${pending.id} --base-url ${here.baseUrl}`);
    expect(elsewhere.stats().result).toBe(before.result);
  }, 60_000);

  it('history names each purchase by its service address, never an internal environment id', async () => {
    const run = await runCli(['history'], env(elsewhere));
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')[0]).toContain('Service');
    expect(run.stdout).toContain(new URL(here.baseUrl).host);
    expect(run.stdout).not.toMatch(/cli-127-0-0-1-/);
  }, 60_000);

  it('purchase, check and history --json give a purchase in one shape, with the same names', async () => {
    const [checked, history] = await Promise.all([runCli(['check', pending.id, '--json'], env()), runCli(['history', '--json'], env())]);
    const fromCheck = purchaseShape.parse(JSON.parse(checked.stdout));
    const fromHistory = z.object({ purchases: z.array(purchaseShape) }).parse(JSON.parse(history.stdout)).purchases.find((record) => record.id === pending.id);
    expect(fromCheck).toMatchObject({ state: 'pending', purchaseId: pending.purchaseId, resultUrl: `${here.baseUrl}/purchases/${pending.purchaseId}`, baseUrl: here.baseUrl });
    expect(fromCheck.nextCheckAt).toBeGreaterThan(0);
    expect('result' in fromCheck).toBe(true);
    expect(fromHistory).toMatchObject({ state: 'pending', purchaseId: pending.purchaseId, resultUrl: fromCheck.resultUrl, baseUrl: here.baseUrl });
    expect(fromHistory !== undefined && 'result' in fromHistory).toBe(false);
    // The names of earlier versions are gone: one set of names everywhere.
    for (const document of [fromCheck, fromHistory]) for (const old of ['status', 'location', 'total']) expect(Object.keys(document ?? {})).not.toContain(old);
  }, 60_000);
});

describe('messages name commands, not the app’s screens', () => {
  function journal(record: Omit<PurchaseRecord, 'id' | 'environmentId' | 'options' | 'createdAt' | 'updatedAt' | 'timeline' | 'autoCheck'>, port = new URL(here.baseUrl).port): string {
    const id = crypto.randomUUID();
    const at = Date.now() - 24 * 60 * 60 * 1000;
    const store = new PurchaseJournal(dataDir);
    try {
      store.insert({ id, environmentId: `cli-127-0-0-1-${port}`, options: {}, createdAt: at, updatedAt: at, timeline: [], autoCheck: false, ...record });
    } finally {
      store.close();
    }
    return id;
  }

  it('a purchase never sent says titledesk send, not "Send now"', async () => {
    const id = journal({
      titleNumber: here.config.sampleTitles[0] ?? '',
      variables: [here.config.sampleVariables[0] ?? ''],
      state: 'not_sent',
      error: { code: 'not_sent', message: 'Could not reach the sign-in service. Nothing was sent, so nothing was charged; use "Send now" to try again.' },
    });
    const run = await runCli(['check', id], env());
    expect(run.stdout).toContain(`titledesk send ${id}`);
    expect(run.stdout).not.toContain('Send now');
  }, 60_000);

  it('send --all with the service down names the command that sends each again, not "Send now"', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address !== null ? String(address.port) : '1';
    await new Promise<void>((resolve) => server.close(() => { resolve(); }));
    const id = journal({ titleNumber: here.config.sampleTitles[0] ?? '', variables: [`http://127.0.0.1:${port}/vars/x`], state: 'not_sent', error: { code: 'not_sent', message: 'TitleDesk stopped before this purchase was sent.' } }, port);
    const run = await runCli(['send', '--all'], { ...env(), TITLEDESK_BASE_URL: `http://127.0.0.1:${port}` });
    expect(run.code).toBe(5);
    expect(run.stdout).toContain(`titledesk send ${id}`);
    expect(run.stdout).not.toContain('Send now');
  }, 60_000);

  it('a purchase that could not connect points at --base-url, not Settings', async () => {
    const id = journal({ titleNumber: here.config.sampleTitles[0] ?? '', variables: [here.config.sampleVariables[0] ?? ''], state: 'failed', error: { code: 'network', message: 'Could not connect.' } });
    const run = await runCli(['check', id], env());
    expect(run.stdout).toContain('--base-url');
    expect(run.stdout).not.toContain('Settings');
  }, 60_000);
});
