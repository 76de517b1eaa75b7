import type { DatabaseSync } from 'node:sqlite';
import type { BatchItem } from '../../../../shared/purchase/batch.ts';

/**
 * The batches' tables live in the journal's file (batch-store.ts writes them), so their
 * definition is the journal's: a damaged journal's batches are salvaged into a fresh one with its
 * purchases (salvage-batches.ts).
 */
export const batchTableStatements = `
CREATE TABLE IF NOT EXISTS batches (
  id TEXT PRIMARY KEY, environment_id TEXT NOT NULL, state TEXT NOT NULL, stopped_by TEXT,
  created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, spec TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS batches_created ON batches (created_at DESC);
CREATE TABLE IF NOT EXISTS batch_items (
  batch_id TEXT NOT NULL REFERENCES batches (id) ON DELETE CASCADE, idx INTEGER NOT NULL,
  state TEXT NOT NULL, item TEXT NOT NULL, PRIMARY KEY (batch_id, idx)
) WITHOUT ROWID;`;

/** A batch's row as salvaged from a damaged journal. */
export interface BatchTableRow {
  readonly id: string;
  readonly environment_id: string;
  readonly state: string;
  readonly stopped_by: string | null;
  readonly created_at: number;
  readonly updated_at: number;
  readonly spec: string;
}

export interface SalvagedBatches {
  readonly batches: BatchTableRow[];
  readonly items: { readonly batchId: string; readonly item: BatchItem }[];
}

export function restoreBatches(db: DatabaseSync, salvaged: SalvagedBatches): void {
  db.exec(batchTableStatements);
  db.exec('BEGIN IMMEDIATE');
  try {
    const batch = db.prepare('INSERT OR REPLACE INTO batches (id, environment_id, state, stopped_by, created_at, updated_at, spec) VALUES (?, ?, ?, ?, ?, ?, ?)');
    for (const row of salvaged.batches) batch.run(row.id, row.environment_id, row.state, row.stopped_by, row.created_at, row.updated_at, row.spec);
    const line = db.prepare('INSERT OR REPLACE INTO batch_items (batch_id, idx, state, item) VALUES (?, ?, ?, ?)');
    for (const { batchId, item } of salvaged.items) line.run(batchId, item.index, item.state, JSON.stringify(item));
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}
