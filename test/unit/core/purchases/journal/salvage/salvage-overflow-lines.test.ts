import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BatchStore } from '../../../../../../electron/core/batch/batch-store.ts';
import { PurchaseJournal } from '../../../../../../electron/core/purchases/journal/journal.ts';
import { createRandom } from '../../../../../../electron/sandbox/seeded.ts';
import { copyDataDir, writePaidJournal, type PaidJournal } from '../../../../support/paid-journal.ts';

/**
 * A batch's lines over about 1,000 bytes keep the rest of their text on overflow pages. With the
 * batch table's root page destroyed and no backup, salvage has only the raw pages: it must follow
 * each line's overflow chain, or every long line is lost (issue 59, item 9).
 */
const dirs: string[] = [];
let paid: PaidJournal;

beforeAll(() => {
  paid = writePaidJournal(dirs, 200, 13);
}, 60_000);

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const pageRow = z.object({ rootpage: z.number() });
const sizeRow = z.object({ page_size: z.number() });

/**
 * Overwrites the header of the root page of `table` (its kind, cell count and content offset) with
 * seeded noise: SQLite can no longer walk the table, while the rows on that page (an index b-tree's
 * root holds rows too) are still there to be found.
 */
function destroyRoot(dataDir: string, table: string, seed: number): void {
  const path = join(dataDir, 'purchases.sqlite');
  const db = new DatabaseSync(path, { readOnly: true });
  const root = pageRow.parse(db.prepare('SELECT rootpage FROM sqlite_master WHERE name = ?').get(table)).rootpage;
  const pageSize = sizeRow.parse(db.prepare('PRAGMA page_size').get()).page_size;
  db.close();
  const random = createRandom(seed);
  const noise = Buffer.from(Array.from({ length: 12 }, () => 0x10 + Math.floor(random() * 0xe0)));
  const fd = openSync(path, 'r+');
  try {
    writeSync(fd, noise, 0, noise.length, (root - 1) * pageSize);
  } finally {
    closeSync(fd);
  }
}

describe('salvaging batch lines kept on overflow pages, without a backup', () => {
  it('brings every line back field for field when the batch table cannot be walked', () => {
    // Most lines of this batch are longer than a batch_items page keeps of a row.
    expect(paid.lines.filter((line) => Buffer.byteLength(JSON.stringify(line)) > 1_002).length).toBeGreaterThan(150);
    for (const seed of [1, 2, 3]) {
      const dir = copyDataDir(paid.dataDir, dirs);
      destroyRoot(dir, 'batch_items', seed);
      const journal = new PurchaseJournal(dir);
      try {
        expect(journal.notices.map((notice) => notice.kind)).toEqual(['damaged']);
        const batches = new BatchStore(journal.path);
        try {
          expect(batches.get(paid.batchId)?.state).toBe('done');
          const lines = batches.items(paid.batchId);
          expect(lines.length).toBe(paid.lines.length);
          expect(lines).toEqual(paid.lines);
        } finally {
          batches.close();
        }
      } finally {
        journal.close();
      }
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
