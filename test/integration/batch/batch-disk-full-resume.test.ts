import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index.ts';
import { worldTitles } from '../fixtures/batch-file.ts';
import { developerEnv, runCli } from '../fixtures/run-cli.ts';
import { canMountSmallDisk, fillDisk, mountSmallDisk, resizeSmallDisk, unmountSmallDisk } from '../fixtures/small-disk.ts';

// A disk that fills mid-batch (a real tmpfs, real CLI processes): after space returns, `--resume`
// buys every line that was never sent and buys nothing twice. A line comes back of unknown outcome
// only when its POST may have gone out, never because its purchase could not be written before
// sending (issue 59, item 13).

const folder = mkdtempSync(join(tmpdir(), 'titledesk-batch-disk-full-'));
const mountable = canMountSmallDisk(join(folder, 'probe'));
const variable = '/vars/WhenFresh/Address#Ordnance Survey/Spatial/Address/Unique Property Reference Number';
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, logLimit: 20_000 });
});

afterAll(async () => {
  await sandbox.close();
  rmSync(folder, { recursive: true, force: true });
});

const documentSchema = z.object({
  rows: z.array(z.object({ titleNumber: z.string().nullable(), state: z.string(), reason: z.string().nullable() })),
  totals: z.object({ bought: z.number() }),
});

/** POSTs the sandbox took, by title, for the titles of one case (each case buys titles of its own). */
const postsByTitle = (titles: readonly string[]): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const entry of sandbox.log()) {
    const title = decodeURIComponent(/\/titles\/([^/]+)\//.exec(entry.path)?.[1] ?? '');
    if (entry.class === 'purchase' && entry.method === 'POST' && titles.includes(title)) counts.set(title, (counts.get(title) ?? 0) + 1);
  }
  return counts;
};

describe.skipIf(!mountable)('a batch on a disk that fills mid-batch, resumed once space returns', () => {
  // Each room left is a different moment for the disk to fill: during the first waves, or late.
  it.each([[320, 0], [360, 1], [420, 2], [480, 3]])('%i KiB left: lines never sent come back queued and are bought once', async (leftKiB, run) => {
    const disk = join(folder, `disk-${String(leftKiB)}`);
    expect(mountSmallDisk(disk, '3m')).toBe(true);
    try {
      const env = developerEnv(sandbox, join(disk, 'data'));
      const titles = worldTitles(150, [], 2000 + run * 150);
      const csv = join(folder, `titles-${String(leftKiB)}.csv`);
      writeFileSync(csv, `title_number\n${titles.join('\n')}\n`);
      expect((await runCli(['history'], env)).code).toBe(0);
      fillDisk(disk, leftKiB * 1024);
      const full = await runCli(['batch', csv, '--var', variable, '--concurrency', '8'], env);
      expect(full.code, full.stderr).toBe(7);
      expect(full.stderr).toContain('journaled');
      const sentBefore = postsByTitle(titles);
      resizeSmallDisk(disk, '64m');
      const resumed = await runCli(['batch', '--resume', '--json'], env);
      const document = documentSchema.parse(JSON.parse(resumed.stdout));
      const unknown = document.rows.filter((row) => row.state === 'unknown');
      // Only a line whose POST went out before the disk filled may be of unknown outcome.
      expect(unknown.filter((row) => !sentBefore.has(row.titleNumber ?? '')), JSON.stringify(unknown.slice(0, 3))).toEqual([]);
      expect(document.rows.filter((row) => !sentBefore.has(row.titleNumber ?? '')).every((row) => row.state === 'available')).toBe(true);
      const posts = postsByTitle(titles);
      expect([...posts.values()].every((count) => count === 1)).toBe(true);
      expect(posts.size).toBe(titles.length);
      expect(resumed.code).toBe(unknown.length === 0 ? 0 : 5);
    } finally {
      unmountSmallDisk(disk);
    }
  }, 180_000);
});
