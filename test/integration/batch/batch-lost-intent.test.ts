import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index.ts';
import { worldTitles } from '../fixtures/batch-file.ts';
import { developerEnv, finished, runCli, spawnCli } from '../fixtures/run-cli.ts';
import { purchasePostHeld, waitFor } from '../fixtures/wait-for.ts';

// A batch killed while a line's POST is at the service, whose journal then lost that purchase
// (a disk that drops synced writes): at resume the line is of unknown outcome, never sent again.
let sandbox: RunningSandbox;
let scratch: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, control: true, pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [0, 1] } });
  scratch = mkdtempSync(join(tmpdir(), 'titledesk-lost-intent-'));
});

afterAll(async () => {
  await sandbox.close();
  rmSync(scratch, { recursive: true, force: true });
});


const postsFor = (title: string): number => sandbox.log().filter((entry) => entry.class === 'purchase' && entry.method === 'POST' && entry.path.includes(`/titles/${title}/`)).length;
const lineSchema = z.object({ batch_id: z.string(), item: z.string() });
const itemSchema = z.object({ state: z.string(), titleNumber: z.string(), purchaseLocalId: z.string().nullable() });

describe('titledesk batch --resume after a journal lost a line\'s purchase', () => {
  it('marks that line outcome unknown and sends no second POST for its title', async () => {
    const dataDir = join(scratch, 'data');
    const titles = worldTitles(3, [], 1600);
    const csv = join(scratch, 'three.csv');
    writeFileSync(csv, `title_number\n${titles.join('\n')}\n`);
    const env = developerEnv(sandbox, dataDir);
    sandbox.setFaults([{ target: 'purchase', kind: 'latency', latencyMs: 3_000, count: 1 }]);
    const batch = spawnCli(['batch', csv, '--var', sandbox.config.sampleVariables[0] ?? '', '--concurrency', '1', '--reuse-days', '0', '--json'], env);
    const ended = finished(batch);
    await waitFor(() => purchasePostHeld(sandbox), 'the purchase POST to reach the sandbox');
    batch.kill('SIGKILL');
    expect((await ended).signal).toBe('SIGKILL');
    // The held POST completes at the service: it has the purchase, the journal is about to lose it.
    await sleep(3_500);
    const journal = new DatabaseSync(join(dataDir, 'purchases.sqlite'));
    const lines = z.array(lineSchema).parse(journal.prepare('SELECT batch_id, item FROM batch_items').all()).map((row) => ({ batchId: row.batch_id, ...itemSchema.parse(JSON.parse(row.item)) }));
    const sending = lines.find((line) => line.state === 'sending');
    if (sending?.purchaseLocalId == null) throw new Error('a line being sent is expected');
    expect(journal.prepare('DELETE FROM purchases WHERE id = ?').run(sending.purchaseLocalId).changes).toBe(1);
    journal.close();
    expect(postsFor(sending.titleNumber)).toBe(1);
    const resumed = await runCli(['batch', '--resume', sending.batchId, '--json'], env);
    expect(resumed.code).toBe(5);
    const document = z.object({ rows: z.array(z.object({ titleNumber: z.string(), state: z.string(), reason: z.string().nullable() })) }).parse(JSON.parse(resumed.stdout));
    const lost = document.rows.find((row) => row.titleNumber === sending.titleNumber);
    expect(lost?.state).toBe('unknown');
    expect(lost?.reason).toContain('it may have been bought');
    expect(postsFor(sending.titleNumber)).toBe(1);
    for (const title of titles.filter((each) => each !== sending.titleNumber)) expect(postsFor(title)).toBe(1);
  }, 90_000);
});
