import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index.ts';
import { worldTitles } from '../fixtures/batch-file.ts';
import { developerEnv, finished, spawnCli } from '../fixtures/run-cli.ts';
import { waitFor } from '../fixtures/wait-for.ts';

// The service stopped in the middle of a CLI batch (connections refused), then started again:
// the batch waits instead of failing its lines, and every title is bought exactly once.
let scratch: string;
const sandboxes: RunningSandbox[] = [];

const pacing = { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [2, 2] } as const;
const totalsSchema = z.object({ totals: z.object({ bought: z.number(), failed: z.number() }) });


beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'titledesk-stopped-'));
});

afterAll(async () => {
  await Promise.all(sandboxes.map((sandbox) => sandbox.close()));
  rmSync(scratch, { recursive: true, force: true });
});

describe('titledesk batch --resume while the service is stopped, then started again', () => {
  it('waits for the service, sends every line never sent once it is back, and exits 0 with nothing failed', async () => {
    const statePath = join(scratch, 'sandbox-state.json');
    const first = await startSandbox({ port: 0, statePath, pacing });
    sandboxes.push(first);
    const port = Number(new URL(first.baseUrl).port);
    const env = developerEnv(first, join(scratch, 'data'));
    const csv = join(scratch, 'six.csv');
    writeFileSync(csv, `title_number\n${worldTitles(6, [], 1400).join('\n')}\n`);
    // Journaled with every line queued: a budget too small for the first line stops it at once.
    const stopped = await finished(spawnCli(['batch', csv, '--var', first.config.sampleVariables[0] ?? '', '--reuse-days', '0', '--budget', '0.01', '--json'], env));
    expect(stopped.code).toBe(6);
    const batchId = /batch ([0-9a-f-]{36}) journaled/.exec(stopped.stderr)?.[1] ?? '';
    expect(first.stats().purchase).toBe(0);
    await first.close();
    // Nothing listens on the service's port: every POST is refused before it leaves.
    const child = spawnCli(['batch', '--resume', batchId, '--budget', '1000', '--json'], env);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exit = finished(child);
    await waitFor(() => stderr.includes('waiting for the service'), 'the batch to say it waits for the service', 30_000);
    expect(stderr).toMatch(/failed 0\b/);
    const second = await startSandbox({ port, statePath, pacing });
    sandboxes.push(second);
    const run = await exit;
    expect(run.code).toBe(0);
    expect(totalsSchema.parse(JSON.parse(run.stdout)).totals).toMatchObject({ bought: 6, failed: 0 });
    // One POST per title: a line refused before it left is sent as the same purchase, once.
    expect(second.stats().purchase).toBe(6);
  }, 120_000);
});
