import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { freshPairs, serviceTraffic, startHarness, type Harness } from '../fixtures/purchase-harness.ts';
import { waitFor } from '../fixtures/wait-for.ts';
import { canMountSmallDisk, fillDisk, mountSmallDisk, unmountSmallDisk } from '../fixtures/small-disk.ts';

// Purchases already sent when the data folder's disk fills (a real tmpfs, nothing simulated): the
// core keeps following them, their answers wait for room, and once room returns each is journaled
// as bought without a start and without a second POST (issue 59, item 13).

const folder = mkdtempSync(join(tmpdir(), 'titledesk-disk-full-following-'));
const mountable = canMountSmallDisk(join(folder, 'probe'));
let h: Harness;

beforeAll(async () => {
  // Results are ready 3 s after each POST: time for the disk to fill while every purchase is pending.
  h = await startHarness({ pacing: { retryAfterSeconds: [1, 1], maxAgeSeconds: [1, 1], readySeconds: [3, 3] } });
});

afterAll(async () => {
  await h.close();
  rmSync(folder, { recursive: true, force: true });
});

const stateRow = z.object({ id: z.string(), state: z.string() });

/** The purchases' states as written on disk, read by another connection. */
function statesOnDisk(path: string, ids: readonly string[]): string[] {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return ids.map((id) => stateRow.parse(db.prepare('SELECT id, state FROM purchases WHERE id = ?').get(id)).state);
  } finally {
    db.close();
  }
}

describe.skipIf(!mountable)('purchases followed while the data folder\'s disk is full (a real tmpfs)', () => {
  it('go on being followed, and are journaled as bought once room returns, without a start or a second POST', async () => {
    const disk = join(folder, 'disk');
    expect(mountSmallDisk(disk, '4m')).toBe(true);
    try {
      const dataDir = join(disk, 'data');
      const log: string[] = [];
      const service = h.newService({ dataDir, log: (message) => log.push(message) });
      const next = freshPairs(h.sandbox, 700);
      const before = serviceTraffic(h.sandbox);
      const created = await Promise.all(Array.from({ length: 12 }, async () => {
        const { title, variable } = next();
        return service.create(h.env, title, [variable]);
      }));
      const ids = created.map((record) => record.id);
      expect(created.map((record) => record.state)).toEqual(ids.map(() => 'pending'));
      // Nothing left for SQLite to reuse: the WAL emptied and truncated, then the disk filled.
      const checkpoint = new DatabaseSync(service.journalPath);
      checkpoint.exec('PRAGMA wal_checkpoint(TRUNCATE)');
      checkpoint.close();
      fillDisk(disk, 0);
      // The service answers 200 and the journal refuses each result: the notice counts them all.
      await waitFor(() => service.journalNotices.some((notice) => notice.kind === 'answers_not_saved' && notice.message.includes('about 12 purchases')), 'the notice of 12 unsaved answers', 20_000);
      expect(log.join('\n')).toMatch(/database or disk is full/);
      expect(statesOnDisk(service.journalPath, ids)).toEqual(ids.map(() => 'pending'));
      // Still followed while the disk stays full: each is asked again, never sent again.
      const gets = serviceTraffic(h.sandbox).gets;
      await waitFor(() => serviceTraffic(h.sandbox).gets >= gets + 12, 'each purchase asked again', 10_000);
      expect(serviceTraffic(h.sandbox).posts - before.posts).toBe(12);
      // Room returns: no start, no command; the followed purchases are written as they are answered.
      rmSync(join(disk, 'filler.bin'));
      const settled = await Promise.all(ids.map((id) => service.waitForSettled(id)));
      expect(settled.map((record) => record.state)).toEqual(ids.map(() => 'available'));
      expect(settled.every((record) => (record.items?.length ?? 0) === 1)).toBe(true);
      expect(statesOnDisk(service.journalPath, ids)).toEqual(ids.map(() => 'available'));
      await waitFor(() => service.journalNotices.length === 0, 'the notice gone', 5_000);
      expect(serviceTraffic(h.sandbox).posts - before.posts).toBe(12);
    } finally {
      unmountSmallDisk(disk);
    }
  }, 90_000);
});
