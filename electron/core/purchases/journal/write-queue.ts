import type { PurchaseRecord } from '../../../../shared/purchase/purchase.ts';
import type { Durability, JournalWrite } from './journal.ts';

/**
 * Group commit for the journal. Writes made within a millisecond (a thousand clicks, the POST
 * answers that arrived together) are committed in one transaction, so they share one commit and
 * at most one fsync instead of one each.
 * Whoever must not go on before its write is on disk (a POST waits for its intent and its
 * sending mark) awaits the promise; listeners hear of a change only after its commit.
 *
 * A write that nothing waits for soon (what a scheduled GET of the result resource learnt) may
 * wait up to `windowMs` for company: the answers of a second's polling then share a handful of
 * commits instead of one per turn, for much less of the client's CPU. Whatever must see it on
 * disk first (the next GET of that purchase) asks with `commitQueued`
 * (docs/decisions/journal/002-journal-writes-on-the-main-thread.md#group-commit).
 */
export interface WriteQueueOptions {
  /** One transaction for all of `writes`: every one is on disk when it returns, or none is. */
  readonly commit: (writes: readonly JournalWrite[], durability: Durability) => void;
  /**
   * `commit` for a batch of FULL rewrites whose waiters can wait for the disk off the main
   * thread: committed when it returns, on disk when the promise resolves (journal.ts).
   */
  readonly commitSyncedLater?: (writes: readonly JournalWrite[]) => Promise<void>;
  /** Each write as soon as it is committed (readable), before it is on disk. */
  readonly stored?: (write: JournalWrite) => void;
  /** Each write once committed and as durable as asked, batch after batch in commit order. */
  readonly committed: (write: JournalWrite) => void;
  /** The longest a `window` write waits to be committed (default 100 ms). */
  readonly windowMs?: number;
  /**
   * Whether the journal's write lock is held for a moment by another thread (the log being
   * emptied after a burst, wal-checkpointer.ts): a scheduled commit then waits a millisecond at a
   * time, up to `maxHeldWaitMs`, instead of sleeping in SQLite's busy handler on the event loop.
   */
  readonly held?: () => boolean;
  /** How long a scheduled commit waits for `held` to end before committing regardless (default 5 s: the journal's busy timeout). */
  readonly maxHeldWaitMs?: number;
}

/**
 * When a queued write is committed: within a millisecond (`turn`), within a few milliseconds (`soon`,
 * so that results arriving one per turn share commits), or within the window. FULL writes are
 * always committed within the millisecond: something waits for them.
 */
export type CommitWhen = 'turn' | 'soon' | 'window';

/** How long a `soon` write may wait for company: well under what a person notices. */
const soonMs = 20;

/**
 * How long a write of this turn waits for company. One millisecond rather than the end of the
 * turn: the answers of 16 connections arrive over several turns, and sharing one commit among them
 * makes the POSTs quicker and costs less CPU
 * (docs/decisions/journal/002-journal-writes-on-the-main-thread.md#group-commit).
 */
const turnMs = 1;

/**
 * The longest a scheduled commit waits for the write lock's holder (`held`) before it commits
 * regardless: the journal's busy timeout (journal-open.ts), past which SQLite itself would give up.
 * Emptying the log gives the file's blocks back to the file system, which takes time in proportion
 * to its size; a shorter wait here left the commit asleep in SQLite's busy handler on the event
 * loop for the rest, and every GET due meanwhile late by as much
 * (docs/decisions/journal/003-wal-checkpoints-on-a-worker.md#giving-the-wal-back).
 */
const defaultMaxHeldWaitMs = 5000;

