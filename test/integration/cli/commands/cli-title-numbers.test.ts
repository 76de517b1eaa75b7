import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { historicTitleNumbers } from '../../../../electron/sandbox/world/build-world.ts';
import { startSandbox, type RunningSandbox } from '../../../../electron/sandbox/index.ts';
import { developerEnv, runCli as runCliProcess, type CliRun } from '../../fixtures/run-cli.ts';

let sandbox: RunningSandbox;
let dataDir: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, control: true, pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [1, 1] } });
  dataDir = mkdtempSync(join(tmpdir(), 'titledesk-cli-titles-'));
});

afterAll(async () => {
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function runCli(args: readonly string[]): Promise<CliRun> {
  return runCliProcess(args, developerEnv(sandbox, dataDir));
}

const output = z.object({ state: z.string(), purchaseId: z.string().nullable(), items: z.array(z.object({ variable: z.string(), value: z.string() })) });
const variable = (): string[] => ['--var', sandbox.config.sampleVariables[0] ?? ''];
const purchasePosts = (): string[] => sandbox.log().filter((entry) => entry.class === 'purchase').map((entry) => `${entry.path} ${entry.status}`);

describe('title numbers as the registry writes them', () => {
  it('buys a digits-only title end to end, with a hint and no refusal', async () => {
    expect(historicTitleNumbers).toContain('284789');
    const run = await runCli(['purchase', '--title', '284789', ...variable(), '--json']);
    expect(run.stderr).toContain('284789 has no county prefix');
    expect(run.code).toBe(0);
    const parsed = output.parse(JSON.parse(run.stdout));
    expect(parsed.state).toBe('available');
    expect(parsed.items.map((item) => item.variable)).toEqual([sandbox.config.sampleVariables[0]]);
    expect(purchasePosts()).toContain('/world/GB-eaw/titles/284789/catalog 303');
  });

  it('trims and upper-cases a short-lived series (" z1z ") and buys it', async () => {
    const run = await runCli(['purchase', '--title', ' z1z ', ...variable(), '--json']);
    expect(run.code).toBe(0);
    expect(output.parse(JSON.parse(run.stdout)).state).toBe('available');
    expect(purchasePosts()).toContain('/world/GB-eaw/titles/Z1Z/catalog 303');
  });

  it('lets the service decide about a well-formed number it does not know (404, exit 4)', async () => {
    const run = await runCli(['purchase', '--title', '999999999', ...variable(), '--json']);
    expect(run.code).toBe(4);
    expect(purchasePosts()).toContain('/world/GB-eaw/titles/999999999/catalog 404');
  });

  it('refuses only what cannot be a title number, before anything is sent (exit 2)', async () => {
    const before = purchasePosts().length;
    for (const title of ['DN-12', 'ABCDEFGHIJKLM']) {
      const run = await runCli(['purchase', '--title', title, ...variable()]);
      expect(run.code, title).toBe(2);
      expect(run.stderr).toContain('1 to 12 letters and digits');
    }
    expect(purchasePosts()).toHaveLength(before);
  });
});
