import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSandbox, type RunningSandbox } from '../../../../electron/sandbox/index.ts';
import { developerEnv, runCli } from '../../fixtures/run-cli.ts';

// Support's check on the command line, counted in keys: "npx titledesk check " (20), the pasted ID
// (1) and Enter: 22 a check. A purchase ID or result URL alone is taken as check: 16.

let sandbox: RunningSandbox;
let dataDir: string;
let purchaseId: string;

beforeAll(async () => {
  const pacing = { retryAfterSeconds: [3, 3] as [number, number], maxAgeSeconds: [1, 1] as [number, number], readySeconds: [1, 1] as [number, number] };
  sandbox = await startSandbox({ port: 0, pacing });
  dataDir = mkdtempSync(join(tmpdir(), 'titledesk-bare-reference-'));
  const run = await runCli(['purchase', '--title', sandbox.config.testTitles[0] ?? '', '--var', sandbox.config.sampleVariables[0] ?? '', '--fire-and-forget', '--min-wait', '600', '--json'], developerEnv(sandbox, dataDir));
  expect(run.code, run.stderr).toBe(0);
  purchaseId = z.object({ purchaseId: z.string() }).parse(JSON.parse(run.stdout)).purchaseId;
}, 60_000);

afterAll(async () => {
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('titledesk <purchase-id>', () => {
  it('checks it as "titledesk check <purchase-id>" does, also with a full stop copied along', async () => {
    const [bare, dotted, full] = await Promise.all([
      runCli([purchaseId], developerEnv(sandbox, dataDir)),
      runCli([`${purchaseId}.`], developerEnv(sandbox, dataDir)),
      runCli(['check', purchaseId], developerEnv(sandbox, dataDir)),
    ]);
    expect(full.code, full.stderr).toBe(0);
    for (const run of [bare, dotted]) {
      expect(run.code, run.stderr).toBe(full.code);
      expect(run.stdout).toMatch(/^Pending: /);
      expect(run.stdout).toContain(sandbox.config.testTitles[0] ?? '');
    }
  }, 60_000);

  it('a result URL alone too, with its flags; a word that is no command stays a usage error', async () => {
    const url = `${sandbox.baseUrl.replace(/\/$/, '')}/purchases/${purchaseId}`;
    const [byUrl, word] = await Promise.all([runCli([url, '--json'], developerEnv(sandbox, dataDir)), runCli(['chekc', purchaseId], developerEnv(sandbox, dataDir))]);
    expect(byUrl.code, byUrl.stderr).toBe(0);
    expect(z.object({ purchaseId: z.string() }).parse(JSON.parse(byUrl.stdout)).purchaseId).toBe(purchaseId);
    expect(word.code).toBe(2);
    expect(word.stderr).toContain('unknown command "chekc"');
  }, 60_000);
});
