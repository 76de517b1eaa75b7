import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { seedHistory } from '../../../../bench/lib/history/history-seed.ts';
import { PurchaseJournal } from '../../../../electron/core/purchases/journal/journal.ts';
import { createRandom } from '../../../../electron/sandbox/seeded.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('bench history seeding', () => {
  it('writes rows the journal reads back as the records it was given, searchable by every filter', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'titledesk-seed-'));
    dirs.push(dataDir);
    const seeded = seedHistory(dataDir, 500, createRandom(3), ['DN1', 'DN2', 'TGL3', 'MM4'], 50);
    expect(seeded.sample).toHaveLength(50);
    const journal = new PurchaseJournal(dataDir);
    try {
      expect(journal.search({ limit: 1000 })).toHaveLength(500);
      for (const record of seeded.sample.slice(0, 10)) {
        expect(journal.get(record.id)).toEqual(record);
        expect(journal.search({ purchaseId: record.purchaseId ?? '' }).map((found) => found.id)).toEqual([record.id]);
        expect(journal.search({ titleNumber: record.titleNumber ?? '', limit: 1000 }).map((found) => found.id)).toContain(record.id);
        expect(journal.search({ variable: record.variables[0] ?? '', limit: 1000 }).map((found) => found.id)).toContain(record.id);
        if (record.state === 'available') expect(journal.getResult(record.id)).toMatchObject({ totalItems: record.variables.length });
      }
    } finally {
      journal.close();
    }
  });
});
