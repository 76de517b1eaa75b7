import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { z } from 'zod';
import { afterFailedTransaction } from '../../files/disk-full.ts';
import { makePrivate } from '../../files/private-files.ts';
import type { Durability } from '../../stores/journal-store.ts';
import type { JournalNotice } from '../../../../shared/purchase/journal.ts';
import type { HistoryQuery, PurchaseRecord, PurchaseSummary } from '../../../../shared/purchase/purchase.ts';
import { buildHistorySelect, type HistoryColumn } from './search/history-query.ts';
import { costFromRecordStates } from './migrations/0004-purchase-costs.ts';
import { migrateJournal } from './migrations/index.ts';
import { variablesContaining } from './search/history-search.ts';
import { summaryInFlightStates } from './search/history-search-schema.ts';
import { applyRequestedRestore } from './journal-backup.ts';
import { restoreBatches } from './journal-batch-tables.ts';
import { openJournalFile, type SalvagedRow } from './journal-open.ts';
import { forgetSeal, markOpened, sealJournal } from './journal-seal.ts';
import { parseRecord, parseSummary, resourceColumnOf, unreadableRecordsNotice, type JournalWrite } from './journal-rows.ts';
import { SearchBacklog } from './search/search-backlog.ts';
import { WalCheckpointer, type WalCheckpointerOptions } from './wal-checkpointer.ts';
import { WalSync } from './wal-sync.ts';
import { rowKeysOf, WrittenKeys, type RowKeys } from './written-keys.ts';

export type { JournalWrite } from './journal-rows.ts';

/**
 * The durable purchase journal and history, in one SQLite file per data directory.
 *
 * node:sqlite is built into Node 22+ and into Electron 45's Node 24, so there is no native module
 * to build or rebuild. WAL lets the history be read while the poller writes. Writes that must
 * survive a power cut (the intent before the POST, its sending mark, the Location after the 303,
 * a person's decisions) are committed with synchronous=FULL, or committed with NORMAL and then
 * synced on another thread before anyone is told (writeAllSyncedLater, wal-sync.ts); what the
 * result resource answered uses NORMAL, which in WAL mode still survives the process being killed
 * (poller.ts).
 *
 * The writes are made on the main thread: another thread would spend the same CPU on the same
 * cores (docs/decisions/journal/002-journal-writes-on-the-main-thread.md).
 */
export type { Durability } from '../../stores/journal-store.ts';

const fileName = 'purchases.sqlite';

const resultRowSchema = z.object({ result_body: z.string().nullable() });
const dataVersionRowSchema = z.object({ data_version: z.number() });
const updatedAtRowSchema = z.object({ updated_at: z.number() });
const variableRowSchema = z.object({ variable: z.string() });
const keyColumnsRowSchema = z.object({ title_number: z.string().nullable(), purchase_id: z.string().nullable(), state: z.string() });

export class PurchaseJournal {
  readonly path: string;
  /** Problems found on opening, for the user: they are said in the UI, never only logged. */
  readonly notices: JournalNotice[];
  readonly #db: DatabaseSync;
  readonly #statements = new Map<string, StatementSync>();
  #synchronous: Durability | undefined;
  readonly #checkpointer: WalCheckpointer;
  readonly #walSync: WalSync;
  readonly #searchBacklog: SearchBacklog;
  readonly #writtenKeys = new WrittenKeys();