interface Waiter {
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/** How one write's commit ended: undefined when it is committed. */
type Outcome = { readonly error: unknown } | undefined;

function announce(batch: readonly Entry[], outcomes: readonly Outcome[], committed: (write: JournalWrite) => void): void {
  batch.forEach((entry, index) => {
    if (outcomes[index] === undefined) committed(entry.write);
  });
}

function answer(batch: readonly Entry[], outcomes: readonly Outcome[]): void {
  batch.forEach((entry, index) => {
    const failed = outcomes[index];
    for (const waiter of entry.waiters) {
      if (failed === undefined) waiter.resolve();
      else waiter.reject(failed.error);
    }
  });
}

interface Entry {
  write: JournalWrite;
  durability: Durability;
  readonly waiters: Waiter[];
}

function merged(earlier: Entry, write: JournalWrite, durability: Durability): Entry {
  // The later record is the whole truth; what else the earlier write carried still has to go in.
  const resultBody = write.resultBody ?? earlier.write.resultBody;
  earlier.write = {
    record: write.record,
    ...(earlier.write.insert === true || write.insert === true ? { insert: true } : {}),
    ...(resultBody === undefined ? {} : { resultBody }),
    ...(earlier.write.replaceVariables === true || write.replaceVariables === true ? { replaceVariables: true } : {}),
    // Likewise the time the journal gives as the next check: the later write's own, or none.
    ...(write.notBefore === undefined ? {} : { notBefore: write.notBefore }),
  };
  if (durability === 'full') earlier.durability = 'full';
  return earlier;
}

/**
 * The most writes one scheduled commit takes: 10,000 purchases clicked at once would otherwise
 * hold the event loop for one long transaction; in slices of this size each turn stays short and
 * the first POSTs leave while later intents are still being written
 * (docs/decisions/journal/002-journal-writes-on-the-main-thread.md#group-commit).
 */
const maxScheduledBatch = 100;

export class WriteQueue {
  readonly #options: WriteQueueOptions;
  #queue = new Map<string, Entry>();
  /** The last batch still to be announced after its sync, if any: later batches are announced after it. */
  #syncing: Promise<unknown> | undefined;
  /** The flush to come: when it fires (performance.now()) and how to cancel it. */
  #scheduled: { at: number; cancel: () => void } | undefined;
  /** Since when scheduled commits have waited for the write lock's holder (performance.now()). */
  #heldSince: number | undefined;

  constructor(options: WriteQueueOptions) {
    this.#options = options;
  }

  /** The newest record queued for `id` and not yet committed. */
  pending(id: string): PurchaseRecord | undefined {
    return this.#queue.get(id)?.write.record;
  }

  get size(): number {
    return this.#queue.size;
  }

