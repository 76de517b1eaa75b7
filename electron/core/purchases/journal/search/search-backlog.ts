import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { z } from 'zod';
import { searchBacklogTable, searchTable } from './history-search-schema.ts';

/**
 * Takes the purchases noted in the title backlog into the title index, in bulk
 * (history-search-schema.ts says why): a few seconds after a write, then a slice at a time until the
 * backlog is empty, each slice one transaction; and all of it when the journal closes, so a CLI
 * command leaves nothing behind. Searches read the backlog's purchases too (history-search.ts).
 */

/**
 * How long after a write the index takes the backlog in. Long enough for a burst of purchases
 * being sent to be over: each purchase is noted twice, by its intent and by its 303 (the purchase
 * id), and taken in once if both come first; a shorter delay took most of a burst in twice, while
 * its POSTs were still going out
 * (docs/decisions/journal/009-history-search-and-summaries.md#the-search-backlog).
 */
const delayMs = 5000;
/** Purchases per transaction: 10,000 in one would hold the event loop for a long moment. */
const sliceSize = 1000;
/** The pause between slices, so other work comes between them. */
const slicePauseMs = 20;

const boundRowSchema = z.object({ bound: z.number().nullable() });

interface Statements {
  /** The highest rowid of the next slice (null when the backlog is empty). */
  readonly bound: StatementSync;
  /** An index entry with what the row said before goes first. */
  readonly forget: StatementSync;
  readonly index: StatementSync;
  readonly clear: StatementSync;
}

export class SearchBacklog {
  readonly #db: DatabaseSync;
  readonly #transaction: (work: () => void) => void;
  #timer: NodeJS.Timeout | undefined;
  #statements: Statements | undefined;

  /** `transaction`: runs its work in one transaction of the journal's connection. */
  constructor(db: DatabaseSync, transaction: (work: () => void) => void) {
    this.#db = db;
    this.#transaction = transaction;
  }

  /** A write may have added to the backlog: the index takes it within a few seconds. */
  wrote(): void {
    this.#schedule(delayMs);
  }

  /** Takes up to `limit` purchases of the backlog into the index, oldest first; returns whether any are left. */
  flush(limit = sliceSize): boolean {
    const statements = this.#prepared();
    // Looked at before taking the write lock: most calls find nothing to do.
    if (boundRowSchema.parse(statements.bound.get(1)).bound === null) return false;
    let left = false;
    this.#transaction(() => {
      const { bound } = boundRowSchema.parse(statements.bound.get(limit));
      if (bound === null) return;
      statements.forget.run(bound);
      statements.index.run(bound);
      statements.clear.run(bound);
      left = boundRowSchema.parse(statements.bound.get(1)).bound !== null;
    });
    return left;
  }

  /** Everything left goes into the index now. */
  close(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#db.isOpen) this.flush(Number.MAX_SAFE_INTEGER);
  }

  #schedule(inMs: number): void {
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (!this.#db.isOpen) return;
      try {
        if (this.flush()) this.#schedule(slicePauseMs);
      } catch {
        // The index is derived and searches read the backlog too: the next write tries again.
      }
    }, inMs);
    this.#timer.unref();
  }

  #prepared(): Statements {
    const below = `SELECT purchase_rowid FROM ${searchBacklogTable} WHERE purchase_rowid <= ?`;
    this.#statements ??= {
      bound: this.#db.prepare(`SELECT max(purchase_rowid) AS bound FROM (SELECT purchase_rowid FROM ${searchBacklogTable} ORDER BY purchase_rowid LIMIT ?)`),
      forget: this.#db.prepare(`DELETE FROM ${searchTable} WHERE rowid IN (${below})`),
      index: this.#db.prepare(`INSERT INTO ${searchTable} (rowid, title_number, purchase_id) SELECT rowid, title_number, purchase_id FROM purchases WHERE rowid IN (${below})`),
      clear: this.#db.prepare(`DELETE FROM ${searchBacklogTable} WHERE purchase_rowid <= ?`),
    };
    return this.#statements;
  }
}
