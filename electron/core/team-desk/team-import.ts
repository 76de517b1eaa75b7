import type { PurchaseService } from '../purchases/purchase-service.ts';
import type { TeamStore } from '../team/team-store.ts';
import type { TeamPurchase } from '../team/team-rows.ts';
import { localCopyOf, type LocalCopy } from './team-copy.ts';
import { readCursor, writeCursor } from './team-cursor.ts';

export interface TeamImportOptions {
  readonly purchases: PurchaseService;
  readonly dataDir: string;
  /** The database as people see it: the cursor belongs to it. */
  readonly database: string;
  /** The local environment of the team's environment key (its base URL), if this desk has it. */
  readonly environmentOf: (teamEnvironment: string) => string | undefined;
  readonly log: (message: string) => void;
}

/**
 * How long a held begin's copy waits for others to share its commit. A group's held begins are
 * answered together and their rows read a few milliseconds apart; a commit is an fsync.
 */
const copyGatherMs = 10;

/**
 * Other desks' purchases, copied into this desk's journal as they change: History, the purchase
 * list, look-ups by purchase ID and reuse all read the local journal (decision 015). Copies are
 * imported records: never sent, never followed from here; their state follows the team's row.
 */
export class TeamImport {
  readonly #options: TeamImportOptions;
  readonly #store: TeamStore;
  #cursor: string | undefined;
  #running: Promise<number> | undefined;
  #again = false;
  #savedCursor: string | undefined;
  #cursorTimer: NodeJS.Timeout | undefined;
  /** Copies asked for in the last copyGatherMs, written together. */
  #copies: { readonly copy: LocalCopy; readonly resolve: () => void; readonly reject: (error: unknown) => void }[] = [];

  constructor(store: TeamStore, options: TeamImportOptions) {
    this.#store = store;
    this.#options = options;
    this.#cursor = readCursor(options.dataDir, options.database, store.desk.id);
    this.#savedCursor = this.#cursor;
  }

  /**
   * Reads every change since the last read and copies it here; resolves with how many copies
   * changed. Calls while one runs make one more read after it, never one each.
   */
  async catchUp(): Promise<number> {
    if (this.#running !== undefined) {
      this.#again = true;
      return this.#running;
    }
    let copied = 0;
    this.#running = (async () => {
      do {
        this.#again = false;
        copied += await this.#readOnce();
      } while (this.#wanted());
      return copied;
    })().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  #wanted(): boolean {
    return this.#again;
  }

  /**
   * A purchase another desk holds, copied here (a begin found its variables held by it); resolves
   * with its local id once committed. The copies asked for within copyGatherMs share one commit,
   * as a read's do: in a burst every held begin asks for one, and a durable commit each was a
   * quarter of a desk's work (docs/decisions/021-team-propagation-ceiling.md).
   */
  copy(row: TeamPurchase): Promise<string | undefined> {
    const copy = localCopyOf(row, this.#options.environmentOf(row.environment));
    if (copy === undefined) return Promise.resolve(undefined);
    return new Promise<string>((resolve, reject) => {
      this.#copies.push({ copy, resolve: () => { resolve(copy.record.id); }, reject });
      if (this.#copies.length > 1) return;
      setTimeout(() => {
        const taken = this.#copies;
        this.#copies = [];
        this.#options.purchases.mirrorTeamPurchases(taken.map((item) => item.copy)).then(
          () => { for (const item of taken) item.resolve(); },
          (error: unknown) => { for (const item of taken) item.reject(error); },
        );
      }, copyGatherMs);
    });
  }

  /** The place reached is written to the data folder now, if it moved since it last was (at close). */
  saveCursor(): void {
    if (this.#cursorTimer !== undefined) clearTimeout(this.#cursorTimer);
    this.#cursorTimer = undefined;
    if (this.#cursor === undefined || this.#cursor === this.#savedCursor) return;
    writeCursor(this.#options.dataDir, this.#options.database, this.#store.desk.id, this.#cursor);
    this.#savedCursor = this.#cursor;
  }

  async #readOnce(): Promise<number> {
    const { purchases, log } = this.#options;
    const changes = await this.#store.readChanges(this.#cursor);
    const copies = [];
    for (const row of changes.purchases) {
      // This desk's own rows too: one bought from another of its folders (a CLI's) shows here as a
      // copy; one this journal has itself is never touched (mirrorTeamPurchases).
      const copy = localCopyOf(row, this.#options.environmentOf(row.environment));
      if (copy === undefined) log(`Team purchase ${row.id} of desk ${row.deskName} cannot be shown here: its record cannot be read.`);
      else copies.push(copy);
    }
    // One read's copies share a commit; the place moves on only once they are committed.
    const copied = await purchases.mirrorTeamPurchases(copies);
    this.#cursor = changes.cursor;
    this.#saveCursorSoon();
    return copied;
  }

  /**
   * The cursor file is written at most once a second (and at close): under a burst of changes a
   * write per read cost the desk more than the reads. Losing the last second's place to a crash
   * only reads those changes again, and copies are idempotent.
   */
  #saveCursorSoon(): void {
    if (this.#cursorTimer !== undefined) return;
    if (this.#savedCursor === undefined) {
      this.saveCursor();
      return;
    }
    this.#cursorTimer = setTimeout(() => { this.saveCursor(); }, 1000);
    this.#cursorTimer.unref();
  }
}
