import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { z } from 'zod';
import {
  batchItemSchema,
  batchSpecSchema,
  batchStateSchema,
  type BatchItem,
  type BatchItemState,
  type BatchSpec,
  type BatchState,
} from '../../../shared/purchase/batch.ts';
import { dirname } from 'node:path';
import { afterFailedTransaction, isDiskFull } from '../files/disk-full.ts';
import { SpareRoom } from '../files/spare-room.ts';
import { batchTableStatements } from '../purchases/journal/journal-batch-tables.ts';

type Synchronous = 'FULL' | 'NORMAL';

/** A batch as journaled: its spec and state; its lines are in batch_items. */
export interface BatchRow {
  readonly id: string;
  readonly state: BatchState;
  readonly stoppedBy: 'budget' | null;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly spec: BatchSpec;
}

const batchRowSchema = z.object({
  id: z.string(),
  state: batchStateSchema,
  stopped_by: z.enum(['budget']).nullable(),
  created_at: z.number(),
  updated_at: z.number(),
  spec: z.string(),
});
const itemRowSchema = z.object({ item: z.string() });
const countRowSchema = z.object({ state: z.string(), n: z.number() });

function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Rows read back are outside input too: parsed, and one that does not fit is skipped, not a crash. */
function parseBatch(row: unknown): BatchRow | undefined {
  const parsed = batchRowSchema.safeParse(row);
  if (!parsed.success) return undefined;
  const spec = batchSpecSchema.safeParse(parseJsonText(parsed.data.spec));
  if (!spec.success) return undefined;
  const { id, state, stopped_by: stoppedBy, created_at: createdAt, updated_at: updatedAt } = parsed.data;
  return { id, state, stoppedBy, createdAt, updatedAt, spec: spec.data };
}

function parseItem(row: unknown): BatchItem | undefined {
  const parsed = itemRowSchema.safeParse(row);
  if (!parsed.success) return undefined;
  const item = batchItemSchema.safeParse(parseJsonText(parsed.data.item));
  return item.success ? item.data : undefined;
}

/**
 * Batches journaled in the purchase journal's SQLite file (its own connection, WAL): the batch,
 * and each line with its state and the local id of its purchase, written (synchronous=FULL)
 * before that purchase's intent, so a restart knows exactly which lines were sent. A line's later
 * progress is written without an fsync (saveProgress).
 */
export class BatchStore {
  readonly #db: DatabaseSync;
  #synchronous: Synchronous = 'FULL';
  #saveItem: StatementSync | undefined;
  readonly #spare: SpareRoom;

  constructor(journalPath: string) {
    this.#spare = new SpareRoom(dirname(journalPath));
    this.#spare.keep();
    this.#db = new DatabaseSync(journalPath);
    this.#db.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA synchronous = FULL;');
    // The tables' definition is the journal's: a damaged journal's batches are salvaged into them.
    this.#db.exec(batchTableStatements);
  }

