import type { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import { afterFailedTransaction } from '../files/disk-full.ts';
import { batchItemSchema, batchStateSchema, type BatchItem, type BatchItemState } from '../../../shared/batch.ts';
import { backupPaths, openBackupReadOnly } from './journal-backup.ts';
import { eachRow, openCopyReadOnly } from './salvage-sources.ts';

/**
 * The batches' tables live in the journal's file (batch-store.ts writes them), so a damaged
 * journal's batches are salvaged with its purchases, by the same rule: from the damaged file and
 * every backup, each line the copy that went furthest (a purchase tied to it, then its purchase
 * ID, then its state), each batch its newest row.
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

const batchRowSchema = z.object({
  id: z.string(),
  environment_id: z.string(),
  state: batchStateSchema,
  stopped_by: z.string().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
  spec: z.string(),
});
type BatchTableRow = z.infer<typeof batchRowSchema>;
const itemRowSchema = z.object({ batch_id: z.string(), idx: z.number(), item: z.string() });

export interface SalvagedBatches {
  readonly batches: BatchTableRow[];
  readonly items: { readonly batchId: string; readonly item: BatchItem }[];
}

const lineStage: Record<BatchItemState, number> = { queued: 0, sending: 1, pending: 2, available: 3, reused: 3, refused: 3, failed: 3, unknown: 3, cancelled: 3 };

function lineRank(item: BatchItem): number[] {
  return [Number(item.purchaseLocalId !== null), Number(item.purchaseId !== null), lineStage[item.state]];
}

function further(a: BatchItem, b: BatchItem): boolean {
  const [x, y] = [lineRank(a), lineRank(b)];
  const differs = x.findIndex((value, index) => value !== y[index]);
  return differs !== -1 && (x[differs] ?? 0) > (y[differs] ?? 0);
}

function parseItem(text: string): BatchItem | undefined {
  try {
    const parsed = batchItemSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function readInto(db: DatabaseSync, batches: Map<string, BatchTableRow>, items: Map<string, { batchId: string; item: BatchItem }>): void {
  eachRow(db, 'SELECT * FROM batches ORDER BY rowid $order', (row) => {
    const parsed = batchRowSchema.safeParse(row);
    if (!parsed.success) return;
    const known = batches.get(parsed.data.id);
    if (known === undefined || parsed.data.updated_at > known.updated_at) batches.set(parsed.data.id, parsed.data);
  });
  eachRow(db, 'SELECT batch_id, idx, item FROM batch_items ORDER BY batch_id $order, idx $order', (row) => {
    const parsed = itemRowSchema.safeParse(row);
    const item = parsed.success ? parseItem(parsed.data.item) : undefined;
    if (!parsed.success || item === undefined) return;
    const key = `${parsed.data.batch_id}\u0000${String(parsed.data.idx)}`;
    const known = items.get(key);
    if (known === undefined || further(item, known.item)) items.set(key, { batchId: parsed.data.batch_id, item });
  });
}

/** The damaged journal's copy is read first: where copies are equal, its lines are the last word. */
export function salvageBatches(copyPath: string, dataDir: string): SalvagedBatches {
  const batches = new Map<string, BatchTableRow>();
  const items = new Map<string, { batchId: string; item: BatchItem }>();
  for (const [path, open] of [[copyPath, openCopyReadOnly], ...backupPaths(dataDir).map((backup) => [backup, openBackupReadOnly] as const)] as const) {
    let db: DatabaseSync;
    try {
      db = open(path);
    } catch {
      continue;
    }
    try {
      readInto(db, batches, items);
    } finally {
      db.close();
    }
  }
  // A line whose batch was found nowhere cannot be run or shown; its purchase is in the journal all the same.
  return { batches: [...batches.values()], items: [...items.values()].filter((line) => batches.has(line.batchId)) };
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
    throw afterFailedTransaction(db, error);
  }
}
