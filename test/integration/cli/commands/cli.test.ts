import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSandbox, type RunningSandbox } from '../../../../electron/sandbox/index.ts';
import { runCli as runCliProcess, type CliRun } from '../../fixtures/run-cli.ts';

let sandbox: RunningSandbox;
let dataDir: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [2, 2] } });
  dataDir = mkdtempSync(join(tmpdir(), 'titledesk-cli-test-'));
});

afterAll(async () => {
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function runCli(args: readonly string[], env: Readonly<Record<string, string>> = {}): Promise<CliRun> {
  return runCliProcess(args, { TITLEDESK_DATA_DIR: dataDir, ...env });
}

const developer = (): Record<string, string> => ({
  TITLEDESK_BASE_URL: sandbox.baseUrl,
  WF_DEVELOPER_CLIENT_ID: sandbox.config.developer.clientId,
  WF_REFRESH_TOKEN: sandbox.config.developer.refreshToken,
});

// The journal's record, as every command's --json gives a purchase, with the result as received.
const purchaseOutput = z.object({
  purchaseId: z.string().optional(),
  resultUrl: z.string().optional(),
  state: z.string(),
  result: z.unknown(),
  items: z.array(z.object({ variable: z.string(), value: z.string(), price: z.object({ value: z.number(), currency: z.string() }) })).default([]),
  totals: z.array(z.object({ value: z.number(), currency: z.string() })).default([]),
  timeline: z.array(z.object({ method: z.string(), status: z.union([z.number(), z.string()]) })),
});

function varArgs(count: number): string[] {
  return sandbox.config.sampleVariables.slice(0, count).flatMap((iri) => ['--var', iri]);
}

describe('titledesk CLI against a sandbox', () => {
  it('purchase --json follows 303 → 202 → 200 and prints one JSON document, progress on stderr', async () => {
    const [title = ''] = sandbox.config.sampleTitles;
    const run = await runCli(['purchase', '--title', title, ...varArgs(3), '--json'], developer());
    expect(run.code).toBe(0);
    const output = purchaseOutput.parse(JSON.parse(run.stdout));
    expect(output.state).toBe('available');
    expect(output.resultUrl).toBe(`${sandbox.baseUrl}/purchases/${output.purchaseId ?? ''}`);
    expect(output.result).toMatchObject({ '@type': 'hydra:Collection', totalItems: 3 });
    expect(output.items.map((item) => item.variable)).toEqual(sandbox.config.sampleVariables.slice(0, 3));
    const sum = output.items.reduce((total, item) => total + item.price.value, 0);
    expect(output.totals).toEqual([{ value: expect.closeTo(sum, 6) as number, currency: 'GBP' }]);
    expect(output.timeline.map((exchange) => `${exchange.method} ${exchange.status}`)).toContain('POST 303');
    expect(output.timeline.at(-1)).toMatchObject({ method: 'GET', status: 200 });
    expect(run.stderr).toMatch(/pending/);
  });

  it('--fire-and-forget returns right after the 303 without any GET; check --wait then completes it', async () => {
    const title = sandbox.config.sampleTitles[1] ?? '';
    const before = sandbox.stats();
    const fired = await runCli(['purchase', '--title', title, ...varArgs(2), '--fire-and-forget', '--json'], developer());
    expect(fired.code).toBe(0);
    const output = purchaseOutput.parse(JSON.parse(fired.stdout));
    expect(output.state).toBe('pending');
    expect(output.timeline).toHaveLength(1);
    expect(sandbox.stats().result - before.result).toBe(0);
    expect(sandbox.stats().purchase - before.purchase).toBe(1);

    const checked = await runCli(['check', output.resultUrl ?? '', '--wait', '--json'], developer());
    expect(checked.code).toBe(0);
    expect(purchaseOutput.parse(JSON.parse(checked.stdout))).toMatchObject({ state: 'available', purchaseId: output.purchaseId });

    const history = await runCli(['history', '--status', 'available', '--json'], developer());
    const listed = z.object({ purchases: z.array(z.object({ purchaseId: z.string().optional() })) }).parse(JSON.parse(history.stdout));
    expect(listed.purchases.map((record) => record.purchaseId)).toContain(output.purchaseId);
  });

  it('token in machine mode shows mode and expiry and never a token or secret', async () => {
    const run = await runCli(['token', '--json'], {
      TITLEDESK_BASE_URL: sandbox.baseUrl,
      WF_CLIENT_ID: sandbox.config.machine.clientId,
      WF_CLIENT_SECRET: sandbox.config.machine.clientSecret,
    });
    expect(run.code).toBe(0);
    const output = z.strictObject({ environment: z.string(), baseUrl: z.string(), mode: z.literal('machine'), signedIn: z.literal(true), expiresAt: z.iso.datetime() }).parse(JSON.parse(run.stdout));
    expect(Date.parse(output.expiresAt)).toBeGreaterThan(Date.now());
    expect(run.stdout + run.stderr).not.toContain(sandbox.config.machine.clientSecret);
  });

  it('exits 3 without sending anything when no credentials are configured', async () => {
    const before = sandbox.stats();
    const run = await runCli(['purchase', '--title', 'DN123456', ...varArgs(1)], { TITLEDESK_BASE_URL: sandbox.baseUrl, WF_REFRESH_TOKEN: '' });
    expect(run.code).toBe(3);
    // Nothing was journaled, so there is no purchase to report: the reason goes to stderr alone.
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^titledesk purchase: No developer client id and refresh token are set/);
    expect(sandbox.stats()).toEqual(before);
  });

  it('exits 3 when the refresh token is rejected (invalid_grant)', async () => {
    const run = await runCli(['token'], { ...developer(), WF_REFRESH_TOKEN: 'not-a-real-token' });
    expect(run.code).toBe(3);
    expect(run.stderr).not.toContain('not-a-real-token');
  });

  it('exits 4 when the service rejects the purchase (unknown title)', async () => {
    const unknownTitle = await runCli(['purchase', '--title', 'ZZ999999', ...varArgs(1), '--json'], developer());
    expect(unknownTitle.code).toBe(4);
  });

  it('refuses a variable the title\'s catalog does not list (exit 2), sending and journaling nothing', async () => {
    const before = sandbox.stats().purchase;
    const title = sandbox.config.sampleTitles[0] ?? '';
    const unknownVariable = await runCli(['purchase', '--title', title, '--var', `${sandbox.baseUrl}/vars/Nobody/Nothing#A/B/C/D`, '--buy-again'], developer());
    expect(unknownVariable.code).toBe(2);
    expect(unknownVariable.stderr).toContain(`is not in the catalog of ${title}`);
    expect(unknownVariable.stderr).toContain(`titledesk catalog --title ${title}`);
    expect(sandbox.stats().purchase).toBe(before);
    const history = await runCli(['history', '--json'], developer());
    expect(history.stdout).not.toContain('Nobody/Nothing');
  });

  it('takes a variable from /vars/ or /variable/ on, and sends the identifier the catalog gives', async () => {
    // A title no other test here buys, so the histories they read stay as they expect.
    const title = sandbox.config.testTitles[4] ?? '';
    const [iri = ''] = sandbox.config.sampleVariables;
    const key = iri.slice(iri.indexOf('/vars/') + '/vars/'.length);
    // The same variable in the older form of the reference pages, from its marker on.
    const older = `/variable/${key.slice(0, key.indexOf('#'))}/${key.slice(key.indexOf('#') + 1)}`;
    for (const written of [`/vars/${key}`, older]) {
      const bought = await runCli(['purchase', '--title', title, '--var', written, '--buy-again', '--json'], developer());
      expect(bought.code, bought.stderr).toBe(0);
      expect(purchaseOutput.parse(JSON.parse(bought.stdout)).items.map((item) => item.variable)).toEqual([iri]);
    }
  });

  it('check takes a reference as copied from a message: quotes, brackets and a full stop around it are dropped', async () => {
    const bought = await runCli(['purchase', '--title', sandbox.config.sampleTitles[2] ?? '', ...varArgs(1), '--json'], developer());
    const purchaseId = purchaseOutput.parse(JSON.parse(bought.stdout)).purchaseId ?? '';
    for (const copied of [`"${purchaseId}"`, `${purchaseId}.`, `<${purchaseId}>`, ` '${purchaseId}', `]) {
      const checked = await runCli(['check', copied, '--json'], developer());
      expect(checked.code).toBe(0);
      expect(purchaseOutput.parse(JSON.parse(checked.stdout)).purchaseId).toBe(purchaseId);
    }
  });

  it('exits 5 when the service keeps failing', async () => {
    sandbox.setFaults([{ target: 'purchase', kind: 'status503', retryAfterSeconds: 1 }]);
    try {
      // --buy-again: the variable was bought earlier in this folder, within the reuse window.
      const run = await runCli(['purchase', '--title', sandbox.config.sampleTitles[0] ?? '', ...varArgs(1), '--buy-again', '--json'], developer());
      expect(run.code).toBe(5);
      expect(purchaseOutput.parse(JSON.parse(run.stdout)).state).toBe('failed');
    } finally {
      sandbox.setFaults([]);
    }
  });

  it('history and check in text: a header, the service, "—" for a missing ID, one status line', async () => {
    const title = sandbox.config.sampleTitles[1] ?? '';
    const bought = await runCli(['purchase', '--title', title, ...varArgs(2), '--json'], developer());
    const purchaseId = purchaseOutput.parse(JSON.parse(bought.stdout)).purchaseId ?? '';
    sandbox.setFaults([{ target: 'purchase', kind: 'status503', retryAfterSeconds: 1 }]);
    try {
      expect((await runCli(['purchase', '--title', title, ...varArgs(1), '--buy-again'], developer())).code).toBe(5);
    } finally {
      sandbox.setFaults([]);
    }
    const history = await runCli(['history', '--title', title], developer());
    const [header, failedRow, availableRow] = history.stdout.split('\n');
    expect(header).toMatch(/^Created \(UTC\)\s+Status\s+Service\s+Bought from\s+Variables\s+Purchase ID\s+Local ID$/);
    const host = new URL(sandbox.baseUrl).host;
    expect(availableRow).toMatch(new RegExp(`available\\s+${host}\\s+${title}\\s+2 variables\\s+${purchaseId}\\s+[0-9a-f-]{36}$`));
    expect(failedRow).toMatch(new RegExp(`failed\\s+${host}\\s+${title}\\s+1 variable\\s+—\\s+[0-9a-f-]{36}$`));

    const checked = await runCli(['check', purchaseId], developer());
    expect(checked.code).toBe(0);
    const lines = checked.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(new RegExp(`^Available: purchase ${purchaseId} of ${title} on ${host} \\(Local\\)\\. 2 values, total £\\d+\\.\\d\\d$`));
    expect(lines.slice(1)).toHaveLength(2);
    for (const line of lines.slice(1)) expect(line).toMatch(/^ {2}.+: .+ {2}\[£\d+\.\d\d\]$/);

    // The local id of a purchase the service never took is accepted, and reported in one line.
    const localId = failedRow?.split(/\s+/).at(-1) ?? '';
    const failed = await runCli(['check', localId], developer());
    expect(failed.code).toBe(5);
    expect(failed.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(failed.stdout).toMatch(new RegExp(`^Failed: purchase \\(no purchase ID\\) of ${title} on ${host} \\(Local\\)\\. The service is unavailable`));
    expect(failed.stderr).toBe('');
  });

  it('takes the environment kind from TITLEDESK_ENVIRONMENT_KIND, and refuses one it does not know', async () => {
    const title = sandbox.config.sampleTitles[0] ?? '';
    const staging = await runCli(['purchase', '--title', title, ...varArgs(1)], { ...developer(), TITLEDESK_ENVIRONMENT_KIND: 'staging' });
    expect(staging.code).toBe(0);
    expect(staging.stdout).toMatch(/^Available: .* on 127\.0\.0\.1:\d+ \(Staging\)\./);
    const before = sandbox.stats();
    const wrong = await runCli(['purchase', '--title', title, ...varArgs(1)], { ...developer(), TITLEDESK_ENVIRONMENT_KIND: 'production' });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/TITLEDESK_ENVIRONMENT_KIND must be one of live, staging, local/);
    expect(sandbox.stats()).toEqual(before);
  });

  it('exits 2 with the usage for bad arguments, sending nothing', async () => {
    const before = sandbox.stats();
    const missing = await runCli(['purchase', '--var', 'x'], developer());
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('what to buy from is required: give exactly one of --title T | --address KEY | --uprn N');
    const unknownFlag = await runCli(['catalog', '--title', 'DN1', '--bogus'], developer());
    expect(unknownFlag.code).toBe(2);
    const unknownCommand = await runCli(['frobnicate']);
    expect(unknownCommand.code).toBe(2);
    expect(sandbox.stats()).toEqual(before);
  });

  it('catalog and address work on the built-in sandbox when no base URL is given', async () => {
    const catalog = await runCli(['catalog', '--title', sandbox.config.sampleTitles[0] ?? '', '--json']);
    expect(catalog.code).toBe(0);
    expect(z.object({ variableCount: z.number() }).parse(JSON.parse(catalog.stdout)).variableCount).toBeGreaterThanOrEqual(60);
    const found = await runCli(['address', 'find', sandbox.config.addressProvider.sampleQueries[0] ?? '', '--json']);
    expect(found.code).toBe(0);
    expect(z.object({ candidates: z.array(z.unknown()).min(1) }).parse(JSON.parse(found.stdout)).candidates.length).toBeGreaterThan(0);
    const retrieved = await runCli(['address', 'retrieve', sandbox.config.addressProvider.multiResidencyAddressId, '--json']);
    expect(retrieved.code).toBe(0);
    const address = z.object({ udprn: z.number(), umrrn: z.number(), titles: z.array(z.object({ tenure: z.string() })) }).parse(JSON.parse(retrieved.stdout));
    expect(address.umrrn).toBeGreaterThan(0);
    expect(address.titles.map((title) => title.tenure)).toContain('Leasehold');
  });
});
