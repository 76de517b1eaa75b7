import type { PurchaseRecord } from '../../../shared/purchase/purchase.ts';
import { CoreError } from '../errors.ts';
import type { TeamRecordInput, TeamStore } from '../team/team-store.ts';
import { isLoginRefused } from './team-away.ts';
import { refusedBeforeAccepted, teamUpdateOf } from './team-copy.ts';

export interface TeamSyncOptions {
  /** The open store, or undefined while the database is away (changes wait). */
  readonly store: () => TeamStore | undefined;
  readonly resultOf: (id: string) => unknown;
  /** The database answered (true) or could not be reached (false). */
  readonly reached: (ok: boolean, error?: unknown) => void;
  readonly log: (message: string) => void;
}

/**
 * This desk's answers, written to the team database after the local journal: the newest state of
 * each purchase waits here, and one scheduler turn's worth goes at once (recordMany, in
 * transactions of 25), not one round trip per purchase. While the database is away they wait, and go when it is back.
 */
export class TeamSync {
  readonly #options: TeamSyncOptions;
  readonly #waiting = new Map<string, PurchaseRecord>();
  #scheduled = false;
  #running: Promise<void> | undefined;
  #writing = 0;

  constructor(options: TeamSyncOptions) {
    this.#options = options;
  }

  /** Answers not yet written: waiting, or being written now (not written until the database says so). */
  get pending(): number {
    return this.#waiting.size + this.#writing;
  }

  /** A purchase of this desk changed in the local journal. */
  push(record: PurchaseRecord): void {
    if (record.team === undefined) return;
    // Sent again (a start's auto-send): an earlier "not sent" waiting here would give its claim back.
    if (record.state === 'submitting') {
      this.#waiting.delete(record.team.purchaseId);
      return;
    }
    this.#waiting.set(record.team.purchaseId, record);
    this.#schedule();
  }

  /** Writes what waits now; resolves once it was written or the database was found away. */
  async flush(): Promise<void> {
    while (this.#running !== undefined) await this.#running;
    if (this.#waiting.size === 0) return;
    this.#running = this.#write().finally(() => {
      this.#running = undefined;
    });
    await this.#running;
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    // The rest of this turn's changes join the same transaction.
    setImmediate(() => {
      this.#scheduled = false;
      void this.flush();
    });
  }

  async #write(): Promise<void> {
    const store = this.#options.store();
    if (store === undefined) return;
    const taken = [...this.#waiting];
    this.#waiting.clear();
    this.#writing = taken.length;
    const releases = taken.filter(([, record]) => refusedBeforeAccepted(record) !== undefined);
    const updates = taken.flatMap(([, record]) => {
      if (refusedBeforeAccepted(record) !== undefined) return [];
      const update = teamUpdateOf(record, this.#options.resultOf(record.id));
      return update === undefined ? [] : [update];
    });
    try {
      // Pipelined on the pool: each release is its own small transaction, all in one round trip.
      await Promise.all([
        ...releases.map(([id, record]) => this.#refusable(store.releaseUnaccepted(id, refusedBeforeAccepted(record) ?? 'cancelled'), id)),
        this.#records(store, updates),
      ]);
      this.#writing = 0;
      this.#options.reached(true);
    } catch (error) {
      // Away: what was taken waits again, unless a newer state of it came meanwhile.
      for (const [id, record] of taken) if (!this.#waiting.has(id)) this.#waiting.set(id, record);
      this.#writing = 0;
      this.#options.reached(false, error);
    }
  }

  /**
   * In transactions of at most `updatesInOneCommit`, all at once; if the database refuses one of a
   * transaction (a settled purchase), each of it alone, dropping the refused.
   */
  async #records(store: TeamStore, updates: readonly TeamRecordInput[]): Promise<void> {
    const chunks: TeamRecordInput[][] = [];
    for (let start = 0; start < updates.length; start += updatesInOneCommit) chunks.push(updates.slice(start, start + updatesInOneCommit));
    await Promise.all(chunks.map(async (chunk) => {
      try {
        await store.recordMany(chunk);
      } catch (error) {
        if (!refused(error)) throw error;
        await Promise.all(chunk.map((update) => this.#refusable(store.record(update), update.purchaseId)));
      }
    }));
  }

  async #refusable(work: Promise<unknown>, id: string): Promise<void> {
    try {
      await work;
    } catch (error) {
      if (!refused(error)) throw error;
      this.#options.log(`The team database kept its own record of purchase ${id}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/**
 * A turn's answers go in transactions of this many, side by side: one transaction for hundreds
 * held their rows' locks for seconds while other desks' begins for the same titles queued behind
 * them (the bench's burst: 3.7 s for 200 answers in one commit).
 */
const updatesInOneCommit = 25;

/**
 * The database answered and said no (a settled purchase, an accepted one): waiting will not help.
 * Not a refused login: that is the desk's, not the answer's, and the answer waits until it is fixed.
 */
function refused(error: unknown): boolean {
  return error instanceof CoreError && (error.code === 'validation' || error.code === 'unauthorized') && !isLoginRefused(error);
}
