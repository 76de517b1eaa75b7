import type { DatabaseSync } from 'node:sqlite';
import { searchBacklogTable, searchTable, variableNamesTable, variablesTable, variableTimesTable } from '../search/history-search-schema.ts';
import type { JournalMigration } from './journal-migration.ts';
import { migrateStep, type JournalStep as Step } from './journal-step.ts';

// History's free-text search: the title index, its backlog and the variable names (../search/).

const titleTriggers = ['purchase_search_insert', 'purchase_search_update', 'purchase_search_delete'];
const dropTitleTriggers = titleTriggers.map((trigger) => `DROP TRIGGER IF EXISTS ${trigger};`).join(' ');

/**
 * Title numbers and purchase ids (FTS5 trigram: substring search), and the distinct variable IRIs.
 * The title index is kept in step through the backlog (next step), not by triggers of its own.
 */
const titlesAndVariables: Step = {
  tables: [searchTable, variablesTable],
  drop: `DROP TABLE IF EXISTS ${searchTable}; DROP TABLE IF EXISTS ${variablesTable}; ${dropTitleTriggers} DROP TRIGGER IF EXISTS purchase_search_variable;`,
  create: `
CREATE VIRTUAL TABLE ${searchTable} USING fts5 (title_number, purchase_id, tokenize = 'trigram');
CREATE TABLE ${variablesTable} (variable TEXT PRIMARY KEY) WITHOUT ROWID;
CREATE TRIGGER purchase_search_variable AFTER INSERT ON purchase_variables BEGIN
  INSERT OR IGNORE INTO ${variablesTable} (variable) VALUES (new.variable);
END;
INSERT INTO ${searchTable} (rowid, title_number, purchase_id) SELECT rowid, title_number, purchase_id FROM purchases;
INSERT OR IGNORE INTO ${variablesTable} (variable) SELECT DISTINCT variable FROM purchase_variables;
`,
};

/**
 * The purchases whose title or purchase id changed since the title index last took them in. An
 * FTS5 write costs far more in a small transaction than in a large one (each commit writes a
 * segment of its own, later merged), enough to slow a burst of POSTs
 * (docs/decisions/journal/009-history-search-and-summaries.md#the-search-backlog). So a write
 * only notes the rowid here, and the index takes the backlog in bulk a moment later
 * (search-backlog.ts).
 * Searches look at the backlog's purchases as well, so nothing is missed meanwhile
 * (history-search.ts).
 */
const titleBacklog: Step = {
  tables: [searchBacklogTable],
  drop: `DROP TABLE IF EXISTS ${searchBacklogTable}; ${dropTitleTriggers}`,
  create: `
CREATE TABLE ${searchBacklogTable} (purchase_rowid INTEGER PRIMARY KEY);
CREATE TRIGGER purchase_search_insert AFTER INSERT ON purchases BEGIN
  INSERT OR IGNORE INTO ${searchBacklogTable} (purchase_rowid) VALUES (new.rowid);
END;
CREATE TRIGGER purchase_search_update AFTER UPDATE OF title_number, purchase_id ON purchases
  WHEN new.title_number IS NOT old.title_number OR new.purchase_id IS NOT old.purchase_id BEGIN
  INSERT OR IGNORE INTO ${searchBacklogTable} (purchase_rowid) VALUES (new.rowid);
END;
CREATE TRIGGER purchase_search_delete AFTER DELETE ON purchases BEGIN
  DELETE FROM ${searchTable} WHERE rowid = old.rowid;
  DELETE FROM ${searchBacklogTable} WHERE purchase_rowid = old.rowid;
END;
`,
};

/**
 * Variable names: the distinct IRIs in an FTS5 trigram index (a catalog may hold thousands), and
 * for each variable its purchases in order of creation, so that the newest purchases of a variable
 * are read in order from an index instead of collecting and sorting all of them (a common
 * variable is in thousands of purchases).
 */
const variableNames: Step = {
  tables: [variableNamesTable, variableTimesTable],
  drop: `DROP TABLE IF EXISTS ${variableNamesTable}; DROP TABLE IF EXISTS ${variableTimesTable}; DROP TRIGGER IF EXISTS purchase_variable_search_insert;
    DROP TRIGGER IF EXISTS purchase_variable_times_insert; DROP TRIGGER IF EXISTS purchase_variable_times_delete; DROP TRIGGER IF EXISTS purchase_variable_times_purchase_delete;`,
  create: `
CREATE VIRTUAL TABLE ${variableNamesTable} USING fts5 (variable, tokenize = 'trigram');
CREATE TABLE ${variableTimesTable} (
  variable TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  purchase_rowid INTEGER NOT NULL,
  PRIMARY KEY (variable, created_at, purchase_rowid)
) WITHOUT ROWID;
CREATE TRIGGER purchase_variable_search_insert AFTER INSERT ON ${variablesTable} BEGIN
  INSERT INTO ${variableNamesTable} (variable) VALUES (new.variable);
END;
CREATE TRIGGER purchase_variable_times_insert AFTER INSERT ON purchase_variables BEGIN
  INSERT OR IGNORE INTO ${variableTimesTable} (variable, created_at, purchase_rowid)
    SELECT new.variable, created_at, rowid FROM purchases WHERE id = new.purchase_local_id;
END;
CREATE TRIGGER purchase_variable_times_delete AFTER DELETE ON purchase_variables BEGIN
  DELETE FROM ${variableTimesTable} WHERE variable = old.variable
    AND (created_at, purchase_rowid) IN (SELECT created_at, rowid FROM purchases WHERE id = old.purchase_local_id);
END;
CREATE TRIGGER purchase_variable_times_purchase_delete AFTER DELETE ON purchases BEGIN
  DELETE FROM ${variableTimesTable} WHERE variable IN (SELECT variable FROM ${variablesTable})
    AND created_at = old.created_at AND purchase_rowid = old.rowid;
END;
INSERT INTO ${variableNamesTable} (variable) SELECT variable FROM ${variablesTable};
INSERT OR IGNORE INTO ${variableTimesTable} (variable, created_at, purchase_rowid)
  SELECT v.variable, p.created_at, p.rowid FROM purchase_variables v JOIN purchases p ON p.id = v.purchase_local_id;
`,
};

export const historySearch: JournalMigration = {
  version: 2,
  name: 'history search',
  migrate(db: DatabaseSync): void {
    const rebuilt = migrateStep(db, titlesAndVariables, false);
    // The first step drops the title triggers when it is made anew; the backlog's step puts them
    // back (a journal from before the backlog gets it, and its triggers, the first time too).
    migrateStep(db, titleBacklog, rebuilt);
    // This step hangs a trigger on the first one's table of distinct variables: when that table is
    // made anew, so is this step.
    migrateStep(db, variableNames, rebuilt);
  },
};
