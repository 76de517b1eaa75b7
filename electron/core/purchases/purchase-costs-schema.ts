import type { DatabaseSync } from 'node:sqlite';
import { migrateStep, type JournalStep } from './journal-step.ts';

/**
 * What each purchase counts for against a budget, kept in step with the journal by triggers so
 * that a budget check reads what changed since the last one instead of adding up the month
 * (spending/spend-tally.ts). Before, every purchase and every batch line read the state, totals
 * and result address of each of the month's purchases: 42–63 ms at 4,000 purchases a month.
 *
 * - purchase_estimates: the catalog price of each purchase, written before it is sent
 *   (spending/ledger.ts).
 * - purchase_costs: what each purchase counts for now, one row per currency, in millionths (sums
 *   of integers, exact). An available purchase counts its totals; one being sent, pending, of
 *   unknown outcome or cancelled counts its estimate until it is known; a failed one counts its
 *   estimate if the service had given it a result address (it may have been charged). A list
 *   that is not an array of { currency: text, value: number } counts for nothing, as zod would
 *   have rejected it.
 * - purchase_cost_changes: each row added to or removed from purchase_costs, numbered. A tally
 *   reads the changes after the last one it saw. The oldest are pruned; purchase_cost_pruned
 *   says up to which number, so that a tally older than that adds up afresh.
 *
 * The hot rewrites of purchases in flight write nothing here. A 202's rewrite sets only the record
 * and its time, which no trigger here watches (each trigger that fires costs a 202 about 3 µs, a
 * sixth of its write). The 303 changes the state, but from one unsettled state to another, which
 * the update trigger's WHEN skips. The record's own fields count only for the states in
 * `costFromRecordStates`, whose rewrites the journal makes with the state in the SET list.
 */
export const costFromRecordStates = ['available', 'failed'] as const;

export const estimatesTable = `CREATE TABLE IF NOT EXISTS purchase_estimates (
  purchase_local_id TEXT PRIMARY KEY,
  environment_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  cost TEXT NOT NULL
)`;

const unsettled = "('submitting', 'pending', 'outcome_unknown', 'cancelled')";

/** `json` when it is JSON text holding an array, else an empty array; never an error inside a journal write. */
const arrayOr = (json: string): string => `iif(json_valid(${json}), iif(json_type(${json}) = 'array', ${json}, '[]'), '[]')`;
const field = (path: string): string => `iif(json_valid(p.record), json_extract(p.record, '${path}'), NULL)`;

const costLists = `
CREATE VIEW purchase_cost_lists AS
SELECT p.id, p.environment_id, p.created_at, ${arrayOr(`CASE
    WHEN p.state = 'available' THEN ${field('$.totals')}
    WHEN p.state IN ${unsettled} THEN e.cost
    WHEN p.state = 'failed' AND ${field('$.resultUrl')} IS NOT NULL THEN e.cost
  END`)} AS cost
FROM purchases p LEFT JOIN purchase_estimates e ON e.purchase_local_id = p.id`;

const costItems = `
CREATE VIEW purchase_cost_items AS
SELECT l.id, l.environment_id, l.created_at, json_extract(i.value, '$.currency') AS currency,
  CAST(round(json_extract(i.value, '$.value') * 1000000) AS INTEGER) AS micros
FROM purchase_cost_lists l, json_each(l.cost) i
WHERE NOT EXISTS (SELECT 1 FROM json_each(l.cost) j WHERE CASE WHEN j.type = 'object'
  THEN json_type(j.value, '$.currency') IS NOT 'text' OR json_type(j.value, '$.value') NOT IN ('integer', 'real') ELSE 1 END)`;

const refresh = (id: string): string => `
  DELETE FROM purchase_costs WHERE purchase_local_id = ${id};
  INSERT INTO purchase_costs (purchase_local_id, environment_id, created_at, currency, micros)
    SELECT id, environment_id, created_at, currency, micros FROM purchase_cost_items WHERE id = ${id};`;

const triggers = ['purchase_costs_insert', 'purchase_costs_update', 'purchase_costs_delete', 'purchase_costs_estimate', 'purchase_costs_added', 'purchase_costs_removed'];

const costs: JournalStep = {
  tables: ['purchase_cost_lists', 'purchase_cost_items', 'purchase_costs', 'purchase_cost_changes', 'purchase_cost_pruned'],
  drop: `DROP VIEW IF EXISTS purchase_cost_items; DROP VIEW IF EXISTS purchase_cost_lists; DROP TABLE IF EXISTS purchase_costs;
    DROP TABLE IF EXISTS purchase_cost_changes; DROP TABLE IF EXISTS purchase_cost_pruned;
    ${triggers.map((trigger) => `DROP TRIGGER IF EXISTS ${trigger};`).join(' ')}`,
  create: `${costLists};
${costItems};
CREATE TABLE purchase_costs (
  purchase_local_id TEXT NOT NULL,
  environment_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  currency TEXT NOT NULL,
  micros INTEGER NOT NULL
);
CREATE INDEX purchase_costs_of_purchase ON purchase_costs (purchase_local_id);
CREATE INDEX purchase_costs_by_time ON purchase_costs (environment_id, created_at, currency, micros);
INSERT INTO purchase_costs (purchase_local_id, environment_id, created_at, currency, micros)
  SELECT id, environment_id, created_at, currency, micros FROM purchase_cost_items;
CREATE TABLE purchase_cost_changes (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  environment_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  currency TEXT NOT NULL,
  micros INTEGER NOT NULL,
  purchases INTEGER NOT NULL
);
CREATE TABLE purchase_cost_pruned (id INTEGER PRIMARY KEY CHECK (id = 1), through INTEGER NOT NULL);
INSERT INTO purchase_cost_pruned (id, through) VALUES (1, 0);
CREATE TRIGGER purchase_costs_added AFTER INSERT ON purchase_costs BEGIN
  INSERT INTO purchase_cost_changes (environment_id, created_at, currency, micros, purchases)
    VALUES (new.environment_id, new.created_at, new.currency, new.micros, 1);
END;
CREATE TRIGGER purchase_costs_removed AFTER DELETE ON purchase_costs BEGIN
  INSERT INTO purchase_cost_changes (environment_id, created_at, currency, micros, purchases)
    VALUES (old.environment_id, old.created_at, old.currency, -old.micros, -1);
END;
-- An INSERT OR REPLACE (a salvaged journal's rows) fires no delete trigger: refresh deletes first.
CREATE TRIGGER purchase_costs_insert AFTER INSERT ON purchases BEGIN ${refresh('new.id')} END;
CREATE TRIGGER purchase_costs_update AFTER UPDATE OF environment_id, state, created_at ON purchases
  WHEN NOT (old.state IN ${unsettled} AND new.state IN ${unsettled} AND old.environment_id = new.environment_id AND old.created_at = new.created_at)
  BEGIN ${refresh('new.id')} END;
CREATE TRIGGER purchase_costs_delete AFTER DELETE ON purchases BEGIN
  DELETE FROM purchase_costs WHERE purchase_local_id = old.id;
END;
CREATE TRIGGER purchase_costs_estimate AFTER INSERT ON purchase_estimates BEGIN ${refresh('new.purchase_local_id')} END;
`,
};

/** Creates the estimates table and the cost tables in a journal that lacks them; a no-op after that. */
export function migratePurchaseCosts(db: DatabaseSync): void {
  db.exec(estimatesTable);
  migrateStep(db, costs, false);
}