  /** `checkpoints`: how the log is copied back into the file off the main thread (wal-checkpointer.ts). */
  constructor(dataDir: string, checkpoints: WalCheckpointerOptions = {}) {
    mkdirSync(dataDir, { recursive: true });
    this.path = join(dataDir, fileName);
    // A restore the user asked for is done here, before anything reads the journal it replaces.
    const restored = applyRequestedRestore(dataDir, this.path, Date.now());
    const opened = openJournalFile(this.path);
    // Owner only, whatever the umask: SQLite made the files with it, and gives a new -wal the file's mode.
    for (const suffix of ['', '-wal', '-shm']) makePrivate(`${this.path}${suffix}`);
    this.#db = opened.db;
    this.notices = restored === undefined ? opened.notices : [restored, ...opened.notices];
    this.#checkpointer = new WalCheckpointer(this.#db, this.path, checkpoints);
    this.#walSync = new WalSync(`${this.path}-wal`);
    this.#setSynchronous('full');
    migrateJournal(this.#db);
    this.#searchBacklog = new SearchBacklog(this.#db, (work) => {
      this.#transaction('normal', work, { indexLater: false });
    });
    // What an earlier process left in the backlog (one killed before it closed the journal).
    this.#searchBacklog.wrote();
    if (opened.salvaged.length > 0) this.#restoreRows(opened.salvaged);
    if (opened.salvagedBatches !== undefined) restoreBatches(this.#db, opened.salvagedBatches);
    // Reading every record back is what a sealed file, unchanged since its last check, is spared (journal-seal.ts).
    const unreadable = opened.checkedNow && opened.recordsRead !== true ? unreadableRecordsNotice(this.#db, this.path) : undefined;
    if (unreadable === undefined) markOpened(this.path, opened.checkedAt);
    else {
      this.notices.push(unreadable);
      forgetSeal(this.path);
    }
  }

  #restoreRows(rows: readonly SalvagedRow[]): void {
    this.#transaction('full', () => {
      // Deleted, then inserted, rather than INSERT OR REPLACE: a replaced row fires no delete
      // trigger, and the tables keyed on a purchase's rowid would keep the old row's entries.
      const remove = this.#db.prepare('DELETE FROM purchases WHERE id = ?');
      const insert = this.#db.prepare(`INSERT INTO purchases (id, environment_id, title_number, purchase_id, state, created_at, updated_at, record, result_body)
                                       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
      for (const row of rows) {
        remove.run(row.id);
        insert.run(row.id, row.environment_id, row.title_number, row.purchase_id, row.state, row.created_at, row.updated_at, row.record, row.result_body);
        const record = parseRecord({ record: row.record });
        if (record !== undefined) this.#writeVariables(record);
      }
    }, { records: rows.length });
  }

  #setSynchronous(level: Durability): void {
    if (this.#synchronous === level) return;
    this.#db.exec(`PRAGMA synchronous = ${level === 'full' ? 'FULL' : 'NORMAL'}`);
    this.#synchronous = level;
  }

  /**
   * `indexLater`: the title index takes in what this wrote a moment later (search-backlog.ts).
   * `records`: how many records it writes, which tells the checkpointer how busy the journal is.
   */
  #transaction(durability: Durability, work: () => void, { indexLater = true, records = 1 }: { indexLater?: boolean; records?: number } = {}): void {
    this.#setSynchronous(durability);
    this.#db.exec('BEGIN IMMEDIATE');
    try {
      this.#writtenKeys.validate(this.dataVersion());
      work();
      this.#db.exec('COMMIT');
    } catch (error) {
      this.#writtenKeys.clear();
      throw afterFailedTransaction(this.#db, error);
    }
    this.#checkpointer.wrote(records);
    if (indexLater) this.#searchBacklog.wrote();
  }

  /** Writes a new record and its variables; durable before this returns. */
  insert(record: PurchaseRecord): void {
    this.writeAll([{ record, insert: true }], 'full');
  }

  /** Rewrites a record; `replaceVariables` when its variable list changed (a checked purchase learns them from its result). */
  update(record: PurchaseRecord, durability: Durability, options: { replaceVariables?: boolean; resultBody?: string } = {}): void {
    this.writeAll([{ record, ...options }], durability);
  }

  /**
   * Several writes in one transaction, so they share one commit (and one fsync when FULL):
   * all of them are on disk when this returns, or none is.
   */
  writeAll(writes: readonly JournalWrite[], durability: Durability): void {
    this.#transaction(durability, () => {
      for (const write of writes) {
        if (write.insert === true) this.#insertRow(write.record);
        else this.#updateRow(write);
      }
    }, { records: writes.length });
  }

  /**
   * writeAll(writes, 'full') with the log's sync on another thread (wal-sync.ts): the writes are
   * committed when this returns, so every read sees them, and the promise resolves once they are
   * on disk. Where the log cannot be synced that way, the commit syncs itself before returning.
   */
  writeAllSyncedLater(writes: readonly JournalWrite[]): Promise<void> {
    if (!this.#walSync.available) {
      this.writeAll(writes, 'full');
      return Promise.resolve();
    }
    this.writeAll(writes, 'normal');
    return this.#walSync.sync();
  }

  #insertRow(record: PurchaseRecord): void {
    this.#statement(`INSERT INTO purchases (id, environment_id, title_number, purchase_id, state, created_at, updated_at, record)
                     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
      .run(record.id, record.environmentId, resourceColumnOf(record), record.purchaseId ?? null, record.state,
        record.createdAt, record.updatedAt, JSON.stringify(record));
    this.#writtenKeys.wrote(record.id, rowKeysOf(record));
    this.#writeVariables(record);
  }

  #updateRow(write: JournalWrite): void {
    const { record } = write;
    const json = JSON.stringify(write.notBefore === undefined ? record : { ...record, nextCheckAt: write.notBefore });
    // A purchase in flight that this connection wrote last: its key columns are known, and a 303
    // or a settlement is one UPDATE instead of an UPDATE that changes nothing, a read and another
    // UPDATE (written-keys.ts).
    const known = this.#writtenKeys.get(record.id);
    if (known !== undefined) this.#rewrite(record, json, write.resultBody, known);
    else if (!this.#rewriteIfKeysUnchanged(write, json)) {
      const stored = this.#storedKeys(record.id);
      // Gone (another process deleted it): there is nothing to rewrite.
      if (stored === undefined) return;
      this.#rewrite(record, json, write.resultBody, stored);
    }
    if (write.replaceVariables === true) {
      this.#statement('DELETE FROM purchase_variables WHERE purchase_local_id = ?').run(record.id);
      this.#writeVariables(record);
    }
  }

  /**
   * A rewrite of a row whose key columns this connection does not know (after a start, or a
   * commit by another connection). Most rewrites (a 202 answered) change neither the title, the
   * purchase ID nor the state: naming only what changed leaves the indexes on those untouched, a
   * large part of each rewrite's cost (fewer pages to the WAL;
   * docs/decisions/journal/002-journal-writes-on-the-main-thread.md#rewrites-name-only-what-changed).
   * History's summary is not rewritten either: nothing it holds changes here
   * (history-search-schema.ts). The row's own columns decide, in the same statement: no read of
   * the row before the write. A purchase whose record decides what it cost is rewritten with its
   * state named, so that the trigger keeping its cost sees it (migrations/0004-purchase-costs.ts).
   */
  #rewriteIfKeysUnchanged(write: JournalWrite, json: string): boolean {
    const { record } = write;
    if (write.resultBody !== undefined || write.replaceVariables === true) return false;
    const changes = this.#statement(`UPDATE purchases SET updated_at = ?, record = ? WHERE id = ? AND title_number IS ? AND purchase_id IS ? AND state = ?
                     AND state NOT IN (${costFromRecordStates.map((state) => `'${state}'`).join(', ')})`)
      .run(record.updatedAt, json, record.id, resourceColumnOf(record), record.purchaseId ?? null, record.state).changes;
    if (changes === 0) return false;
    this.#writtenKeys.wrote(record.id, rowKeysOf(record));
    return true;
  }

  #storedKeys(id: string): RowKeys | undefined {
    const row = this.#statement('SELECT title_number, purchase_id, state FROM purchases WHERE id = ?').get(id);
    if (row === undefined) return undefined;
    const stored = keyColumnsRowSchema.parse(row);
    return { titleNumber: stored.title_number, purchaseId: stored.purchase_id, state: stored.state };
  }

  /**
   * A rewrite of a row whose key columns are `stored`. Only the columns that changed are named:
   * SQLite rewrites the index entries of every column in the SET list, changed or not (each a
   * random page of its index, one more page to the WAL), and fires each trigger that watches one.
   * A 303 then leaves the title's entry alone, and a purchase that settles its title's and its
   * purchase ID's. The state is named for a purchase out of flight all the same: its summary and
   * its cost are made from its record by triggers on the state (history-search-schema.ts,
   * migrations/0004-purchase-costs.ts). Fewer pages go to the WAL
   * (docs/decisions/journal/002-journal-writes-on-the-main-thread.md#rewrites-name-only-what-changed).
   */
  #rewrite(record: PurchaseRecord, json: string, resultBody: string | undefined, stored: RowKeys): void {
    const keys = rowKeysOf(record);
    const named: [column: string, value: string | null][] = [];
    if (stored.titleNumber !== keys.titleNumber) named.push(['title_number', keys.titleNumber]);
    if (stored.purchaseId !== keys.purchaseId) named.push(['purchase_id', keys.purchaseId]);
    if (stored.state !== keys.state || !summaryInFlightStates.includes(record.state)) named.push(['state', keys.state]);
    const body = resultBody === undefined ? [] : [resultBody];
    this.#statement(`UPDATE purchases SET ${named.map(([column]) => `${column} = ?, `).join('')}updated_at = ?, record = ?${
      body.length === 0 ? '' : ', result_body = ?'} WHERE id = ?`)
      .run(...named.map(([, value]) => value), record.updatedAt, json, ...body, record.id);
    this.#writtenKeys.wrote(record.id, keys);
  }

  #writeVariables(record: PurchaseRecord): void {
    const statement = this.#statement('INSERT OR IGNORE INTO purchase_variables (variable, purchase_local_id) VALUES (?, ?)');
    for (const variable of record.variables) statement.run(variable, record.id);
  }

  /** Statements are compiled once per connection: compiling is most of the cost of a small query. */
  #statement(sql: string): StatementSync {
    let statement = this.#statements.get(sql);
    if (statement === undefined) {
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  /**
   * SQLite's count of commits by other connections (another process, the batch store): while it
   * stays the same, what this connection wrote is what the file holds.
   */
  dataVersion(): number {
    return dataVersionRowSchema.parse(this.#statement('PRAGMA data_version').get()).data_version;
  }

  /** A record's updated_at as stored, to tell whether a copy held in memory is still current. */
  updatedAt(id: string): number | undefined {
    const row = updatedAtRowSchema.safeParse(this.#statement('SELECT updated_at FROM purchases WHERE id = ?').get(id));
    return row.success ? row.data.updated_at : undefined;
  }

  get(id: string): PurchaseRecord | undefined {
    return parseRecord(this.#statement('SELECT record FROM purchases WHERE id = ?').get(id));
  }

  /** The newest record of a service purchase id in one environment. */
  findByPurchaseId(environmentId: string, purchaseId: string): PurchaseRecord | undefined {
    const row = this.#statement('SELECT record FROM purchases WHERE purchase_id = ? AND environment_id = ? ORDER BY created_at DESC LIMIT 1')
      .get(purchaseId, environmentId);
    return parseRecord(row);
  }

  /** Records in the given states, oldest first: what resume() looks at after a start. */
  listInStates(states: readonly string[]): PurchaseRecord[] {
    const placeholders = states.map(() => '?').join(', ');
    const rows = this.#db
      .prepare(`SELECT record FROM purchases WHERE state IN (${placeholders}) ORDER BY created_at ASC`)
      .all(...states);
    return rows.map(parseRecord).filter((record) => record !== undefined);
  }

  /** History, newest first, a page at a time; every filter and the order come from indexes (history-query.ts). */
  search(query: HistoryQuery): PurchaseRecord[] {
    return this.#page(query, 'record').map(parseRecord).filter((record) => record !== undefined);
  }

  /** The same page as search(), each purchase as History shows it (PurchaseSummary: no timeline, values or followed fields). */
  summaries(query: HistoryQuery): PurchaseSummary[] {
    return this.#page(query, 'summary').map(parseSummary).filter((summary) => summary !== undefined);
  }

  #page(query: HistoryQuery, column: HistoryColumn): unknown[] {
    const { sql, parameters } = buildHistorySelect(query, (text) => this.#variablesContaining(text), column);
    // One statement per combination of filters: a handful, each compiled once.
    return this.#statement(sql).all(...parameters);
  }

  #variablesContaining(text: string): string[] {
    const { sql, parameters } = variablesContaining(text);
    return this.#statement(sql).all(...parameters).flatMap((row) => {
      const parsed = variableRowSchema.safeParse(row);
      return parsed.success ? [parsed.data.variable] : [];
    });
  }

  /** The result collection exactly as the service sent it, parsed as JSON; undefined when there is none. */
  getResult(id: string): unknown {
    const row = resultRowSchema.safeParse(this.#statement('SELECT result_body FROM purchases WHERE id = ?').get(id));
    if (!row.success || row.data.result_body === null) return undefined;
    try {
      return JSON.parse(row.data.result_body);
    } catch {
      return undefined;
    }
  }

  /** Every row as stored (record JSON and result body), oldest first: for an export. */
  *rows(): Generator<{ record: string; result: string | null }> {
    const rowSchema = z.object({ record: z.string(), result_body: z.string().nullable() });
    for (const row of this.#db.prepare('SELECT record, result_body FROM purchases ORDER BY created_at ASC').iterate()) {
      const parsed = rowSchema.safeParse(row);
      if (parsed.success) yield { record: parsed.data.record, result: parsed.data.result_body };
    }
  }

  /** Adds a record from elsewhere unless its id is known; returns whether it was added. */
  insertIfAbsent(record: PurchaseRecord, resultBody: string | null): boolean {
    return this.insertAllIfAbsent([{ record, resultBody }])[0] === true;
  }

  /** Records from elsewhere, each unless its id is known, in one transaction; whether each was added. */
  insertAllIfAbsent(items: readonly { readonly record: PurchaseRecord; readonly resultBody: string | null }[]): boolean[] {
    const added: boolean[] = [];
    if (items.length === 0) return added;
    this.#transaction('full', () => {
      const insert = this.#statement(`INSERT OR IGNORE INTO purchases (id, environment_id, title_number, purchase_id, state, created_at, updated_at, record, result_body)
                  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
      for (const { record, resultBody } of items) {
        const result = insert.run(record.id, record.environmentId, resourceColumnOf(record), record.purchaseId ?? null, record.state,
          record.createdAt, record.updatedAt, JSON.stringify(record), resultBody);
        const inserted = Number(result.changes) > 0;
        added.push(inserted);
        if (inserted) {
          this.#writtenKeys.wrote(record.id, rowKeysOf(record));
          this.#writeVariables(record);
        }
      }
    }, { records: items.length });
    return added;
  }

  /** The open database, for SQLite's online backup. */
  get database(): DatabaseSync {
    return this.#db;
  }

  /** Whether the log is checkpointed by a worker thread (wal-checkpointer.ts) rather than by commits. */
  get checkpointsOffThread(): boolean {
    return this.#checkpointer.offThread;
  }

  /** Whether the checkpointer holds the write lock this moment, emptying the log after a burst (wal-checkpointer.ts). */
  get logBeingEmptied(): boolean {
    return this.#checkpointer.holding;
  }

  close(): void {
    this.#walSync.close();
    try {
      this.#searchBacklog.close();
    } catch {
      // The backlog stays for the next start to take in; searches read it meanwhile.
    }
    this.#checkpointer.stop();
    if (this.#db.isOpen) this.#db.close();
    sealJournal(this.path);
  }
}
