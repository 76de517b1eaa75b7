import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildHistorySelect } from '../../../../../../electron/core/purchases/journal/search/history-query.ts';
import { PurchaseJournal } from '../../../../../../electron/core/purchases/journal/journal.ts';
import { purchaseSummarySchema, type HistoryQuery, type PurchaseRecord, type PurchaseSummary } from '../../../../../../shared/purchase/purchase.ts';
import { filledJournal } from '../../../../support/filled-journal.ts';
import { intentRecord } from '../../../../support/intent-record.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const titles = ['DN123456', 'TGL312172', 'MM786'];
const queries: HistoryQuery[] = [{}, { titleNumber: 'MM786' }, { text: 'TGL3' }, { status: 'available' }, { limit: 5, offset: 3 }, { text: 'Bathroom', limit: 7 }];

const followedFields = ['timeline', 'items', 'nextCheckAt', 'updatedAt', 'sendingAt', 'autoCheck', 'error'];

function withoutDetails(record: PurchaseRecord): PurchaseSummary {
  const summary = Object.fromEntries(Object.entries(record).filter(([key]) => !followedFields.includes(key)));
  return purchaseSummarySchema.strict().parse(summary);
}

function withJournal<T>(dataDir: string, use: (journal: PurchaseJournal) => T): T {
  const journal = new PurchaseJournal(dataDir);
  try {
    return use(journal);
  } finally {
    journal.close();
  }
}

/** The page summaries() gives must be search()'s page, each record without its timeline and values. */
function expectSummariesMatchRecords(journal: PurchaseJournal): void {
  for (const query of queries) {
    const records = journal.search(query);
    expect(records.length, JSON.stringify(query)).toBeGreaterThan(0);
    expect(journal.summaries(query), JSON.stringify(query)).toEqual(records.map(withoutDetails));
  }
}

function rawDb(dataDir: string, work: (db: DatabaseSync) => void): void {
  const db = new DatabaseSync(join(dataDir, 'purchases.sqlite'));
  try {
    work(db);
  } finally {
    db.close();
  }
}

