import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../../electron/sandbox/index.ts';
import { developerEnv, finished, runCli, spawnCli } from '../../fixtures/run-cli.ts';
import { purchasePostHeld, waitFor } from '../../fixtures/wait-for.ts';

// Ctrl+C during `titledesk purchase` stops cleanly: it says where the purchase stands, its local
// id and the command to follow it, and never reports the journal closing under it as a failure.
let sandbox: RunningSandbox;
let scratch: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, control: true, pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [60, 60] } });
  scratch = mkdtempSync(join(tmpdir(), 'titledesk-sigint-'));
});

afterAll(async () => {
  await sandbox.close();
  rmSync(scratch, { recursive: true, force: true });
});



const args = (title: string): string[] => ['purchase', '--title', title, '--var', sandbox.config.sampleVariables[0] ?? '', '--json'];

describe('Ctrl+C during titledesk purchase', () => {
  it.each([
    ['while its POST is held at the service', (): void => { sandbox.setFaults([{ target: 'purchase', kind: 'latency', latencyMs: 60_000, count: 1 }]); }, 'sending'],
    ['while it waits for its values', (): void => { sandbox.setFaults([]); }, 'pending'],
  ])('%s: exit 130, its state, its local id and the check command; no failure reported', async (_when, arrange, state) => {
    arrange();
    const dataDir = join(scratch, state);
    const title = state === 'sending' ? (sandbox.config.sampleTitles[1] ?? '') : (sandbox.config.sampleTitles[2] ?? '');
    const posts = sandbox.stats().purchase;
    const buyer = spawnCli(args(title), developerEnv(sandbox, dataDir));
    let stderr = '';
    buyer.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const ended = finished(buyer);
    await waitFor(async () => (state === 'sending' ? purchasePostHeld(sandbox) : sandbox.stats().purchase > posts), 'the purchase to reach the service');
    // Answered with its purchase ID: the journal holds it before the first GET, a second later.
    if (state === 'pending') await sleep(300);
    buyer.kill('SIGINT');
    const run = await ended;
    expect(run.code).toBe(130);
    expect(stderr).toContain('stopped by SIGINT');
    expect(stderr).toContain(`is ${state}; it is kept in the journal: follow it with titledesk check `);
    expect(stderr).not.toMatch(/unexpected failure|database is not open/);
    const localId = /titledesk check (\S+)/.exec(stderr)?.[1] ?? '';
    if (state === 'pending') expect(stderr).toMatch(/\(purchase ID [^)]+\)/);
    // The id it named is the purchase in the journal.
    const check = await runCli(['check', localId, '--json'], developerEnv(sandbox, dataDir));
    expect(check.stdout).toContain(`"id": "${localId}"`);
    sandbox.setFaults([]);
  }, 60_000);
});
