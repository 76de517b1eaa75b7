import type { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import { afterFailedTransaction } from '../../../files/disk-full.ts';
import { parseRecord } from '../journal-rows.ts';
import type { SalvagedRow } from './salvage-merge.ts';
import { gatherCopies } from './salvage-sources.ts';

/**
 * A file SQLite finds sound can still hold a row whose record text does not parse (bytes changed
 * inside it: quick_check reads the pages, not what a row says). Such a purchase was hidden, and a
 * hidden paid purchase invites buying the title again. Each one is salvaged in place like a
 * damaged journal's purchases (salvage-merge.ts): the furthest whole copy found elsewhere when
 * nothing says it went further, else "Damaged: check before buying" with every fact the row's
 * columns, indexes, old page texts, backups and rescue file keep (its purchase ID above all).
 * The damage may have reached the row's id too: rows are taken by rowid, and every purchase a copy
 * knows that the journal no longer holds is put back (a purchase is never deleted from it).
 */
const rowSchema = z.object({ rid: z.number(), id: z.string(), record: z.string().nullable() });

export interface UnreadableRows {
  readonly rowids: readonly number[];
  /** Their id columns, as read (damaged ones included). */
  readonly ids: readonly string[];
}

/** Rows whose record does not parse, or is another purchase's. */
export function findUnreadableRows(db: DatabaseSync): UnreadableRows {
  const rowids: number[] = [];
  const ids: string[] = [];
  for (const row of db.prepare('SELECT rowid AS rid, id, record FROM purchases').iterate()) {
    const parsed = rowSchema.safeParse(row);
    if (parsed.success && parseRecord({ record: parsed.data.record })?.id !== parsed.data.id) {
      rowids.push(parsed.data.rid);
      ids.push(parsed.data.id);
    }
  }
  return { rowids, ids };
}

export interface RepairedRows {
  /** The purchases written back, by local id. */
  readonly ids: readonly string[];
  /** How many of them are marked damaged (the rest were found whole elsewhere, as last written). */
  readonly damaged: number;
  readonly total: number;
}

/** Replaces the unreadable rows of the journal at `path` (open as `db`) with what salvage makes of their purchases. */
export function salvageUnreadableRows(db: DatabaseSync, path: string, dataDir: string, unreadable: UnreadableRows): RepairedRows {
  const { rows } = gatherCopies(path, dataDir).merge();
  const remove = db.prepare('DELETE FROM purchases WHERE rowid = ?');
  const present = db.prepare('SELECT 1 AS found FROM purchases WHERE id = ? OR (purchase_id IS NOT NULL AND purchase_id = ?)');
  const insert = db.prepare(`INSERT INTO purchases (id, environment_id, title_number, purchase_id, state, created_at, updated_at, record, result_body)
                             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const variable = db.prepare('INSERT OR IGNORE INTO purchase_variables (variable, purchase_local_id) VALUES (?, ?)');
  const written: string[] = [];
  let damaged = 0;
  const put = (row: SalvagedRow): void => {
    insert.run(row.id, row.environment_id, row.title_number, row.purchase_id, row.state, row.created_at, row.updated_at, row.record, row.result_body);
    const record = parseRecord({ record: row.record });
    for (const name of record?.variables ?? []) variable.run(name, row.id);
    if (record?.damaged !== undefined) damaged += 1;
    written.push(row.id);
  };
  db.exec('BEGIN IMMEDIATE');
  try {
    for (const rowid of unreadable.rowids) remove.run(rowid);
    // Every purchase found that the journal no longer holds (a row whose id the damage reached comes under a new id: salvage-merge.ts).
    for (const row of rows) if (present.get(row.id, row.purchase_id) === undefined) put(row);
    db.exec('COMMIT');
  } catch (error) {
    throw afterFailedTransaction(db, error);
  }
  const total = z.object({ n: z.number() }).safeParse(db.prepare('SELECT COUNT(*) AS n FROM purchases').get()).data?.n ?? written.length;
  return { ids: written, damaged, total };
}