  /** Queues a write for the group commit (`when` says how soon); resolves once it is on disk. */
  enqueue(write: JournalWrite, durability: Durability, when: CommitWhen = 'turn'): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#add(write, durability).waiters.push({ resolve, reject });
      this.#scheduleFlush(durability === 'full' || when === 'turn' ? turnMs : when === 'soon' ? soonMs : this.#options.windowMs ?? 100);
    });
  }

  /**
   * Runs `announce` in commit order: at once, or after the batches still waiting for their sync
   * are announced. For a change announced without a commit of its own (record-store.ts).
   */
  inOrder(announce: () => void): void {
    if (this.#syncing === undefined) announce();
    else this.#afterSyncing(Promise.resolve(), announce);
  }

  /**
   * Commits now if a write for `id` is queued; throws what that write's commit failed with. While
   * the write lock's holder (`held`) empties the log, committing at once would sleep in SQLite's
   * busy handler on the event loop until the holder is done: the scheduled commit, which waits for
   * the holder a millisecond at a time, is brought forward instead, and the promise returned
   * settles as that write's commit ends, rejected if it failed.
   */
  commitQueued(id: string): Promise<void> | undefined {
    const entry = this.#queue.get(id);
    if (entry === undefined) return undefined;
    if (!this.#waitsForHolder()) {
      this.#flushWatching(entry);
      return undefined;
    }
    const committed = new Promise<void>((resolve, reject) => {
      entry.waiters.push({ resolve, reject });
    });
    this.#scheduleFlush(turnMs);
    return committed;
  }

  /** A flush in `delayMs` (at the end of this turn when not positive), unless one comes sooner. */
  #scheduleFlush(delayMs: number): void {
    const at = performance.now() + Math.max(0, delayMs);
    if (this.#scheduled !== undefined && this.#scheduled.at <= at) return;
    this.#scheduled?.cancel();
    const fire = (): void => {
      this.#scheduled = undefined;
      if (this.#waitsForHolder()) {
        this.#scheduleFlush(turnMs);
        return;
      }
      this.#flush(maxScheduledBatch);
    };
    if (delayMs <= 0) {
      const immediate = setImmediate(fire);
      this.#scheduled = { at, cancel: () => { clearImmediate(immediate); } };
    } else {
      const timer = setTimeout(fire, delayMs);
      this.#scheduled = { at, cancel: () => { clearTimeout(timer); } };
    }
  }

  /** Whether a scheduled commit should wait a millisecond more for the write lock's holder (`held`). */
  #waitsForHolder(): boolean {
    if (this.#options.held?.() !== true) {
      this.#heldSince = undefined;
      return false;
    }
    const now = performance.now();
    this.#heldSince ??= now;
    return now - this.#heldSince < (this.#options.maxHeldWaitMs ?? defaultMaxHeldWaitMs);
  }

  /**
   * Commits everything queued now, with `write` (if any) in the same transaction; throws when
   * `write` could not be committed. For changes a caller returns at once, and for closing.
   */
  flushNow(write?: JournalWrite, durability: Durability = 'full'): void {
    this.#flushWatching(write === undefined ? undefined : this.#add(write, durability), true);
  }

  /** Commits everything queued now; throws what `entry`'s commit failed with, if it failed. */
  #flushWatching(entry: Entry | undefined, syncNow = false): void {
    let failure: { error: unknown } | undefined;
    entry?.waiters.push({ resolve: () => undefined, reject: (error) => { failure = { error }; } });
    this.#flush(Number.POSITIVE_INFINITY, syncNow);
    if (failure !== undefined) throw failure.error;
  }

  #add(write: JournalWrite, durability: Durability): Entry {
    const id = write.record.id;
    const earlier = this.#queue.get(id);
    if (earlier !== undefined) return merged(earlier, write, durability);
    const entry: Entry = { write, durability, waiters: [] };
    this.#queue.set(id, entry);
    return entry;
  }

  /**
   * Commits what is queued, oldest first: all of it, or at most `limit` writes (the rest next
   * turn). A batch of FULL rewrites leaves its sync to another thread unless `syncNow`.
   */
  #flush(limit = Number.POSITIVE_INFINITY, syncNow = false): void {
    this.#scheduled?.cancel();
    this.#scheduled = undefined;
    if (this.#queue.size === 0) return;
    let batch: Entry[];
    if (this.#queue.size <= limit) {
      batch = [...this.#queue.values()];
      this.#queue = new Map();
    } else {
      batch = [];
      for (const [id, entry] of this.#queue) {
        if (batch.length >= limit) break;
        batch.push(entry);
        this.#queue.delete(id);
      }
      this.#scheduleFlush(0);
    }
    const later = syncNow ? undefined : this.#commitSyncedLater(batch);
    const outcomes = later === undefined ? this.#commit(batch) : batch.map(() => undefined);
    batch.forEach((entry, index) => {
      if (outcomes[index] === undefined) this.#options.stored?.(entry.write);
    });
    this.#settle(batch, later === undefined ? outcomes : later);
  }

  /**
   * New intents are never left to a later sync: should that sync fail after the commit, an intent
   * the user was told had failed would be in the journal, and a restart could send it.
   */
  #commitSyncedLater(batch: readonly Entry[]): Promise<void> | undefined {
    const commit = this.#options.commitSyncedLater;
    if (commit === undefined || !batch.some((entry) => entry.durability === 'full') || batch.some((entry) => entry.write.insert === true)) return undefined;
    try {
      return commit(batch.map((entry) => entry.write));
    } catch {
      // The commit itself failed: the batch is committed again the usual way, a write at a time.
      return undefined;
    }
  }

  /**
   * Announces the batch and answers its waiters once its writes are as durable as asked.
   * Announcements never overtake an earlier batch still waiting for its sync, so listeners see
   * changes in commit order; the waiters of a batch committed here are answered at once.
   */
  #settle(batch: readonly Entry[], outcome: readonly Outcome[] | Promise<void>): void {
    if (!(outcome instanceof Promise)) {
      const outcomes = outcome;
      if (this.#syncing === undefined) announce(batch, outcomes, this.#options.committed);
      else this.#afterSyncing(Promise.resolve(), () => { announce(batch, outcomes, this.#options.committed); });
      answer(batch, outcomes);
      return;
    }
    const synced = outcome.then(() => batch.map(() => undefined), (error: unknown) => batch.map(() => ({ error })));
    this.#afterSyncing(synced, (outcomes) => {
      announce(batch, outcomes, this.#options.committed);
      answer(batch, outcomes);
    });
  }

  /** Runs `then` with what `ready` gives, after every batch before it is announced. */
  #afterSyncing<T>(ready: Promise<T>, then: (value: T) => void): void {
    const step = (this.#syncing ?? Promise.resolve())
      .then(() => ready)
      .then(then)
      // Listeners are kept from throwing (record-store.ts); should one get through, the batches after it are still announced.
      .catch(() => undefined)
      .then(() => {
        if (this.#syncing === step) this.#syncing = undefined;
      });
    this.#syncing = step;
  }

  /** One transaction for the batch; should it fail, each write alone, so one bad write fails only itself. */
  #commit(batch: readonly Entry[]): Outcome[] {
    const durability = batch.some((entry) => entry.durability === 'full') ? 'full' : 'normal';
    try {
      this.#options.commit(batch.map((entry) => entry.write), durability);
      return batch.map(() => undefined);
    } catch (error) {
      if (batch.length === 1) return [{ error }];
    }
    return batch.map((entry) => {
      try {
        this.#options.commit([entry.write], entry.durability);
        return undefined;
      } catch (error) {
        return { error };
      }
    });
  }
}
