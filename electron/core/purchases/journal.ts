import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import type { JournalNotice } from '../../../shared/journal.ts';
import type { HistoryQuery, PurchaseRecord } from '../../../shared/purchase.ts';
import { purchaseRecordSchema } from '../../../shared/purchase.ts';
import { buildHistoryWhere } from './history-query.ts';
import { migrateHistorySearch } from './history-search.ts';
import { applyRequestedRestore } from './journal-backup.ts';
import { openJournalFile, type SalvagedRow } from './journal-open.ts';

/**
 * The durable purchase journal and history, in one SQLite file per data directory.
 *
 * node:sqlite is built into Node 22+ and into Electron 45's Node 24, so there is no native module
 * to build or rebuild. WAL lets the history be read while the poller writes. Writes that must
 * survive a power cut (the intent before the POST, the Location after the 303, final states)
 * are committed with synchronous=FULL; timeline-only updates use NORMAL, which in WAL mode still
 * survives the process being killed.
 */
export type Durability = 'full' | 'normal';

const schemaVersion = 1;
const fileName = 'purchases.sqlite';

const recordRowSchema = z.object({ record: z.string() });
const idRecordRowSchema = z.object({ id: z.string(), record: z.string() });
const resultRowSchema = z.object({ result_body: z.string().nullable() });
const versionRowSchema = z.object({ user_version: z.number() });

const createStatements = `
CREATE TABLE IF NOT EXISTS purchases (
  id TEXT PRIMARY KEY,
  environment_id TEXT NOT NULL,
  title_number TEXT,
  purchase_id TEXT,
  state TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  record TEXT NOT NULL,
  result_body TEXT
);
CREATE INDEX IF NOT EXISTS purchases_created ON purchases (created_at DESC);
CREATE INDEX IF NOT EXISTS purchases_title ON purchases (title_number, created_at DESC);
CREATE INDEX IF NOT EXISTS purchases_purchase_id ON purchases (purchase_id);
CREATE INDEX IF NOT EXISTS purchases_state ON purchases (state, created_at DESC);
CREATE TABLE IF NOT EXISTS purchase_variables (
  variable TEXT NOT NULL,
  purchase_local_id TEXT NOT NULL REFERENCES purchases (id) ON DELETE CASCADE,
  PRIMARY KEY (variable, purchase_local_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS purchase_variables_local ON purchase_variables (purchase_local_id);
`;

/** A row read back is outside input too: parse it, and skip (not crash on) one that does not fit. */
function parseRecord(row: unknown): PurchaseRecord | undefined {
  const parsedRow = recordRowSchema.safeParse(row);
  if (!parsedRow.success) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(parsedRow.data.record);
  } catch {
    return undefined;
  }
  const parsed = purchaseRecordSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

