import { closeSync, fdatasync, fdatasyncSync, openSync } from 'node:fs';

interface Waiter {
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/**
 * The disk half of a durable commit, off the main thread.
 *
 * With synchronous=FULL, SQLite syncs the write-ahead log inside COMMIT, on the thread that
 * committed: the event loop stalls at every commit, and purchases being sent make a commit for
 * every few POSTs. Instead the commit is made with synchronous=NORMAL (the log is written, not
 * synced) and the log is synced here with fdatasync on libuv's thread pool. Whoever waits for the
 * write (a POST's first byte waits for its sending mark) waits for that sync, so the promise is the
 * same: on disk before anything relies on it. Commits made while a sync runs share the next one
 * (docs/decisions/journal/002-journal-writes-on-the-main-thread.md#the-sync-off-the-main-thread).
 *
 * After a failed sync none is trusted again (a failed fsync may leave pages marked clean that
 * never reached the disk): `available` turns false and commits sync themselves, as before.
 */
export class WalSync {
  readonly #path: string;
  #fd: number | undefined;
  #broken = false;
  #closed = false;
  #running = false;
  /** Committed before the running sync started: it is theirs. */
  #current: Waiter[] = [];
  /** Committed since: the next sync is theirs. */
  #next: Waiter[] = [];

  /** `logPath`: the database's write-ahead log (the database file's path and "-wal"). */
  constructor(logPath: string) {
    this.#path = logPath;
  }

  /** Whether a commit may leave its sync here: the log is open and no sync has failed. */
  get available(): boolean {
    if (this.#broken || this.#closed) return false;
    if (this.#fd !== undefined) return true;
    try {
      // Read-write: Windows flushes only a handle that may write.
      this.#fd = openSync(this.#path, 'r+');
      return true;
    } catch {
      return false;
    }
  }

  /** Resolves once everything committed before this call is on disk; rejects if the sync failed. */
  sync(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#next.push({ resolve, reject });
      if (!this.#running) this.#start();
    });
  }

  #start(): void {
    const fd = this.#openLog();
    const round = this.#next;
    this.#next = [];
    if (fd === undefined) {
      this.#fail(round, new Error('The purchase journal’s log could not be opened to be synced.'));
      return;
    }
    this.#current = round;
    this.#running = true;
    fdatasync(fd, (error) => {
      this.#running = false;
      const done = this.#current;
      this.#current = [];
      if (error === null) for (const waiter of done) waiter.resolve();
      else this.#fail(done, error);
      if (this.#closed) this.#closeLog();
      else if (this.#next.length > 0) this.#start();
    });
  }

  /**
   * The open log. SQLite removes or replaces it only when the last connection closes, and the
   * journal's own connection stays open for as long as this is used: the descriptor stays valid.
   */
  #openLog(): number | undefined {
    return this.#broken ? undefined : this.#fd;
  }

  #fail(waiters: readonly Waiter[], error: unknown): void {
    this.#broken = true;
    for (const waiter of [...waiters, ...this.#next]) waiter.reject(error);
    this.#next = [];
  }

  /** What waits for a sync is synced now, on this thread; the log is closed once no sync runs. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    const waiting = this.#next;
    this.#next = [];
    if (waiting.length > 0) {
      const fd = this.#openLog();
      try {
        if (fd === undefined) throw new Error('The purchase journal’s log could not be opened to be synced.');
        fdatasyncSync(fd);
        for (const waiter of waiting) waiter.resolve();
      } catch (error) {
        this.#fail(waiting, error);
      }
    }
    if (!this.#running) this.#closeLog();
  }

  #closeLog(): void {
    if (this.#fd === undefined) return;
    closeSync(this.#fd);
    this.#fd = undefined;
  }
}
