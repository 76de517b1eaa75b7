import { randomUUID } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import type { PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import { PurchaseJournal } from '../../../electron/core/purchases/journal/journal.ts';
import { fakeRecord } from '../../sections/history-records.ts';

export interface SeededHistory {
  readonly path: string;
  readonly seconds: number;
  /** Records picked at random while seeding, to search for afterwards (all of them would not fit in memory cheaply). */
  readonly sample: readonly PurchaseRecord[];
}

/**
 * Writes `count` finished purchases into a data folder's journal in one transaction, for the
 * bench only: the app journals each purchase durably on its own, which for 100,000 records
 * would take many minutes. The journal itself creates its file and schema first (and checks
 * what was written by reading it back in the bench), so the rows are the ones it would hold;
 * only the writing is batched, with synchronous=OFF since a crash would only lose test data. The
 * time includes the title index taking in the new rows.
 *
 * Each row sets off triggers that write a dozen B-trees, and within one transaction SQLite copies
 * every page a statement changes to a statement journal first (so that the statement alone can be
 * undone). That journal, and a page cache of 256 MiB instead of 2 MiB, are kept in memory here:
 * 100,000 rows took 49 s with SQLite's defaults and 21-23 s with these. The app's journal keeps the
 * defaults: its transactions are small, and for them neither setting saved CPU (a 32 MiB cache
 * made a 202's rewrite and a settlement dearer by a quarter to a half).
 */
const seedPragmas = 'PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF; PRAGMA temp_store = MEMORY; PRAGMA cache_size = -262144;';

export function seedHistory(dataDir: string, count: number, random: () => number, titles: readonly string[], sampleSize: number): SeededHistory {
  const journal = new PurchaseJournal(dataDir);
  const path = journal.path;
  journal.close();
  const db = new DatabaseSync(path);
  const startedAt = performance.now();
  const sample: PurchaseRecord[] = [];
  const every = Math.max(1, Math.floor(count / sampleSize));
  try {
    db.exec(`${seedPragmas} BEGIN IMMEDIATE`);
    const insert = db.prepare(`INSERT INTO purchases (id, environment_id, title_number, purchase_id, state, created_at, updated_at, record, result_body)
                               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    const insertVariable = db.prepare('INSERT OR IGNORE INTO purchase_variables (variable, purchase_local_id) VALUES (?, ?)');
    for (let index = 0; index < count; index += 1) {
      const { final, resultBody } = fakeRecord(random, titles, randomUUID());
      insert.run(final.id, final.environmentId, final.titleNumber ?? null, final.purchaseId ?? null, final.state, final.createdAt, final.updatedAt, JSON.stringify(final), resultBody ?? null);
      for (const variable of final.variables) insertVariable.run(variable, final.id);
      if (index % every === 0 && sample.length < sampleSize) sample.push(final);
    }
    db.exec('COMMIT');
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  } finally {
    db.close();
  }
  // The title index takes in what the triggers noted, as the app does a second after its writes
  // (search-backlog.ts): closing the journal takes in all of it.
  new PurchaseJournal(dataDir).close();
  return { path, seconds: (performance.now() - startedAt) / 1000, sample };
}
