import { existsSync, readFileSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import { batchItemSchema, batchSpecSchema, batchStates, batchItemStates, type BatchItem, type BatchItemState } from '../../../../../shared/purchase/batch.ts';
import { backupPaths, openBackupReadOnly } from '../journal-backup.ts';
import type { BatchTableRow, SalvagedBatches } from '../journal-batch-tables.ts';
import { objectAcrossPages, RawPages } from './overflow-chains.ts';
import { eachRow, openCopyReadOnly } from './salvage-sources.ts';

/**
 * A damaged journal's batches, salvaged like its purchases: the damaged file's rows read through
 * SQLite are its last word; for what they lack, the backups and the raw texts of its pages and
 * WAL, each line the copy that went furthest (a purchase tied to it, then its purchase ID, then
 * its state), each batch its newest row.
 */
const batchRowSchema = z.object({
  id: z.string(),
  environment_id: z.string(),
  state: z.enum(batchStates),
  stopped_by: z.string().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
  spec: z.string(),
});
const itemRowSchema = z.object({ batch_id: z.string(), idx: z.number(), item: z.string() });
type Line = { readonly batchId: string; readonly item: BatchItem };

const lineStage: Record<BatchItemState, number> = { queued: 0, sending: 1, pending: 2, available: 3, reused: 3, refused: 3, failed: 3, unknown: 3, cancelled: 3 };

function further(a: BatchItem, b: BatchItem): boolean {
  const rank = (item: BatchItem): number[] => [Number(item.purchaseLocalId !== null), Number(item.purchaseId !== null), lineStage[item.state]];
  const [x, y] = [rank(a), rank(b)];
  const differs = x.findIndex((value, index) => value !== y[index]);
  return differs !== -1 && (x[differs] ?? 0) > (y[differs] ?? 0);
}

function parseJson<T>(text: string, schema: z.ZodType<T>): T | undefined {
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

class Found {
  readonly batches = new Map<string, BatchTableRow & { current: boolean }>();
  readonly lines = new Map<string, Line & { current: boolean }>();

  batch(row: BatchTableRow, current: boolean): void {
    const known = this.batches.get(row.id);
    if (known === undefined || (!known.current && (current || row.updated_at > known.updated_at))) this.batches.set(row.id, { ...row, current });
  }

  line(batchId: string, item: BatchItem, current: boolean): void {
    const key = `${batchId}\u0000${String(item.index)}`;
    const known = this.lines.get(key);
    if (known === undefined || (!known.current && (current || further(item, known.item)))) this.lines.set(key, { batchId, item, current });
  }
}

function readDatabase(db: DatabaseSync, found: Found, current: boolean): void {
  eachRow(db, 'SELECT * FROM batches ORDER BY rowid $order', (row) => {
    const parsed = batchRowSchema.safeParse(row);
    if (parsed.success && parseJson(parsed.data.spec, batchSpecSchema) !== undefined) found.batch(parsed.data, current);
  });
  eachRow(db, 'SELECT batch_id, idx, item FROM batch_items ORDER BY batch_id $order, idx $order', (row) => {
    const parsed = itemRowSchema.safeParse(row);
    const item = parsed.success ? parseJson(parsed.data.item, batchItemSchema) : undefined;
    if (parsed.success && item?.index === parsed.data.idx) found.line(parsed.data.batch_id, item, current);
  });
}

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
// In SQLite's row format a row's values follow one another: a line's item text comes right after
// its batch id (36 characters), its index (0 to 2 bytes) and its state; a batch's spec right after
// its id, environment, state, stopped_by and two 6-byte times (created, updated).
const linePrefix = new RegExp(`(${uuid})[\\s\\S]{0,2}(${batchItemStates.join('|')})$`);
const batchPrefix = new RegExp(`(${uuid})([\\x20-\\x7e]{1,64}?)(${batchStates.join('|')})(budget)?$`);

/** Each whole JSON text starting with `marker`, read on across overflow pages (overflow-chains.ts). */
function eachText(bytes: Buffer, pages: RawPages, marker: string, visit: (start: number, text: string) => void): void {
  const needle = Buffer.from(marker, 'utf8');
  for (let start = bytes.indexOf(needle); start !== -1; start = bytes.indexOf(needle, start + 1)) {
    const text = objectAcrossPages(bytes, start, pages);
    if (text !== undefined) visit(start, text);
  }
}

function scanPages(bytes: Buffer, pages: RawPages, found: Found): void {
  eachText(bytes, pages, '{"index":', (start, text) => {
    const item = parseJson(text, batchItemSchema);
    const prefix = linePrefix.exec(bytes.subarray(Math.max(0, start - 48), start).toString('latin1'));
    if (item !== undefined && prefix?.[1] !== undefined && prefix[2] === item.state) found.line(prefix[1], item, false);
  });
  eachText(bytes, pages, '{"environmentId":', (start, spec) => {
    if (start < 12 || parseJson(spec, batchSpecSchema) === undefined) return;
    const prefix = batchPrefix.exec(bytes.subarray(Math.max(0, start - 140), start - 12).toString('latin1'));
    const state = z.enum(batchStates).safeParse(prefix?.[3]);
    if (prefix?.[1] === undefined || prefix[2] === undefined || !state.success) return;
    found.batch({
      id: prefix[1], environment_id: prefix[2], state: state.data, stopped_by: prefix[4] ?? null,
      created_at: bytes.readUIntBE(start - 12, 6), updated_at: bytes.readUIntBE(start - 6, 6), spec,
    }, false);
  });
}

const unconfirmedReason = 'Damaged: check before buying. The purchase journal was damaged and this line\'s last state could not be read: ' +
  'it may have been bought. Check with the service before buying this title again.';

/**
 * A line found only in an older copy may have gone further since. Tied to a purchase, it follows
 * that purchase's journal state when the batch resumes (batch-runner.ts); still queued, it would
 * be sent again, so it becomes of unknown outcome instead: never bought twice on an old copy's word.
 */
function unconfirmed(item: BatchItem): BatchItem {
  return item.state === 'queued' && item.purchaseLocalId === null ? { ...item, state: 'unknown', reason: unconfirmedReason } : item;
}

export function salvageBatches(copyPath: string, dataDir: string): SalvagedBatches {
  const found = new Found();
  for (const [path, open, current] of [[copyPath, openCopyReadOnly, true], ...backupPaths(dataDir).map((backup) => [backup, openBackupReadOnly, false] as const)] as const) {
    let db: DatabaseSync;
    try {
      db = open(path);
    } catch {
      continue;
    }
    try {
      readDatabase(db, found, current);
    } finally {
      db.close();
    }
  }
  // A text in the file continues on the file's pages; one in the WAL on the WAL's newer pages first.
  const file = existsSync(copyPath) ? readFileSync(copyPath) : Buffer.alloc(0);
  scanPages(file, new RawPages(file), found);
  if (existsSync(`${copyPath}-wal`)) {
    const wal = readFileSync(`${copyPath}-wal`);
    scanPages(wal, new RawPages(file, wal), found);
  }
  // A line whose batch was found nowhere cannot be run or shown; its purchase is in the journal all the same.
  const batches = [...found.batches.values()].map(({ id, environment_id, state, stopped_by, created_at, updated_at, spec }) => ({ id, environment_id, state, stopped_by, created_at, updated_at, spec }));
  const lines = [...found.lines.values()].filter((line) => found.batches.has(line.batchId)).map(({ batchId, item, current }) => ({ batchId, item: current ? item : unconfirmed(item) }));
  return { batches, items: lines };
}
