import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { PurchaseJournal } from '../../../../../electron/core/purchases/journal/journal.ts';
import { journalSchemaVersion, migrateJournal } from '../../../../../electron/core/purchases/journal/migrations/index.ts';

const fixtures = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'journals');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

interface StoredRow {
  readonly id: string;
  readonly state: string;
  readonly title_number: string | null;
  readonly result_body: string | null;
}

/** A data folder whose journal is the fixture's SQL, as an older TitleDesk left it. */
function folderFrom(fixture: string): { dataDir: string; rows: StoredRow[] } {
  const dataDir = mkdtempSync(join(tmpdir(), 'titledesk-migrations-'));
  dirs.push(dataDir);
  const db = new DatabaseSync(join(dataDir, 'purchases.sqlite'));
  db.exec(readFileSync(join(fixtures, fixture), 'utf8'));
  const rows = db.prepare('SELECT id, state, title_number, result_body FROM purchases ORDER BY id').all() as unknown as StoredRow[];
  db.close();
  return { dataDir, rows };
}

function inspect(path: string, sql: string): unknown[] {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return db.prepare(sql).all();
  } finally {
    db.close();
  }
}

const schemaOf = (path: string): unknown[] => inspect(path, "SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name");
const versionOf = (path: string): unknown => (inspect(path, 'PRAGMA user_version')[0] as { user_version: number }).user_version;
const count = (path: string, table: string): number => (inspect(path, `SELECT count(*) AS n FROM ${table}`)[0] as { n: number }).n;

function freshSchema(): unknown[] {
  const dataDir = mkdtempSync(join(tmpdir(), 'titledesk-migrations-'));
  dirs.push(dataDir);
  const journal = new PurchaseJournal(dataDir);
  journal.close();
  return schemaOf(join(dataDir, 'purchases.sqlite'));
}

describe('the journal\'s numbered migrations', { timeout: 60_000 }, () => {
  for (const fixture of ['first-release.sql', 'before-numbered-migrations.sql']) {
    it(`open a journal written before them (${fixture}), migrate it and keep every record`, () => {
      const { dataDir, rows } = folderFrom(fixture);
      expect(rows.length).toBeGreaterThan(10);
      const journal = new PurchaseJournal(dataDir);
      try {
        const listed = journal.search({ limit: 1000 });
        expect(listed.map((record) => record.id).sort()).toEqual(rows.map((row) => row.id));
        for (const row of rows) {
          expect(journal.get(row.id)?.state).toBe(row.state);
          if (row.result_body !== null) expect(journal.getResult(row.id)).toEqual(JSON.parse(row.result_body));
          // The search indexes are made and filled from the rows already there.
          if (row.title_number !== null) expect(journal.search({ titleNumber: row.title_number }).map((record) => record.id)).toContain(row.id);
        }
        expect(journal.summaries({ limit: 1000 })).toHaveLength(rows.length);
      } finally {
        journal.close();
      }
      const path = join(dataDir, 'purchases.sqlite');
      expect(versionOf(path)).toBe(journalSchemaVersion);
      // Every table, index, view and trigger a new journal has, and nothing else.
      expect(schemaOf(path)).toEqual(freshSchema());
      // Each available purchase counts its totals against the budgets.
      expect(count(path, 'purchase_costs')).toBe(rows.filter((row) => row.state === 'available').length);
    });
  }

  it('keep the batches and the reservations a journal had', () => {
    const { dataDir } = folderFrom('before-numbered-migrations.sql');
    const path = join(dataDir, 'purchases.sqlite');
    const before = { batches: count(path, 'batch_items'), reservations: count(path, 'purchase_reservations'), estimates: count(path, 'purchase_estimates') };
    expect(before.batches).toBeGreaterThan(0);
    expect(before.reservations).toBe(1);
    new PurchaseJournal(dataDir).close();
    expect({ batches: count(path, 'batch_items'), reservations: count(path, 'purchase_reservations'), estimates: count(path, 'purchase_estimates') }).toEqual(before);
  });

  it('change nothing at the next open', () => {
    const { dataDir } = folderFrom('first-release.sql');
    const path = join(dataDir, 'purchases.sqlite');
    new PurchaseJournal(dataDir).close();
    const schema = inspect(path, "SELECT type, name, sql FROM sqlite_master ORDER BY type, name");
    new PurchaseJournal(dataDir).close();
    expect(inspect(path, "SELECT type, name, sql FROM sqlite_master ORDER BY type, name")).toEqual(schema);
  });

  it('refuse a journal written by a newer TitleDesk, leaving it untouched', () => {
    const { dataDir } = folderFrom('first-release.sql');
    const path = join(dataDir, 'purchases.sqlite');
    const db = new DatabaseSync(path);
    db.exec(`PRAGMA user_version = ${String(journalSchemaVersion + 1)}`);
    db.close();
    expect(() => new PurchaseJournal(dataDir)).toThrow(`written by a newer TitleDesk (schema ${String(journalSchemaVersion + 1)})`);
    expect(versionOf(path)).toBe(journalSchemaVersion + 1);
    expect(schemaOf(path).length).toBeLessThan(freshSchema().length);
  });

  it('run in one transaction: a failing migration leaves the journal at its old version with nothing half-made', () => {
    const db = new DatabaseSync(':memory:');
    const migrations = [
      // Schema 1 is also what every journal before the numbering says: its migration runs again on it.
      { version: 1, name: 'one', migrate: (target: DatabaseSync) => { target.exec('CREATE TABLE IF NOT EXISTS one (x)'); } },
      { version: 2, name: 'two', migrate: (target: DatabaseSync) => { target.exec('CREATE TABLE two (x); SELECT no_such_function()'); } },
    ];
    expect(() => { migrateJournal(db, migrations); }).toThrow(/no_such_function/);
    expect(db.isTransaction).toBe(false);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all()).toEqual([]);
    expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: 0 });
    migrateJournal(db, migrations.slice(0, 1));
    expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: 1 });
    const two = { version: 2, name: 'two', migrate: (target: DatabaseSync) => { target.exec('CREATE TABLE two (x)'); } };
    migrateJournal(db, [...migrations.slice(0, 1), two]);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all()).toEqual([{ name: 'one' }, { name: 'two' }]);
    // A numbered journal runs only the migrations after its version (two again would fail: its table exists).
    migrateJournal(db, [...migrations.slice(0, 1), two, { version: 3, name: 'three', migrate: (target: DatabaseSync) => { target.exec('CREATE TABLE three (x)'); } }]);
    expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: 3 });
    db.close();
  });
});
