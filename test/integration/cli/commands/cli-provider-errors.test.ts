import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../../electron/sandbox/index.ts';
import { errorWords } from '../../../../shared/errors/error-messages.ts';
import type { ErrorCode } from '../../../../shared/errors/errors.ts';
import { runCli as runCliProcess, type CliRun } from '../../fixtures/run-cli.ts';

let sandbox: RunningSandbox;
let dataDir: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  dataDir = mkdtempSync(join(tmpdir(), 'titledesk-cli-provider-errors-'));
});
afterAll(async () => {
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Key name in the sandbox config, provider number, TitleDesk's code, and the documented exit code. */
const cases: readonly (readonly [name: string, error: string, code: ErrorCode, exit: number])[] = [
  ['unknown key', '2', 'provider_unknown_key', 3],
  ['key expired', '16', 'provider_key_expired', 3],
  ['out of credit', '3', 'provider_out_of_credit', 4],
  ['daily limit', '8', 'provider_limit_reached', 5],
  ['per-user limit', '17', 'provider_limit_reached', 5],
  ['surge protector', '10', 'provider_surge_protection', 5],
  ['IP address not allowed', '4', 'provider_origin_refused', 3],
  ['URL (referrer) not allowed', '5', 'provider_origin_refused', 3],
  ['service not on this key', '6', 'provider_service_refused', 3],
];

function runWithKey(args: readonly string[], name: string): Promise<CliRun> {
  const entry = sandbox.config.addressProvider.accountErrorKeys.find((candidate) => candidate.name === name);
  if (entry === undefined) throw new Error(`the sandbox lists no key for ${name}`);
  // A data folder per run: the runs go side by side and each opens its own journal.
  return runCliProcess(args, {
    TITLEDESK_DATA_DIR: mkdtempSync(join(dataDir, 'run-')),
    TITLEDESK_BASE_URL: sandbox.baseUrl,
    TITLEDESK_FIND_URL: sandbox.config.addressProvider.findUrl,
    TITLEDESK_RETRIEVE_URL: sandbox.config.addressProvider.retrieveUrl,
    LOQATE_KEY: entry.key,
  });
}

function descriptionOf(name: string): string {
  return sandbox.config.addressProvider.accountErrorKeys.find((candidate) => candidate.name === name)?.description ?? '';
}

describe('titledesk address with the sandbox account error keys', () => {
  // Each run is its own process waiting on loopback HTTP, so they run side by side.
  it.concurrent.each(cases)('find, %s: headline, the provider words with its number, its advice, its exit code', async (name, error, code, exit) => {
    const run = await runWithKey(['address', 'find', 'Mill'], name);
    expect(run.code).toBe(exit);
    expect(run.stdout).toBe('');
    const lines = run.stderr.split('\n');
    expect(lines[0]).toBe(`titledesk address: ${errorWords[code].headline}`);
    expect(lines[1]).toContain(`The address provider said (error ${error}): ${descriptionOf(name)}.`);
    expect(lines[2]).toMatch(/^ {2}Its advice: \S/);
    expect(lines[3]).toBe(`  ${errorWords[code].action}`);
  });

  it('find --json: the one JSON document carries the code, the headline and the provider words with the number', async () => {
    const run = await runWithKey(['address', 'find', 'Mill', '--json'], 'out of credit');
    expect(run.code).toBe(4);
    expect(JSON.parse(run.stdout)).toMatchObject({
      error: { code: 'provider_out_of_credit', message: errorWords.provider_out_of_credit.headline, provider: { error: '3', description: 'Account out of credit' } },
    });
    expect(run.stdout).toMatch(/"resolution": "\S/);
  });

  // One key per exit code is enough here: the core test covers every key's refusal.
  const testKeyCases = cases.filter(([name]) => ['unknown key', 'out of credit', 'daily limit'].includes(name));
  it.concurrent.each(testKeyCases)('test-key, %s: names which refusal it is, with its exit code', async (name, error, code, exit) => {
    const run = await runWithKey(['address', 'test-key'], name);
    expect(run.code).toBe(exit);
    expect(run.stdout).toContain(`Find: FAILED in `);
    expect(run.stdout).toContain(`The address provider refused: ${descriptionOf(name)} (error ${error}). ${errorWords[code].headline}`);
    expect(run.stdout).toContain(`The address provider said (error ${error}): ${descriptionOf(name)}.`);
  });
});
