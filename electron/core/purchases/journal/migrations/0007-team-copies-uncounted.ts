import type { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import type { JournalMigration } from './journal-migration.ts';
import { costLists } from './0004-purchase-costs.ts';
import { migrateStep, type JournalStep } from './journal-step.ts';

/**
 * This desk's budgets count what this desk bought. Another desk's purchase copied here (an
 * imported record with `team`, electron/core/team-desk/team-copy.ts) counts for nothing against
 * them: the team's budget, in the team database, is the one that counts the whole team. Other
 * imported records (a history import from another machine, without `team`) count as before.
 *
 * purchase_cost_lists is made again from 0004-purchase-costs.ts's text, leaving the copies out;
 * the triggers and purchase_cost_items read it by name, so they are unchanged and still skip the
 * hot 202 rewrite (docs/decisions/022-team-copies-off-local-budgets.md).
 */

/** A copy of another desk's purchase: `imported: true` and a `team` field. */
const teamCopy = `iif(json_valid(p.record), json_extract(p.record, '$.imported') IS 1 AND json_extract(p.record, '$.team') IS NOT NULL, 0)`;

const costListsStep: JournalStep = {
  tables: ['purchase_cost_lists'],
  drop: 'DROP VIEW IF EXISTS purchase_cost_lists;',
  create: `${costLists}
WHERE NOT ${teamCopy}`,
};

/**
 * What the views say each purchase counts for now, against what purchase_costs holds: each row
 * that differs is taken out or put in with a numbered change, as the triggers write them, so a
 * tally reading the changes stays exact.
 */
const retally = `
CREATE TEMP TABLE purchase_costs_retallied (
  environment_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  purchase_rowid INTEGER NOT NULL,
  currency TEXT NOT NULL,
  micros INTEGER NOT NULL,
  PRIMARY KEY (environment_id, created_at, purchase_rowid, currency)
) WITHOUT ROWID;
INSERT INTO temp.purchase_costs_retallied (environment_id, created_at, purchase_rowid, currency, micros)
  SELECT environment_id, created_at, purchase_rowid, currency, sum(micros) FROM purchase_cost_items GROUP BY purchase_rowid, currency;
INSERT INTO purchase_cost_changes (environment_id, created_at, currency, micros, purchases)
  SELECT c.environment_id, c.created_at, c.currency, -c.micros, -1 FROM purchase_costs c
  WHERE NOT EXISTS (SELECT 1 FROM temp.purchase_costs_retallied r WHERE r.environment_id = c.environment_id AND r.created_at = c.created_at
    AND r.purchase_rowid = c.purchase_rowid AND r.currency = c.currency AND r.micros = c.micros);
DELETE FROM purchase_costs AS c
  WHERE NOT EXISTS (SELECT 1 FROM temp.purchase_costs_retallied r WHERE r.environment_id = c.environment_id AND r.created_at = c.created_at
    AND r.purchase_rowid = c.purchase_rowid AND r.currency = c.currency AND r.micros = c.micros);
INSERT INTO purchase_cost_changes (environment_id, created_at, currency, micros, purchases)
  SELECT r.environment_id, r.created_at, r.currency, r.micros, 1 FROM temp.purchase_costs_retallied r
  WHERE NOT EXISTS (SELECT 1 FROM purchase_costs c WHERE c.environment_id = r.environment_id AND c.created_at = r.created_at
    AND c.purchase_rowid = r.purchase_rowid AND c.currency = r.currency);
INSERT INTO purchase_costs (environment_id, created_at, purchase_rowid, currency, micros)
  SELECT r.environment_id, r.created_at, r.purchase_rowid, r.currency, r.micros FROM temp.purchase_costs_retallied r
  WHERE NOT EXISTS (SELECT 1 FROM purchase_costs c WHERE c.environment_id = r.environment_id AND c.created_at = r.created_at
    AND c.purchase_rowid = r.purchase_rowid AND c.currency = r.currency);
DROP TABLE temp.purchase_costs_retallied;`;

const lastRowSchema = z.object({ last: z.number() });
const lastChange = (db: DatabaseSync): number => lastRowSchema.parse(db.prepare('SELECT coalesce(max(seq), 0) AS last FROM purchase_cost_changes').get()).last;

export const teamCopiesUncounted: JournalMigration = {
  version: 7,
  name: 'team copies uncounted',
  migrate(db: DatabaseSync): void {
    migrateStep(db, costListsStep, true);
    const before = lastChange(db);
    db.exec(retally);
    const after = lastChange(db);
    // A tally another process holds adds up afresh from purchase_costs (spend-tally.ts) rather
    // than reading what may be thousands of changes.
    if (after > before) db.prepare('UPDATE purchase_cost_pruned SET through = ? WHERE id = 1').run(after);
  },
};
