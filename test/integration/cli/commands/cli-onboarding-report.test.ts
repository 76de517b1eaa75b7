import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { connectionTestSchema, providerKeyTestSchema } from '../../../../shared/environment/connection-test.ts';
import { propertyReportSchema } from '../../../../shared/purchase/report.ts';
import { providerKeys } from '../../../../electron/sandbox/provider/keys.ts';
import { startSandbox, type RunningSandbox } from '../../../../electron/sandbox/index.ts';
import { runCli as runCliProcess, type CliRun } from '../../fixtures/run-cli.ts';

let sandbox: RunningSandbox;
let dataDir: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, pacing: { retryAfterSeconds: [0, 0], maxAgeSeconds: [0, 0], readySeconds: [0, 0] } });
  dataDir = mkdtempSync(join(tmpdir(), 'titledesk-cli-onboarding-'));
});
afterAll(async () => {
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function runCli(args: readonly string[], env: Readonly<Record<string, string>>): Promise<CliRun> {
  return runCliProcess(args, { TITLEDESK_DATA_DIR: dataDir, TITLEDESK_BASE_URL: sandbox.baseUrl, ...env });
}

const provider = (key: string): Record<string, string> => ({
  TITLEDESK_FIND_URL: sandbox.config.addressProvider.findUrl,
  TITLEDESK_RETRIEVE_URL: sandbox.config.addressProvider.retrieveUrl,
  LOQATE_KEY: key,
});

describe('titledesk token --test', () => {
  it('shows both steps in plain words for good machine credentials', async () => {
    const run = await runCli(['token', '--test'], { WF_CLIENT_ID: sandbox.config.machine.clientId, WF_CLIENT_SECRET: sandbox.config.machine.clientSecret });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Discovery: ok in \d+ ms\./m);
    expect(run.stdout).toMatch(/^Token: ok in \d+ ms\. The client id and secret were accepted/m);
    expect(run.stdout).not.toContain(sandbox.config.machine.clientSecret);
  });

  it('exits 3 with invalid_grant for a rejected refresh token, in JSON too', async () => {
    const env = { WF_DEVELOPER_CLIENT_ID: sandbox.config.developer.clientId, WF_REFRESH_TOKEN: 'not-a-real-token' };
    const run = await runCli(['token', '--test', '--json'], env);
    expect(run.code).toBe(3);
    const result = connectionTestSchema.parse(JSON.parse(run.stdout));
    expect(result.steps[1]).toMatchObject({ step: 'token', ok: false, oauthError: 'invalid_grant' });
    expect(run.stdout + run.stderr).not.toContain('not-a-real-token');
  });
});

describe('titledesk address test-key', () => {
  it('accepts the sandbox key and tells UMRRNs apart with one Retrieve', async () => {
    const retrieve = ['--retrieve', sandbox.config.addressProvider.multiResidencyAddressId];
    const run = await runCli(['address', 'test-key', ...retrieve, '--json'], provider(providerKeys.key));
    expect(run.code).toBe(0);
    expect(providerKeyTestSchema.parse(JSON.parse(run.stdout)).umrrn).toBe('yes');
    const without = await runCli(['address', 'test-key', ...retrieve], provider(providerKeys.keyWithoutMultiResidency));
    expect(without.stdout).toMatch(/UMRRNs: no/);
  });

  it("prints the provider's own error for an unknown key and exits 3, a credential problem", async () => {
    const run = await runCli(['address', 'test-key'], provider('ZZ98-XY76-QQ54-WV32'));
    expect(run.code).toBe(3);
    expect(run.stdout).toMatch(/Find: FAILED in \d+ ms\. The address provider refused: Unknown key \(error 2\)\./);
    expect(run.stdout).not.toContain('ZZ98-XY76');
  });
});

describe('titledesk report', () => {
  it('lists the latest value per variable with its purchase ID, older ones with --older', async () => {
    const [title = ''] = sandbox.config.sampleTitles;
    const [a = '', b = ''] = sandbox.config.sampleVariables;
    const developer = { WF_DEVELOPER_CLIENT_ID: sandbox.config.developer.clientId, WF_REFRESH_TOKEN: sandbox.config.developer.refreshToken };
    const ids: string[] = [];
    for (const variables of [[a, b], [b]]) {
      const run = await runCli(['purchase', '--title', title, ...variables.flatMap((iri) => ['--var', iri]), '--buy-again', '--json'], developer);
      expect(run.code).toBe(0);
      ids.push(z.object({ purchaseId: z.string() }).parse(JSON.parse(run.stdout)).purchaseId);
    }
    const json = await runCli(['report', '--title', title.toLowerCase(), '--json'], developer);
    expect(json.code).toBe(0);
    const report = propertyReportSchema.parse(JSON.parse(json.stdout));
    const rows = new Map(report.titles[0]?.rows.map((row) => [row.variable, row]));
    expect(rows.get(b)?.latest.purchaseId).toBe(ids[1]);
    expect(rows.get(b)?.older.map((value) => value.purchaseId)).toEqual([ids[0]]);
    expect(rows.get(a)?.latest.purchaseId).toBe(ids[0]);

    const text = await runCli(['report', '--title', title, '--older'], developer);
    expect(text.stdout).toContain(`Title ${title}: 2 variables from 2 purchases`);
    // The environment first: a loopback service unclassified is Local, a test service.
    expect(text.stdout.split('\n')[0]).toMatch(/^Test service: test data, not a real property report · .+ \(127\.0\.0\.1:\d+\)$/);
    expect(text.stdout).toMatch(/ {2}earlier: /);
    const none = await runCli(['report'], developer);
    expect(none.code).toBe(2);
  }, 60_000);
});
