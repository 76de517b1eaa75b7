import type { DatabaseSync } from 'node:sqlite';
import { migrateStep, type JournalStep } from './journal-step.ts';
import type { JournalMigration } from './journal-migration.ts';

/**
 * What each purchase counts for against a budget, kept in step with the journal by triggers so
 * that a budget check reads what changed since the last one instead of adding up the month
 * (electron/core/spending/spend-tally.ts): a purchase then costs the same however full the month
 * is (docs/decisions/008-flat-cost-per-purchase.md#the-spending-tally).
 *
 * - purchase_estimates: the catalog price of each purchase, written before it is sent
 *   (electron/core/spending/ledger.ts).
 * - purchase_costs: what each purchase counts for now, one row per currency, in millionths (sums
 *   of integers, exact). One b-tree, keyed by environment and time for the sums, then by the
 *   purchase's rowid like History's tables (history-search-schema.ts): each index more would slow
 *   every purchase's intent, and a purchase settles soon after it is made, so its rows are near
 *   the end of the tree. An available purchase counts its totals; one being sent, pending, of
 *   unknown outcome or cancelled counts its estimate until it is known; a failed one counts its
 *   estimate if the service had given it a result address (it may have been charged). A list
 *   that is not an array of { currency: text, value: number } counts for nothing, as zod would
 *   have rejected it.
 * - purchase_cost_changes: each row added to or removed from purchase_costs, numbered. A tally
 *   reads the changes after the last one it saw. The oldest are pruned, never the newest, so a
 *   number is never given twice; purchase_cost_pruned says up to which number, so that a tally
 *   older than that adds up afresh.
 *
 * The hot rewrites of purchases in flight write nothing here. A 202's rewrite sets only the record
 * and its time, which no trigger here watches (a trigger that fired would be a sizeable share of
 * the 202's write; docs/decisions/008-flat-cost-per-purchase.md#the-spending-tally). The 303
 * changes the state, but from one unsettled state to another, which the update trigger's WHEN
 * skips. The record's own fields count only for the states in `costFromRecordStates`, whose
 * rewrites the journal makes with the state in the SET list.
 */
export const costFromRecordStates = ['available', 'failed'] as const;

const estimatesTable = `CREATE TABLE IF NOT EXISTS purchase_estimates (
  purchase_local_id TEXT PRIMARY KEY,
  environment_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  cost TEXT NOT NULL
)`;

const unsettled = "('submitting', 'pending', 'outcome_unknown', 'cancelled')";

/** `json` when it is JSON text holding an array, else an empty array; never an error inside a journal write. */
const arrayOr = (json: string): string => `iif(json_valid(${json}), iif(json_type(${json}) = 'array', ${json}, '[]'), '[]')`;
const field = (path: string): string => `iif(json_valid(p.record), json_extract(p.record, '${path}'), NULL)`;

/** The view as 0004 made it; 0007 makes it again from this text, leaving other desks' copies out. */
export const costLists = `
CREATE VIEW purchase_cost_lists AS
SELECT p.rowid AS purchase_rowid, p.environment_id, p.created_at, ${arrayOr(`CASE
    WHEN p.state = 'available' THEN ${field('$.totals')}
    WHEN p.state IN ${unsettled} THEN e.cost
    WHEN p.state = 'failed' AND ${field('$.resultUrl')} IS NOT NULL THEN e.cost
  END`)} AS cost
FROM purchases p LEFT JOIN purchase_estimates e ON e.purchase_local_id = p.id`;

const costItems = `
CREATE VIEW purchase_cost_items AS
SELECT l.purchase_rowid, l.environment_id, l.created_at, json_extract(i.value, '$.currency') AS currency,
  CAST(round(json_extract(i.value, '$.value') * 1000000) AS INTEGER) AS micros
FROM purchase_cost_lists l, json_each(l.cost) i
WHERE NOT EXISTS (SELECT 1 FROM json_each(l.cost) j WHERE CASE WHEN j.type = 'object'
  THEN json_type(j.value, '$.currency') IS NOT 'text' OR json_type(j.value, '$.value') NOT IN ('integer', 'real') ELSE 1 END)`;

/**
 * A purchase's rows, found through the table's key. The changes are written by the triggers on
 * purchases themselves, not by triggers on purchase_costs: a trigger fired from inside another
 * costs far more (docs/decisions/008-flat-cost-per-purchase.md#the-spending-tally).
 */
