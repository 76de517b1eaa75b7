import type { DatabaseSync } from 'node:sqlite';
import { inFlightStateList, summariesTable, summaryOf } from '../search/history-search-schema.ts';
import type { JournalMigration } from './journal-migration.ts';
import { migrateStep, type JournalStep as Step } from './journal-step.ts';

/**
 * History's rows (PurchaseSummary, ../search/history-search-schema.ts), written by triggers only
 * for purchases that are neither being sent nor followed: those are rewritten many times a second
 * at scale, and History reads their few records whole instead (../search/history-query.ts).
 */
const inFlight = inFlightStateList;
const summaries: Step = {
  tables: [summariesTable],
  drop: `DROP TABLE IF EXISTS ${summariesTable}; DROP TRIGGER IF EXISTS purchase_summary_insert; DROP TRIGGER IF EXISTS purchase_summary_update;
    DROP TRIGGER IF EXISTS purchase_summary_in_flight; DROP TRIGGER IF EXISTS purchase_summary_delete;`,
  create: `
CREATE TABLE ${summariesTable} (purchase_rowid INTEGER PRIMARY KEY, summary TEXT);
CREATE TRIGGER purchase_summary_insert AFTER INSERT ON purchases WHEN new.state NOT IN ${inFlight} BEGIN
  INSERT OR REPLACE INTO ${summariesTable} (purchase_rowid, summary) VALUES (new.rowid, ${summaryOf('new.record')});
END;
CREATE TRIGGER purchase_summary_update AFTER UPDATE OF title_number, purchase_id, state ON purchases WHEN new.state NOT IN ${inFlight} BEGIN
  INSERT OR REPLACE INTO ${summariesTable} (purchase_rowid, summary) VALUES (new.rowid, ${summaryOf('new.record')});
END;
CREATE TRIGGER purchase_summary_in_flight AFTER UPDATE OF state ON purchases WHEN new.state IN ${inFlight} BEGIN
  DELETE FROM ${summariesTable} WHERE purchase_rowid = new.rowid;
END;
CREATE TRIGGER purchase_summary_delete AFTER DELETE ON purchases BEGIN
  DELETE FROM ${summariesTable} WHERE purchase_rowid = old.rowid;
END;
INSERT INTO ${summariesTable} (purchase_rowid, summary) SELECT rowid, ${summaryOf('record')} FROM purchases WHERE state NOT IN ${inFlight};
`,
};

export const historySummaries: JournalMigration = {
  version: 3,
  name: 'history summaries',
  migrate(db: DatabaseSync): void {
    migrateStep(db, summaries, false);
  },
};