  create(batch: BatchRow, items: readonly BatchItem[]): void {
    this.#setSynchronous('FULL');
    this.#db.exec('BEGIN IMMEDIATE');
    try {
      this.#db
        .prepare('INSERT INTO batches (id, environment_id, state, stopped_by, created_at, updated_at, spec) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(batch.id, batch.spec.environmentId, batch.state, batch.stoppedBy, batch.createdAt, batch.updatedAt, JSON.stringify(batch.spec));
      const insert = this.#db.prepare('INSERT INTO batch_items (batch_id, idx, state, item) VALUES (?, ?, ?, ?)');
      for (const item of items) insert.run(batch.id, item.index, item.state, JSON.stringify(item));
      this.#db.exec('COMMIT');
    } catch (error) {
      throw afterFailedTransaction(this.#db, error);
    }
  }

  get(id: string): BatchRow | undefined {
    return parseBatch(this.#db.prepare('SELECT * FROM batches WHERE id = ?').get(id));
  }

  /** Newest first; `unfinished` keeps batches that can still run (not done, not cancelled). */
  list(options: { unfinished?: boolean; limit?: number } = {}): BatchRow[] {
    const where = options.unfinished === true ? "WHERE state NOT IN ('done', 'cancelled')" : '';
    const rows = this.#db.prepare(`SELECT * FROM batches ${where} ORDER BY created_at DESC, rowid DESC LIMIT ?`).all(options.limit ?? 50);
    return rows.map(parseBatch).filter((batch) => batch !== undefined);
  }

  setState(id: string, state: BatchState, stoppedBy: 'budget' | null, at: number): void {
    this.#setSynchronous('FULL');
    this.#db.prepare('UPDATE batches SET state = ?, stopped_by = ?, updated_at = ? WHERE id = ?').run(state, stoppedBy, at, id);
  }

  setSpec(id: string, spec: BatchSpec, at: number): void {
    this.#setSynchronous('FULL');
    this.#db.prepare('UPDATE batches SET spec = ?, updated_at = ? WHERE id = ?').run(JSON.stringify(spec), at, id);
  }

  items(id: string, range: { offset?: number; limit?: number } = {}): BatchItem[] {
    const rows = this.#db
      .prepare('SELECT item FROM batch_items WHERE batch_id = ? ORDER BY idx LIMIT ? OFFSET ?')
      .all(id, range.limit ?? -1, range.offset ?? 0);
    return rows.map(parseItem).filter((item) => item !== undefined);
  }

  itemsInStates(id: string, states: readonly BatchItemState[]): BatchItem[] {
    const placeholders = states.map(() => '?').join(', ');
    const rows = this.#db.prepare(`SELECT item FROM batch_items WHERE batch_id = ? AND state IN (${placeholders}) ORDER BY idx`).all(id, ...states);
    return rows.map(parseItem).filter((item) => item !== undefined);
  }

  counts(id: string): Partial<Record<BatchItemState, number>> {
    const counts: Partial<Record<BatchItemState, number>> = {};
    for (const row of this.#db.prepare('SELECT state, COUNT(*) AS n FROM batch_items WHERE batch_id = ? GROUP BY state').all(id)) {
      const parsed = countRowSchema.safeParse(row);
      const state = batchItemSchema.shape.state.safeParse(parsed.data?.state);
      if (parsed.success && state.success) counts[state.data] = parsed.data.n;
    }
    return counts;
  }

  /** Durable before it returns (synchronous=FULL): a line's purchase id before its intent, a line given up. */
  saveItem(batchId: string, item: BatchItem): void {
    this.saveItems(batchId, [item]);
  }

  /** saveItem for several lines (those that start together): one commit, one fsync. */
  saveItems(batchId: string, items: readonly BatchItem[]): void {
    this.#setSynchronous('FULL');
    this.#db.exec('BEGIN IMMEDIATE');
    try {
      for (const item of items) this.#writeItem(batchId, item);
      this.#db.exec('COMMIT');
    } catch (error) {
      throw afterFailedTransaction(this.#db, error);
    }
  }

  /**
   * saveItem for a line sent back to the queue because its purchase could not be journaled: on a
   * full disk, the spare room is freed for it (spare-room.ts), since a line left marked as being
   * sent counts as possibly bought at the next start, though it was never sent.
   */
  saveUnsentItem(batchId: string, item: BatchItem): void {
    try {
      this.saveItem(batchId, item);
    } catch (error) {
      if (!isDiskFull(error) || !this.#spare.release()) throw error;
      this.saveItem(batchId, item);
    }
  }

  /**
   * A line's progress as its purchase goes on (pending, then its outcome), without an fsync of
   * its own (synchronous=NORMAL): it survives the process being killed, and should a power cut
   * take it back, the line is still tied to its purchase, whose journal says where it stands
   * (batch-runner.ts, #reconcile). With 64 lines in flight, an fsync for each of these held the
   * event loop long enough to make the batch's result GETs late.
   */
  saveProgress(batchId: string, item: BatchItem): void {
    this.#setSynchronous('NORMAL');
    this.#writeItem(batchId, item);
  }

  #writeItem(batchId: string, item: BatchItem): void {
    this.#saveItem ??= this.#db.prepare('UPDATE batch_items SET state = ?, item = ? WHERE batch_id = ? AND idx = ?');
    this.#saveItem.run(item.state, JSON.stringify(item), batchId, item.index);
  }

  /** The connection's level for the writes that follow (a pragma of the connection, not of a statement). */
  #setSynchronous(synchronous: Synchronous): void {
    if (this.#synchronous === synchronous) return;
    this.#db.exec(`PRAGMA synchronous = ${synchronous}`);
    this.#synchronous = synchronous;
  }

  close(): void {
    if (this.#db.isOpen) this.#db.close();
  }
}
