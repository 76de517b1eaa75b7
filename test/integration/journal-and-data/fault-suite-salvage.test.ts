import { closeSync, cpSync, mkdtempSync, openSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index.ts';
import { createRandom } from '../../../electron/sandbox/seeded.ts';
import { worldTitles } from '../fixtures/batch-file.ts';
import { developerEnv, runCli, type CliRun } from '../fixtures/run-cli.ts';

/**
 * Fault suite, issue 59 item 9, with real processes: the titledesk command buys a batch of 200
 * titles from the sandbox, the journal is damaged (5 spans of 168 bytes at seeded places), and a
 * new process opens the damaged folder. No purchase comes back earlier than it was (every one
 * keeps its purchase ID), none the service answered can be bought again, and resuming the batch
 * sends nothing.
 */
let sandbox: RunningSandbox;
let dataDir: string;
const dirs: string[] = [];
const recordSchema = z.object({ id: z.string(), state: z.string(), purchaseId: z.string().optional() });
const historySchema = z.object({ purchases: z.array(recordSchema) });
let bought: z.infer<typeof recordSchema>[] = [];
let batchId = '';

function cli(args: readonly string[], dir: string): Promise<CliRun> {
  return runCli(args, developerEnv(sandbox, dir));
}

const posts = (): number => sandbox.log().filter((entry) => entry.class === 'purchase').length;

async function history(dir: string): Promise<{ purchases: z.infer<typeof recordSchema>[]; salvaged: boolean; stderr: string }> {
  const run = await cli(['history', '--json', '--limit', '1000'], dir);
  return { purchases: historySchema.parse(JSON.parse(run.stdout)).purchases, salvaged: run.stderr.includes('The purchase journal was damaged'), stderr: run.stderr };
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, logLimit: 20_000, pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [1, 1] } });
  dataDir = mkdtempSync(join(tmpdir(), 'titledesk-salvage-faults-'));
  dirs.push(dataDir);
  const file = join(dataDir, 'titles.csv');
  writeFileSync(file, `title_number\n${worldTitles(200).join('\n')}\n`);
  const run = await cli(['batch', file, '--var', '/vars/WhenFresh/Address#Ordnance Survey/Spatial/Address/Unique Property Reference Number', '--json', '--concurrency', '32'], dataDir);
  expect(run.code, run.stderr).toBe(0);
  batchId = z.object({ batchId: z.string() }).parse(JSON.parse(run.stdout)).batchId;
  bought = (await history(dataDir)).purchases;
}, 180_000);

afterAll(async () => {
  await sandbox.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function damagedCopy(seed: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'titledesk-salvage-damaged-'));
  dirs.push(dir);
  cpSync(dataDir, dir, { recursive: true });
  const path = join(dir, 'purchases.sqlite');
  const random = createRandom(seed);
  const size = statSync(path).size;
  const fd = openSync(path, 'r+');
  try {
    for (let span = 0; span < 5; span += 1) {
      const noise = Buffer.from(Array.from({ length: 168 }, () => Math.floor(random() * 256)));
      writeSync(fd, noise, 0, noise.length, Math.floor(random() * (size - noise.length)));
    }
  } finally {
    closeSync(fd);
  }
  return dir;
}

const seeds = Array.from({ length: 16 }, (_, n) => 11 + n);

describe('fault suite: a damaged journal opened by a new titledesk process', () => {
  it('keeps every paid purchase at least as far as it was, and buys nothing again (16 seeds × 5 spans)', async () => {
    expect(bought).toHaveLength(200);
    expect(bought.every((record) => record.state === 'available' && record.purchaseId !== undefined)).toBe(true);
    const backwards: string[] = [];
    const tally = { salvaged: 0, damaged: 0, unreadable: 0, lost: 0 };
    for (const seed of seeds) {
      const dir = damagedCopy(seed);
      const opened = await history(dir);
      tally.salvaged += Number(opened.salvaged);
      const found = new Map(opened.purchases.map((record) => [record.id, record]));
      for (const original of bought) {
        const record = found.get(original.id);
        if (record === undefined) {
          // A sound file with a record that does not parse leaves it untouched and names it on stderr.
          if (opened.stderr.includes(original.id)) tally.unreadable += 1;
          else tally.lost += 1;
          continue;
        }
        if (record.purchaseId !== original.purchaseId || !['available', 'outcome_unknown'].includes(record.state)) backwards.push(`seed ${String(seed)}: ${record.id} ${record.state}`);
      }
      const before = posts();
      for (const record of found.values()) {
        if (record.state !== 'outcome_unknown') continue;
        tally.damaged += 1;
        const again = await cli(['resolve', record.id, '--buy-again', '--json'], dir);
        expect(again.code, `seed ${String(seed)}: ${again.stdout}`).not.toBe(0);
        expect(again.stderr).toContain('check it on the service instead of buying it again');
      }
      // The batch's lines came through too: resuming it sends nothing (every line is done).
      const resumed = await cli(['batch', '--resume', batchId, '--json'], dir);
      expect(resumed.code, `seed ${String(seed)}: ${resumed.stderr}`).toBe(0);
      expect(posts()).toBe(before);
    }
    console.info(`salvage with real processes, ${String(seeds.length)} seeds:`, tally);
    expect(backwards).toEqual([]);
    expect(tally.salvaged).toBeGreaterThan(seeds.length / 3);
  }, 300_000);
});