describe('History summaries', { timeout: 60_000 }, () => {
  it('give the same page as the whole records, each without its timeline, values and followed fields', () => {
    const { dataDir, records } = filledJournal(dirs, 40, titles);
    expect(records.some((record) => (record.items?.length ?? 0) > 0 && record.timeline.length > 0)).toBe(true);
    withJournal(dataDir, expectSummariesMatchRecords);
  });

  it('follow every write that changes what they hold, in the same transaction; a 202\'s rewrite leaves them alone', () => {
    const { dataDir } = filledJournal(dirs, 3, titles);
    const storedSummary = (journal: PurchaseJournal, id: string): unknown =>
      journal.database.prepare('SELECT summary FROM purchase_summaries WHERE purchase_rowid = (SELECT rowid FROM purchases WHERE id = ?)').get(id);
    withJournal(dataDir, (journal) => {
      const intent = intentRecord({ titleNumber: 'ZZ1', createdAt: 1_800_000_000_000, updatedAt: 1_800_000_000_000 });
      journal.insert(intent);
      expect(journal.summaries({ titleNumber: 'ZZ1' })).toEqual([withoutDetails(intent)]);
      // Being sent: read from its record, no summary written.
      expect(storedSummary(journal, intent.id)).toBeUndefined();
      const pending: PurchaseRecord = { ...intent, state: 'pending', purchaseId: 'p-1', resultUrl: 'http://127.0.0.1:1/purchases/p-1', nextCheckAt: 1_800_000_002_000, updatedAt: 1_800_000_000_040,
        timeline: [{ method: 'POST', path: '/world/GB-eaw/titles/ZZ1/catalog', status: 303, advisedWaitSeconds: 2, at: 1_800_000_000_001, receivedAt: 1_800_000_000_040 }] };
      journal.update(pending, 'normal');
      expect(journal.summaries({ titleNumber: 'ZZ1' })).toEqual([withoutDetails(pending)]);
      expect(journal.summaries({ titleNumber: 'ZZ1' })[0]).toMatchObject({ state: 'pending', purchaseId: 'p-1', resultUrl: pending.resultUrl });

      expect(storedSummary(journal, intent.id)).toBeUndefined();
      const before = storedSummary(journal, intent.id);
      // total_changes() counts the rows triggers change too: the rewrite itself, and nothing else.
      const changes = (): unknown => journal.database.prepare('SELECT total_changes() AS n').get();
      const changesBefore = z.object({ n: z.number() }).parse(changes()).n;
      const polled: PurchaseRecord = { ...pending, nextCheckAt: 1_800_000_004_000, updatedAt: 1_800_000_002_030, autoCheck: false,
        timeline: [...pending.timeline, { method: 'GET', path: '/purchases/p-1', status: 202, advisedWaitSeconds: 2, at: 1_800_000_002_001, receivedAt: 1_800_000_002_030 }] };
      journal.update(polled, 'normal');
      expect(changes()).toEqual({ n: changesBefore + 1 });
      expect(storedSummary(journal, intent.id)).toEqual(before);
      expect(journal.summaries({ purchaseId: 'p-1' })).toEqual([withoutDetails(polled)]);

      // Variables learned without a change of state still reach the summary.
      const learned: PurchaseRecord = { ...polled, variables: [...polled.variables, 'http://x/vars/P/S#Scheme/Tax/Class/Learned'], updatedAt: 1_800_000_002_050 };
      journal.update(learned, 'normal', { replaceVariables: true });
      expect(journal.summaries({ purchaseId: 'p-1' })[0]?.variables).toEqual(learned.variables);
      const settled: PurchaseRecord = { ...learned, state: 'available', updatedAt: 1_800_000_004_040, totals: [{ value: 2, currency: 'GBP' }] };
      journal.update(settled, 'normal', { resultBody: '{}' });
      expect(journal.summaries({ purchaseId: 'p-1' })).toEqual([withoutDetails(settled)]);
      const written = z.object({ summary: z.string() }).parse(storedSummary(journal, intent.id)).summary;
      expect(JSON.parse(written)).toEqual(withoutDetails(settled));
      // Checked again, it is followed once more: the summary goes, and the record is read.
      const rechecked: PurchaseRecord = { ...settled, state: 'pending', updatedAt: 1_800_000_005_000 };
      journal.update(rechecked, 'normal');
      expect(storedSummary(journal, intent.id)).toBeUndefined();
      expect(journal.summaries({ purchaseId: 'p-1' })).toEqual([withoutDetails(rechecked)]);
    });
    rawDb(dataDir, (db) => {
      const stored = db.prepare('SELECT summary FROM purchase_summaries').all().map((row) => z.object({ summary: z.string() }).parse(row).summary);
      // Purchases being sent or followed have none: History reads their records.
      expect(db.prepare("SELECT count(*) AS settled FROM purchases WHERE state NOT IN ('submitting', 'pending')").get()).toEqual({ settled: stored.length });
      expect(stored.length).toBeGreaterThan(0);
      for (const summary of stored) expect(Object.keys(z.record(z.string(), z.unknown()).parse(JSON.parse(summary))).filter((key) => followedFields.includes(key))).toEqual([]);
      db.exec('DELETE FROM purchases');
      expect(db.prepare('SELECT count(*) AS left FROM purchase_summaries').get()).toEqual({ left: 0 });
    });
  });

  it('are built for a journal written before they existed, and kept in step from then on', () => {
    const { dataDir, records } = filledJournal(dirs, 30, titles);
    rawDb(dataDir, (db) => {
      db.exec(`DROP TABLE purchase_summaries; DROP TRIGGER purchase_summary_insert; DROP TRIGGER purchase_summary_update; DROP TRIGGER purchase_summary_delete;`);
      // Journals from before the numbered migrations all said schema 1.
      db.exec('PRAGMA user_version = 1');
    });
    withJournal(dataDir, (journal) => {
      expectSummariesMatchRecords(journal);
      const first = records[0];
      if (first === undefined) throw new Error('no records');
      journal.update({ ...first, state: 'cancelled', updatedAt: first.updatedAt + 1 }, 'normal');
      expect(journal.summaries({ purchaseId: first.purchaseId ?? '' }).map((summary) => summary.state)).toEqual(['cancelled']);
    });
  });

  it('list a row whose record is not JSON as the records do (salvaged, marked damaged), without failing its write or the migration', () => {
    const { dataDir, records } = filledJournal(dirs, 10, titles);
    const damaged = records[4];
    if (damaged === undefined) throw new Error('no records');
    rawDb(dataDir, (db) => {
      db.prepare("UPDATE purchases SET record = '{\"id\": broken' WHERE id = ?").run(damaged.id);
      db.exec('DROP TABLE purchase_summaries');
      // Journals from before the numbered migrations all said schema 1.
      db.exec('PRAGMA user_version = 1');
    });
    withJournal(dataDir, (journal) => {
      const listed = journal.summaries({ limit: 100 }).map((summary) => summary.id);
      expect(listed).toEqual(journal.search({ limit: 100 }).map((record) => record.id));
      // A record that does not parse is salvaged in place and shown damaged, never hidden (data.md).
      expect(listed).toHaveLength(10);
      expect(journal.get(damaged.id)?.damaged).toBeDefined();
    });
  });

  it('are read by rowid for the page the indexes chose, not joined over the whole table', () => {
    const { dataDir } = filledJournal(dirs, 20, titles);
    rawDb(dataDir, (db) => {
      const { sql, parameters } = buildHistorySelect({ titleNumber: 'MM786', limit: 10 }, () => [], 'summary');
      const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...parameters).map((row) => z.object({ detail: z.string() }).parse(row).detail).join('\n');
      expect(plan).toMatch(/SEARCH purchases USING (COVERING )?INDEX purchases_by_title/);
      expect(plan).toMatch(/SEARCH purchase_summaries USING INTEGER PRIMARY KEY/);
      expect(plan).not.toMatch(/SCAN|TEMP B-TREE/);
    });
  });
});