export class PurchaseJournal {
  readonly path: string;
  /** Problems found on opening, for the user: they are said in the UI, never only logged. */
  readonly notices: JournalNotice[];
  readonly #db: DatabaseSync;
  #synchronous: Durability | undefined;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.path = join(dataDir, fileName);
    // A restore the user asked for is done here, before anything reads the journal it replaces.
    const restored = applyRequestedRestore(dataDir, this.path, Date.now());
    const opened = openJournalFile(this.path);
    this.#db = opened.db;
    this.notices = restored === undefined ? opened.notices : [restored, ...opened.notices];
    this.#setSynchronous('full');
    this.#migrate();
    if (opened.salvaged.length > 0) this.#restoreRows(opened.salvaged);
    this.#reportUnreadable();
  }

  #restoreRows(rows: readonly SalvagedRow[]): void {
    this.#transaction('full', () => {
      const insert = this.#db.prepare(`INSERT OR REPLACE INTO purchases (id, environment_id, title_number, purchase_id, state, created_at, updated_at, record, result_body)
                                       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
      for (const row of rows) {
        insert.run(row.id, row.environment_id, row.title_number, row.purchase_id, row.state, row.created_at, row.updated_at, row.record, row.result_body);
        const record = parseRecord({ record: row.record });
        if (record !== undefined) this.#writeVariables(record);
      }
    });
  }

  /** Rows whose record cannot be parsed are left untouched, and said: never skipped in silence. */
  #reportUnreadable(): void {
    let total = 0;
    const unreadable: string[] = [];
    for (const row of this.#db.prepare('SELECT id, record FROM purchases').iterate()) {
      total += 1;
      const parsed = idRecordRowSchema.safeParse(row);
      if (!parsed.success || parseRecord(parsed.data) === undefined) unreadable.push(parsed.success ? parsed.data.id : '?');
    }
    if (unreadable.length === 0) return;
    const shown = unreadable.slice(0, 5).join(', ');
    this.notices.push({
      kind: 'unreadable_records',
      message: `${unreadable.length} of ${total} purchases in the journal could not be read and are not shown (${shown}${unreadable.length > 5 ? ', …' : ''}). ` +
        `They were left untouched in ${this.path}.`,
      path: this.path,
    });
  }

  #migrate(): void {
    const version = versionRowSchema.parse(this.#db.prepare('PRAGMA user_version').get()).user_version;
    if (version > schemaVersion) throw new Error(`The purchase journal was written by a newer TitleDesk (schema ${version}).`);
    this.#db.exec(createStatements);
    this.#db.exec(`PRAGMA user_version = ${schemaVersion}`);
    // A step of its own, keyed on its table rather than on the schema version (history-search.ts).
    migrateHistorySearch(this.#db);
  }

  #setSynchronous(level: Durability): void {
    if (this.#synchronous === level) return;
    this.#db.exec(`PRAGMA synchronous = ${level === 'full' ? 'FULL' : 'NORMAL'}`);
    this.#synchronous = level;
  }

  #transaction(durability: Durability, work: () => void): void {
    this.#setSynchronous(durability);
    this.#db.exec('BEGIN IMMEDIATE');
    try {
      work();
      this.#db.exec('COMMIT');
    } catch (error) {
      this.#db.exec('ROLLBACK');
      throw error;
    }
  }

  /** Writes a new record and its variables; durable before this returns. */
  insert(record: PurchaseRecord): void {
    this.#transaction('full', () => {
      this.#db
        .prepare(`INSERT INTO purchases (id, environment_id, title_number, purchase_id, state, created_at, updated_at, record)
                  VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
        .run(record.id, record.environmentId, record.titleNumber ?? null, record.purchaseId ?? null, record.state,
          record.createdAt, record.updatedAt, JSON.stringify(record));
      this.#writeVariables(record);
    });
  }

  /** Rewrites a record; `replaceVariables` when its variable list changed (a checked purchase learns them from its result). */
  update(record: PurchaseRecord, durability: Durability, options: { replaceVariables?: boolean; resultBody?: string } = {}): void {
    this.#transaction(durability, () => {
      this.#db
        .prepare(`UPDATE purchases SET title_number = ?, purchase_id = ?, state = ?, updated_at = ?, record = ?,
                  result_body = COALESCE(?, result_body) WHERE id = ?`)
        .run(record.titleNumber ?? null, record.purchaseId ?? null, record.state, record.updatedAt, JSON.stringify(record),
          options.resultBody ?? null, record.id);
      if (options.replaceVariables === true) {
        this.#db.prepare('DELETE FROM purchase_variables WHERE purchase_local_id = ?').run(record.id);
        this.#writeVariables(record);
      }
    });
  }

  #writeVariables(record: PurchaseRecord): void {
    const statement = this.#db.prepare('INSERT OR IGNORE INTO purchase_variables (variable, purchase_local_id) VALUES (?, ?)');
    for (const variable of record.variables) statement.run(variable, record.id);
  }

  get(id: string): PurchaseRecord | undefined {
    return parseRecord(this.#db.prepare('SELECT record FROM purchases WHERE id = ?').get(id));
  }

  /** The newest record of a service purchase id in one environment. */
  findByPurchaseId(environmentId: string, purchaseId: string): PurchaseRecord | undefined {
    const row = this.#db
      .prepare('SELECT record FROM purchases WHERE purchase_id = ? AND environment_id = ? ORDER BY created_at DESC LIMIT 1')
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

  /** History, newest first. Every filter is served by an index except the free-text one. */
  search(query: HistoryQuery): PurchaseRecord[] {
    const { where, parameters } = buildHistoryWhere(query);
    const sql = `SELECT record FROM purchases ${where} ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`;
    const rows = this.#db.prepare(sql).all(...parameters, query.limit ?? 100, query.offset ?? 0);
    return rows.map(parseRecord).filter((record) => record !== undefined);
  }

  /** The result collection exactly as the service sent it, parsed as JSON; undefined when there is none. */
  getResult(id: string): unknown {
    const row = resultRowSchema.safeParse(this.#db.prepare('SELECT result_body FROM purchases WHERE id = ?').get(id));
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
    let added = false;
    this.#transaction('full', () => {
      const result = this.#db
        .prepare(`INSERT OR IGNORE INTO purchases (id, environment_id, title_number, purchase_id, state, created_at, updated_at, record, result_body)
                  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`)
        .run(record.id, record.environmentId, record.titleNumber ?? null, record.purchaseId ?? null, record.state,
          record.createdAt, record.updatedAt, JSON.stringify(record), resultBody);
      added = Number(result.changes) > 0;
      if (added) this.#writeVariables(record);
    });
    return added;
  }

  /** The open database, for SQLite's online backup. */
  get database(): DatabaseSync {
    return this.#db;
  }

  close(): void {
    if (this.#db.isOpen) this.#db.close();
  }
}
