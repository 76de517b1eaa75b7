import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fakeRecord } from '../../../bench/sections/history-records.ts';
import { PurchaseJournal } from '../../../electron/core/purchases/journal/journal.ts';
import { createRandom } from '../../../electron/sandbox/seeded.ts';
import type { PurchaseRecord } from '../../../shared/purchase/purchase.ts';

/**
 * A journal in a new temporary folder (added to `dirs` for the caller to remove), filled the way
 * the service fills it: each purchase's intent, then its final record.
 */
export function filledJournal(dirs: string[], count: number, titles: readonly string[]): { dataDir: string; records: PurchaseRecord[] } {
  const dataDir = mkdtempSync(join(tmpdir(), 'titledesk-history-'));
  dirs.push(dataDir);
  const journal = new PurchaseJournal(dataDir);
  const random = createRandom(9);
  const records: PurchaseRecord[] = [];
  for (let index = 0; index < count; index += 1) {
    const { intent, final, resultBody } = fakeRecord(random, titles, randomUUID());
    journal.insert(intent);
    journal.update(final, 'normal', resultBody === undefined ? {} : { resultBody });
    records.push(final);
  }
  journal.close();
  return { dataDir, records };
}
