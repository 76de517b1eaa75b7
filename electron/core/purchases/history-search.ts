import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { z } from 'zod';

/**
 * Free-text history search over title number, purchase id and variable IRIs without a
 * LIKE '%…%' scan of every row:
 * - title numbers and purchase ids are indexed by FTS5 with the trigram tokenizer (substring
 *   search, built into node:sqlite); its rows share the rowid of their purchase (the journal
 *   never VACUUMs, which may renumber rowids; should it start to, drop the table and the
 *   migration step rebuilds it);
 * - variables are few (a catalog's worth, against one row per variable per purchase), so they are
 *   matched in a table of the distinct IRIs and their purchases found through the primary key.
 *
 * Triggers keep both in step with the journal, so no write path of the journal has to know about
 * them, and they are created (and filled from existing rows) by their own migration step, keyed on
 * the tables' existence rather than on the journal's schema version.
 *
 * The index only narrows the candidates: the text is then matched with the same LIKE conditions
 * as before, so results are exactly those of the scan (the trigram match folds case for all of
 * Unicode while LIKE folds ASCII only, so the candidates are a superset).
 */
const searchTable = 'purchase_search';
const variablesTable = 'purchase_search_variables';
const tableRowSchema = z.object({ present: z.number() });

const createStatements = `
CREATE VIRTUAL TABLE ${searchTable} USING fts5 (title_number, purchase_id, tokenize = 'trigram');
CREATE TABLE ${variablesTable} (variable TEXT PRIMARY KEY) WITHOUT ROWID;
CREATE TRIGGER purchase_search_insert AFTER INSERT ON purchases BEGIN
  INSERT INTO ${searchTable} (rowid, title_number, purchase_id) VALUES (new.rowid, new.title_number, new.purchase_id);
END;
CREATE TRIGGER purchase_search_update AFTER UPDATE OF title_number, purchase_id ON purchases
  WHEN new.title_number IS NOT old.title_number OR new.purchase_id IS NOT old.purchase_id BEGIN
  UPDATE ${searchTable} SET title_number = new.title_number, purchase_id = new.purchase_id WHERE rowid = new.rowid;
END;
CREATE TRIGGER purchase_search_delete AFTER DELETE ON purchases BEGIN
  DELETE FROM ${searchTable} WHERE rowid = old.rowid;
END;
CREATE TRIGGER purchase_search_variable AFTER INSERT ON purchase_variables BEGIN
  INSERT OR IGNORE INTO ${variablesTable} (variable) VALUES (new.variable);
END;
INSERT INTO ${searchTable} (rowid, title_number, purchase_id) SELECT rowid, title_number, purchase_id FROM purchases;
INSERT OR IGNORE INTO ${variablesTable} (variable) SELECT DISTINCT variable FROM purchase_variables;
`;

/** Creates the index, its triggers and its rows for a journal that has none yet; a no-op after that. */
export function migrateHistorySearch(db: DatabaseSync): void {
  const row = tableRowSchema.parse(db.prepare("SELECT count(*) AS present FROM sqlite_master WHERE type = 'table' AND name IN (?, ?)").get(searchTable, variablesTable));
  if (row.present === 2) return;
  db.exec('BEGIN IMMEDIATE');
  try {
    // A half-made index is rebuilt whole.
    db.exec(`DROP TABLE IF EXISTS ${searchTable}; DROP TABLE IF EXISTS ${variablesTable}; DROP TRIGGER IF EXISTS purchase_search_insert;
      DROP TRIGGER IF EXISTS purchase_search_update; DROP TRIGGER IF EXISTS purchase_search_delete; DROP TRIGGER IF EXISTS purchase_search_variable;`);
    db.exec(createStatements);
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}

/** LIKE treats % and _ as wildcards: a user's text must match literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** An FTS5 phrase: the text as one quoted string, so none of it is read as query syntax. */
function phrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

// The trigram tokenizer cannot look up fewer than three characters.
const shortestIndexed = 3;

/** The WHERE clause of a free-text search: the purchase's own id exactly, or the text anywhere in its title, purchase id or variables. */
export function textSearchClause(text: string): { clause: string; parameters: SQLInputValue[] } {
  const pattern = likePattern(text);
  const fields = `(title_number LIKE ? ESCAPE '\\' OR purchase_id LIKE ? ESCAPE '\\')`;
  const variables = `id IN (SELECT purchase_local_id FROM purchase_variables
      WHERE variable IN (SELECT variable FROM ${variablesTable} WHERE variable LIKE ? ESCAPE '\\'))`;
  // The tokenizer counts code points, as Array.from does.
  if (Array.from(text).length < shortestIndexed) {
    // Too short for the index: title and purchase id are scanned.
    return { clause: `(id = ? OR ${fields} OR ${variables})`, parameters: [text, pattern, pattern, pattern] };
  }
  return {
    clause: `(id = ? OR (rowid IN (SELECT rowid FROM ${searchTable} WHERE ${searchTable} MATCH ?) AND ${fields}) OR ${variables})`,
    parameters: [text, phrase(text), pattern, pattern, pattern],
  };
}