interface PurchaseKey {
  readonly environmentId: string;
  readonly createdAt: string;
  readonly rowid: string;
}
const ofPurchase = (key: PurchaseKey): string => `environment_id = ${key.environmentId} AND created_at = ${key.createdAt} AND purchase_rowid = ${key.rowid}`;
const removeCosts = (key: PurchaseKey): string => `
  INSERT INTO purchase_cost_changes (environment_id, created_at, currency, micros, purchases)
    SELECT environment_id, created_at, currency, -micros, -1 FROM purchase_costs WHERE ${ofPurchase(key)};
  DELETE FROM purchase_costs WHERE ${ofPurchase(key)};`;
const addCosts = (key: PurchaseKey): string => `
  INSERT INTO purchase_costs (environment_id, created_at, purchase_rowid, currency, micros)
    SELECT environment_id, created_at, purchase_rowid, currency, sum(micros) FROM purchase_cost_items WHERE purchase_rowid = ${key.rowid} GROUP BY currency;
  INSERT INTO purchase_cost_changes (environment_id, created_at, currency, micros, purchases)
    SELECT environment_id, created_at, currency, micros, 1 FROM purchase_costs WHERE ${ofPurchase(key)};`;
const newRow: PurchaseKey = { environmentId: 'new.environment_id', createdAt: 'new.created_at', rowid: 'new.rowid' };
const oldRow: PurchaseKey = { environmentId: 'old.environment_id', createdAt: 'old.created_at', rowid: 'old.rowid' };
const estimated = (column: string): string => `(SELECT ${column} FROM purchases WHERE id = new.purchase_local_id)`;
const estimatedRow: PurchaseKey = { environmentId: estimated('environment_id'), createdAt: estimated('created_at'), rowid: estimated('rowid') };

const triggers = ['purchase_costs_insert', 'purchase_costs_update', 'purchase_costs_delete', 'purchase_costs_estimate'];

const costs: JournalStep = {
  tables: ['purchase_cost_lists', 'purchase_cost_items', 'purchase_costs', 'purchase_cost_changes', 'purchase_cost_pruned'],
  drop: `DROP VIEW IF EXISTS purchase_cost_items; DROP VIEW IF EXISTS purchase_cost_lists; DROP TABLE IF EXISTS purchase_costs;
    DROP TABLE IF EXISTS purchase_cost_changes; DROP TABLE IF EXISTS purchase_cost_pruned;
    ${triggers.map((trigger) => `DROP TRIGGER IF EXISTS ${trigger};`).join(' ')}`,
  create: `${costLists};
${costItems};
CREATE TABLE purchase_costs (
  environment_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  purchase_rowid INTEGER NOT NULL,
  currency TEXT NOT NULL,
  micros INTEGER NOT NULL,
  PRIMARY KEY (environment_id, created_at, purchase_rowid, currency)
) WITHOUT ROWID;
INSERT INTO purchase_costs (environment_id, created_at, purchase_rowid, currency, micros)
  SELECT environment_id, created_at, purchase_rowid, currency, sum(micros) FROM purchase_cost_items GROUP BY purchase_rowid, currency;
CREATE TABLE purchase_cost_changes (
  seq INTEGER PRIMARY KEY,
  environment_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  currency TEXT NOT NULL,
  micros INTEGER NOT NULL,
  purchases INTEGER NOT NULL
);
CREATE TABLE purchase_cost_pruned (id INTEGER PRIMARY KEY CHECK (id = 1), through INTEGER NOT NULL);
INSERT INTO purchase_cost_pruned (id, through) VALUES (1, 0);
-- A new row has a new rowid, with no costs yet: every insert is a plain INSERT (or OR IGNORE).
CREATE TRIGGER purchase_costs_insert AFTER INSERT ON purchases BEGIN ${addCosts(newRow)} END;
CREATE TRIGGER purchase_costs_update AFTER UPDATE OF environment_id, state, created_at ON purchases
  WHEN NOT (old.state IN ${unsettled} AND new.state IN ${unsettled} AND old.environment_id = new.environment_id AND old.created_at = new.created_at)
  BEGIN ${removeCosts(oldRow)} ${addCosts(newRow)} END;
CREATE TRIGGER purchase_costs_delete AFTER DELETE ON purchases BEGIN ${removeCosts(oldRow)} END;
-- An estimate is written before its purchase exists, except when a purchase is priced again.
CREATE TRIGGER purchase_costs_estimate AFTER INSERT ON purchase_estimates WHEN EXISTS (SELECT 1 FROM purchases WHERE id = new.purchase_local_id)
  BEGIN ${removeCosts(estimatedRow)} ${addCosts(estimatedRow)} END;
`,
};

/** The estimates table and the cost tables, made in a journal that lacks them. */
export const purchaseCosts: JournalMigration = {
  version: 4,
  name: 'purchase costs',
  migrate(db: DatabaseSync): void {
    db.exec(estimatesTable);
    migrateStep(db, costs, false);
  },
};
