import type { PurchaseService } from '../purchases/purchase-service.ts';
import type { TeamStore } from '../team/team-store.ts';
import type { TeamPurchase } from '../team/team-rows.ts';
import { localCopyOf } from './team-copy.ts';
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

  constructor(store: TeamStore, options: TeamImportOptions) {
    this.#store = store;
    this.#options = options;
    this.#cursor = readCursor(options.dataDir, options.database, store.desk.id);
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

  /** A purchase another desk holds, copied now (a begin found its variables held by it). */
  copy(row: TeamPurchase): string | undefined {
    const copy = localCopyOf(row, this.#options.environmentOf(row.environment));
    if (copy === undefined) return undefined;
    this.#options.purchases.mirrorTeamPurchase(copy.record, copy.result);
    return copy.record.id;
  }

  async #readOnce(): Promise<number> {
    const { purchases, dataDir, log } = this.#options;
    const changes = await this.#store.readChanges(this.#cursor);
    let copied = 0;
    for (const row of changes.purchases) {
      // This desk's own rows too: one bought from another of its folders (a CLI's) shows here as a
      // copy; one this journal has itself is never touched (mirrorTeamPurchase).
      const copy = localCopyOf(row, this.#options.environmentOf(row.environment));
      if (copy === undefined) {
        log(`Team purchase ${row.id} of desk ${row.deskName} cannot be shown here: its record cannot be read.`);
        continue;
      }
      if (purchases.mirrorTeamPurchase(copy.record, copy.result)) copied += 1;
    }
    this.#cursor = changes.cursor;
    writeCursor(dataDir, this.#options.database, this.#store.desk.id, changes.cursor);
    return copied;
  }
}
