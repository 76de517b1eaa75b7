import { statSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import { z } from 'zod';

/**
 * Copies the journal's write-ahead log back into the database file on a thread of its own.
 *
 * By default SQLite does this inside the commit that takes the log past 1,000 pages, copying them
 * into the file and syncing it on the thread that committed: for the journal, the main thread. A
 * checkpoint guards no promise (a commit is durable once it is in the log), so once the journal is
 * busy (see below) its connection stops checkpointing (wal_autocheckpoint = 0) and a worker thread
 * checkpoints a moment after each burst of writes, with a connection of its own that it opens for
 * that checkpoint only (so that, when the journal closes, its connection is still the last one and
 * removes the log as before). PASSIVE: the worker never waits for a reader or a writer, and never
 * holds one up. Off the main thread, checkpoints no longer delay its event loop
 * (docs/decisions/journal/003-wal-checkpoints-on-a-worker.md#off-the-main-thread).
 *
 * The worker starts only when the journal is busy: `startAfterWrites` records written within
 * `startWindowMs`. Until then SQLite checkpoints as it does by default. A thread's start and memory
 * are never earned back by a user following a few purchases or a CLI command that writes one record
 * (docs/decisions/journal/003-wal-checkpoints-on-a-worker.md#only-when-busy).
 *
 * The log file is given back after a burst: SQLite never shrinks it unless told to, and under a
 * steady stream of commits it grew until the app closed. The connection's journal_size_limit cuts
 * the file back to `logSizeLimitBytes` when the log starts again, and a checkpoint during which
 * nothing was written (the burst is over) is followed by a TRUNCATE when the file is larger than
 * that: it copies what little is left and empties the file. TRUNCATE takes the write lock, so the
 * worker gives up at once if a commit or a reader is in its way (no busy timeout) and says that it
 * holds the lock in `holding`: the write queue's scheduled commits wait a millisecond at a time
 * meanwhile instead of sleeping in SQLite's busy handler on the main thread (write-queue.ts), since
 * giving a large file back is not quick. The log is not bounded during a burst: a RESTART after
 * each checkpoint held the write lock long enough to make GETs late
 * (docs/decisions/journal/003-wal-checkpoints-on-a-worker.md#giving-the-wal-back).
 *
 * If the worker cannot start or stops, the connection checkpoints itself again as SQLite would.
 */

/**
 * How long after a write the worker is asked: every 2 s under a steady load, and once after a
 * lone write. A page rewritten many times between two checkpoints is then copied once, and each
 * checkpoint's own cost (a connection opened, the file synced) is paid less often. The log holds a
 * few more seconds of commits meanwhile; nothing waits for a checkpoint
 * (docs/decisions/journal/003-wal-checkpoints-on-a-worker.md#two-seconds-after-writes).
 */
const defaultDelayMs = 2000;

/** Records written within `startWindowMs` that start the worker: above a burst of 1,000 purchases, below one of 2,000. */
const defaultStartAfterWrites = 5000;
const startWindowMs = 2000;

/** SQLite's own threshold, given back to the connection when the worker is gone. */
const sqliteDefaultAutocheckpointPages = 1000;

/** What the log file is cut back to when the log starts again, and above which a quiet checkpoint empties it. */
export const logSizeLimitBytes = 16 * 1024 * 1024;

/** The size of the write-ahead log file of the database at `databasePath`; 0 when there is none. */
export function logFileBytes(databasePath: string): number {
  try {
    return statSync(`${databasePath}-wal`).size;
  } catch {
    return 0;
  }
}

/**
 * The worker's code, run as a script (eval): a file of its own would have to be found next to
 * whichever bundle loaded this one (desktop app, CLI, browser-mode host). It answers each
 * message ('checkpoint', 'truncate') with its outcome and ends on 'stop'.
 */
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
const holding = new Int32Array(workerData.holding);
parentPort.on('message', (message) => {
  if (message === 'stop') { parentPort.close(); return; }
  let db;
  try {
    // No busy timeout (node:sqlite's default): a TRUNCATE that would have to wait gives up at once.
    db = new DatabaseSync(workerData.path);
    if (message === 'truncate') {
      Atomics.store(holding, 0, 1);
      try {
        parentPort.postMessage({ truncated: db.prepare('PRAGMA wal_checkpoint(TRUNCATE)').get().busy === 0 });
      } finally {
        Atomics.store(holding, 0, 0);
      }
      return;
    }
    const row = db.prepare('PRAGMA wal_checkpoint(PASSIVE)').get();
    parentPort.postMessage({ log: row.log, checkpointed: row.checkpointed });
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  } finally {
    if (db !== undefined && db.isOpen) db.close();
  }
});
`;

const workerAnswerSchema = z.union([
  z.object({ log: z.number(), checkpointed: z.number() }),
  z.object({ truncated: z.boolean() }),
  z.object({ error: z.string() }),
]);

/** One checkpoint's outcome: frames in the log and how many of them are now in the file; or whether the file was emptied. */
export type CheckpointOutcome = z.infer<typeof workerAnswerSchema>;

export interface WalCheckpointerOptions {
  /** How long after a write the checkpoint is asked for, so a burst of commits shares one. */
  readonly delayMs?: number;
  /** The log file size above which a quiet checkpoint empties it (default `logSizeLimitBytes`). */
  readonly truncateAboveBytes?: number;
  /** Each checkpoint's outcome, as the worker reported it. */
  readonly onCheckpoint?: (outcome: CheckpointOutcome) => void;
  /** Records written within two seconds that start the worker (default 5,000; 1 starts it at the first write). */
  readonly startAfterWrites?: number;
}

export class WalCheckpointer {
  readonly #db: DatabaseSync;
  readonly #path: string;
  readonly #delayMs: number;
  readonly #truncateAboveBytes: number;
  /** Shared with the worker: 1 while it holds the write lock to empty the log. */
  readonly #holding = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  readonly #onCheckpoint: ((outcome: CheckpointOutcome) => void) | undefined;
  readonly #startAfterWrites: number;
  /** Before the worker: when the current window of `startWindowMs` began (performance.now()), and the records written in it. */
  #windowStartedAt = -Infinity;
  #windowWrites = 0;
  #worker: Worker | undefined;
  /** Set once the worker is given up (it failed, or the journal closed): the connection checkpoints itself. */
  #done = false;
  #timer: NodeJS.Timeout | undefined;
  #inFlight = false;
  #wroteSinceAsked = false;

  constructor(db: DatabaseSync, path: string, options: WalCheckpointerOptions = {}) {
    this.#db = db;
    this.#path = path;
    this.#delayMs = options.delayMs ?? defaultDelayMs;
    this.#truncateAboveBytes = options.truncateAboveBytes ?? logSizeLimitBytes;
    this.#onCheckpoint = options.onCheckpoint;
    this.#startAfterWrites = options.startAfterWrites ?? defaultStartAfterWrites;
    this.#db.exec(`PRAGMA journal_size_limit = ${String(logSizeLimitBytes)}`);
  }

  /** Whether the worker holds the write lock this moment, emptying the log (up to most of a second for a large file). */
  get holding(): boolean {
    return this.#worker !== undefined && Atomics.load(this.#holding, 0) === 1;
  }

  /** Whether checkpoints are the worker's (false until the journal is busy, and after a failure). */
  get offThread(): boolean {
    return this.#worker !== undefined;
  }

  /** Called after each commit of `records` writes: once the worker runs, a checkpoint follows within the delay. */
  wrote(records = 1): void {
    if (this.#done) return;
    if (this.#worker === undefined && !(this.#busy(records) && this.#start())) return;
    this.#wroteSinceAsked = true;
    this.#schedule();
  }

  /** Whether the writes so far in this window reach `startAfterWrites`. */
  #busy(records: number): boolean {
    const now = performance.now();
    if (now - this.#windowStartedAt > startWindowMs) {
      this.#windowStartedAt = now;
      this.#windowWrites = 0;
    }
    this.#windowWrites += records;
    return this.#windowWrites >= this.#startAfterWrites;
  }

  /**
   * Ends the worker for good and gives checkpoints back to the connection, so a log is never
   * left to grow. Called on closing (the journal's own close then checkpoints what is left, as
   * before) and when the worker fails.
   */
  stop(): void {
    this.#done = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const worker = this.#worker;
    this.#worker = undefined;
    worker?.postMessage('stop');
    if (this.#db.isOpen) this.#db.exec(`PRAGMA wal_autocheckpoint = ${String(sqliteDefaultAutocheckpointPages)}`);
  }

  #start(): boolean {
    try {
      // The script holds nothing but one connection at a time: a small heap is plenty.
      const worker = new Worker(workerSource, {
        eval: true,
        workerData: { path: this.#path, holding: this.#holding.buffer },
        resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 },
      });
      worker.unref();
      worker.on('message', (message: unknown) => {
        this.#answered(message);
      });
      worker.on('error', () => {
        this.stop();
      });
      worker.on('exit', () => {
        if (this.#worker === worker) this.stop();
      });
      this.#worker = worker;
      this.#db.exec('PRAGMA wal_autocheckpoint = 0');
      return true;
    } catch {
      this.stop();
      return false;
    }
  }

  #schedule(): void {
    if (this.#done || this.#inFlight || this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#ask();
    }, this.#delayMs);
    this.#timer.unref();
  }

  #ask(request: 'checkpoint' | 'truncate' = 'checkpoint'): void {
    if (this.#worker === undefined) return;
    this.#inFlight = true;
    this.#wroteSinceAsked = false;
    this.#worker.postMessage(request);
  }

  #answered(message: unknown): void {
    this.#inFlight = false;
    const outcome = workerAnswerSchema.safeParse(message);
    if (outcome.success) this.#onCheckpoint?.(outcome.data);
    // A worker that cannot checkpoint (the file would not open there) is no use: commits do it again.
    if (!outcome.success || 'error' in outcome.data) {
      this.stop();
      return;
    }
    // Writes made while it ran are in the log past what it copied: another one follows.
    if (this.#wroteSinceAsked) this.#schedule();
    // Nothing was written while it ran: the burst is over, and a large file is given back.
    else if ('log' in outcome.data && logFileBytes(this.#path) > this.#truncateAboveBytes) this.#ask('truncate');
  }
}
