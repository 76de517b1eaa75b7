import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { PurchaseJournal } from '../../../../electron/core/purchases/journal/journal.ts';
import { purchaseCosts } from '../../../../electron/core/purchases/journal/migrations/0004-purchase-costs.ts';
import { journalMigrations, journalSchemaVersion, migrateJournal } from '../../../../electron/core/purchases/journal/migrations/index.ts';
import { SpendingLedger } from '../../../../electron/core/spending/ledger.ts';
import { localCopyOf } from '../../../../electron/core/team-desk/team-copy.ts';
import type { TeamPurchase } from '../../../../electron/core/team/team-rows.ts';
import type { PurchaseRecord } from '../../../../shared/purchase/purchase.ts';

const dirs: string[] = [];
const open: { close: () => void }[] = [];
afterEach(() => {
  for (const item of open.splice(0)) item.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const now = Date.now();
const starts = { day: now - 86_400_000, month: now - 20 * 86_400_000 };

const bought = (id: string, titleNumber: string, value: number, fields: Partial<PurchaseRecord> = {}): PurchaseRecord => ({
  id, environmentId: 'sandbox', titleNumber, variables: ['https://x/vars/A#B/C'], options: {}, state: 'available', purchaseId: `p-${id.slice(-4)}`,
  autoCheck: false, createdAt: now - 1000, updatedAt: now, timeline: [], totals: [{ currency: 'GBP', value }], ...fields,
});

/** Another desk's purchase as the team database hands it over, with the record that desk wrote. */
function teamRow(record: PurchaseRecord, id: string): TeamPurchase {
  return {
    id, deskId: '2', deskName: 'alice', environment: 'http://127.0.0.1:9', localId: record.id, resourceKind: 'title', resource: record.titleNumber ?? '',
    variables: record.variables, prices: ['40.0000'], state: record.state, cost: '40.0000', currency: 'GBP', answers: { record: { ...record, team: { purchaseId: id, desk: 'alice' } } },
    servicePurchaseId: record.purchaseId ?? null, accepted: true, budgetReleased: false, createdAt: new Date(record.createdAt), updatedAt: new Date(record.updatedAt),
    settledAt: new Date(record.updatedAt), seq: id,
  };
}

const schemaOf = (db: DatabaseSync): unknown[] => db.prepare("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name").all();

/**
 * A journal as TitleDesk left it at schema 6, holding two own purchases (£2.50 and £1.25), a
 * purchase imported from another machine's history export (£4) and two copies of another desk's
 * purchases (£40 each). The rows are written through the journal as this version writes them;
 * the cost tables are then made again by the released migration 0004, as schema 6 had them.
 */
function journalAtSchema6(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'titledesk-team-copies-'));
  dirs.push(dataDir);
  const journal = new PurchaseJournal(dataDir);
  journal.insert(bought('01a234ca-86bd-7000-9061-5b4aecbd0001', 'DN1', 2.5));
  journal.insert(bought('01a234ca-86bd-7000-9061-5b4aecbd0002', 'DN2', 1.25, { team: { purchaseId: '5', desk: 'dana' } }));
  journal.insertIfAbsent(bought('01a234ca-86bd-7000-9061-5b4aecbd0003', 'DN3', 4, { imported: true }), null);
  for (const [index, title] of ['DN4', 'DN5'].entries()) {
    const copy = localCopyOf(teamRow(bought(`01a234ca-86bd-7000-9061-5b4aecbd010${String(index)}`, title, 40), String(7 + index)), 'sandbox');
    if (copy === undefined) throw new Error('the team row gave no copy');
    journal.insertIfAbsent(copy.record, copy.result);
  }
  journal.close();
  const db = new DatabaseSync(join(dataDir, 'purchases.sqlite'));
  db.exec('DROP VIEW purchase_cost_lists');
  db.exec('BEGIN');
  purchaseCosts.migrate(db);
  db.exec('COMMIT');
  db.exec('PRAGMA user_version = 6');
  // Exactly the schema 6 the released migrations make.
  const released = new DatabaseSync(':memory:');
  migrateJournal(released, journalMigrations.slice(0, 6));
  expect(schemaOf(db)).toEqual(schemaOf(released));
  released.close();
  db.close();
  return dataDir;
}

const gbp = (list: readonly { currency: string; value: number }[]): number | undefined => list.find((money) => money.currency === 'GBP')?.value;

describe("a journal from before another desk's purchases stopped counting", () => {
  it('no longer counts the copies once opened, also for a tally held across the migration', () => {
    const dataDir = journalAtSchema6();
    const path = join(dataDir, 'purchases.sqlite');
    // Schema 6 counted the copies: £87.75.
    const held = new SpendingLedger(path);
    open.push(held);
    expect(gbp(held.spent('sandbox', starts).month)).toBe(87.75);

    const journal = new PurchaseJournal(dataDir);
    open.push(journal);
    expect(journal.database.prepare('PRAGMA user_version').get()).toEqual({ user_version: journalSchemaVersion });
    // Own purchases (with or without the team's mark) and the history import count; the copies do not.
    const fresh = new SpendingLedger(path);
    open.push(fresh);
    for (const ledger of [held, fresh]) {
      const spent = ledger.spent('sandbox', starts);
      expect(gbp(spent.month)).toBe(7.75);
      expect(gbp(spent.day)).toBe(7.75);
    }
    expect(fresh.costsSince('sandbox', starts.month).map((entry) => entry.cost.value).sort()).toEqual([1.25, 2.5, 4]);

    // A copy written after the migration counts for nothing either, even once it settles.
    const later = localCopyOf(teamRow(bought('01a234ca-86bd-7000-9061-5b4aecbd0200', 'DN6', 40, { state: 'pending', totals: undefined }), '20'), 'sandbox');
    if (later === undefined) throw new Error('the team row gave no copy');
    journal.insertIfAbsent(later.record, null);
    journal.update({ ...later.record, state: 'available', totals: [{ currency: 'GBP', value: 40 }], updatedAt: now + 1 }, 'normal');
    expect(gbp(held.spent('sandbox', starts).month)).toBe(7.75);
  });

  it('changes nothing in a journal without copies, and nothing more at the next open', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'titledesk-team-copies-'));
    dirs.push(dataDir);
    const first = new PurchaseJournal(dataDir);
    first.insert(bought('01a234ca-86bd-7000-9061-5b4aecbd0001', 'DN1', 2.5));
    first.close();
    const db = new DatabaseSync(join(dataDir, 'purchases.sqlite'));
    db.exec('PRAGMA user_version = 6');
    const changes = (): unknown => db.prepare('SELECT (SELECT count(*) FROM purchase_cost_changes) AS changes, (SELECT through FROM purchase_cost_pruned) AS through').get();
    const before = changes();
    new PurchaseJournal(dataDir).close();
    expect(changes()).toEqual(before);
    new PurchaseJournal(dataDir).close();
    expect(changes()).toEqual(before);
    db.close();
  });
});
