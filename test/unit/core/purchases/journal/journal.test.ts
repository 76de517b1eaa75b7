import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync, StatementSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { PurchaseJournal } from '../../../../../electron/core/purchases/journal/journal.ts';
import type { HistoryQuery, PurchaseRecord } from '../../../../../shared/purchase/purchase.ts';
import { intentRecord, uprnVariable } from '../../../support/intent-record.ts';

const varA = uprnVariable;
const varB = 'https://api.example.test/vars/WhenFresh/Property Insurance#Dwelling/Rooms/Bathrooms/Bathroom Count (1⋯5+)';
const record = intentRecord;

const planRowSchema = z.object({ detail: z.string() });
const sqlValueSchema = z.union([z.string(), z.number(), z.null()]);

let dir: string;
let journal: PurchaseJournal;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'journal-'));
  journal = new PurchaseJournal(dir);
});

afterEach(() => {
  journal.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('PurchaseJournal', () => {
  it('makes an intent row visible to another connection as soon as insert returns, in WAL mode', () => {
    const intent = record();
    journal.insert(intent);
    const other = new DatabaseSync(journal.path, { readOnly: true });
    try {
      expect(other.prepare('SELECT state FROM purchases WHERE id = ?').get(intent.id)).toEqual({ state: 'submitting' });
      expect(other.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    } finally {
      other.close();
    }
  });

  it('keeps records and their updates across close and reopen', () => {
    const intent = record();
    journal.insert(intent);
    const pending: PurchaseRecord = { ...intent, state: 'pending', purchaseId: 'p-1', resultUrl: 'http://x/purchases/p-1', nextCheckAt: 5, updatedAt: 2 };
    journal.update(pending, 'full');
    journal.update({ ...pending, state: 'available', updatedAt: 3 }, 'normal', { resultBody: '{"a":1}' });
    journal.close();
    journal = new PurchaseJournal(dir);
    expect(journal.get(intent.id)).toMatchObject({ state: 'available', purchaseId: 'p-1', updatedAt: 3 });
    expect(journal.getResult(intent.id)).toEqual({ a: 1 });
    expect(journal.findByPurchaseId('sandbox', 'p-1')?.id).toBe(intent.id);
    expect(journal.findByPurchaseId('other', 'p-1')).toBeUndefined();
  });

  it('rewrites a record whose title, purchase ID and state are unchanged without losing a later change to them', () => {
    const pending = record({ state: 'pending', purchaseId: 'p-1', resultUrl: 'https://api.example.test/purchases/p-1' });
    journal.insert(pending);
    const answered = { ...pending, updatedAt: pending.updatedAt + 1, timeline: [{ method: 'GET' as const, path: '/purchases/p-1', status: 202, advisedWaitSeconds: 2, at: 1, receivedAt: 2 }] };
    journal.update(answered, 'normal');
    expect(journal.get(pending.id)?.timeline).toHaveLength(1);
    expect(journal.findByPurchaseId('sandbox', 'p-1')?.id).toBe(pending.id);
    expect(journal.listInStates(['pending']).map((row) => row.id)).toEqual([pending.id]);
    // The state, title and purchase ID change: their columns (and indexes) follow.
    journal.update({ ...answered, state: 'available', titleNumber: 'DN999', purchaseId: 'p-2', updatedAt: answered.updatedAt + 1 }, 'normal', { resultBody: '{"x":1}' });
    expect(journal.listInStates(['pending'])).toEqual([]);
    expect(journal.listInStates(['available']).map((row) => row.titleNumber)).toEqual(['DN999']);
    expect(journal.findByPurchaseId('sandbox', 'p-2')?.id).toBe(pending.id);
    expect(journal.findByPurchaseId('sandbox', 'p-1')).toBeUndefined();
    expect(journal.search({ titleNumber: 'DN999' }).map((row) => row.id)).toEqual([pending.id]);
    expect(journal.getResult(pending.id)).toEqual({ x: 1 });
  });

  it('moves the indexed columns with a rewrite that changes them and carries no result', () => {
    const intent = record();
    journal.insert(intent);
    // The 303: the purchase ID and the state change, nothing else comes with them.
    const pending = { ...intent, state: 'pending' as const, purchaseId: 'p-9', resultUrl: 'https://api.example.test/purchases/p-9', updatedAt: intent.updatedAt + 1 };
    journal.update(pending, 'full');
    expect(journal.findByPurchaseId('sandbox', 'p-9')?.id).toBe(intent.id);
    expect(journal.listInStates(['submitting'])).toEqual([]);
    journal.update({ ...pending, state: 'failed', updatedAt: pending.updatedAt + 1 }, 'normal');
    expect(journal.listInStates(['pending'])).toEqual([]);
    expect(journal.listInStates(['failed']).map((row) => row.purchaseId)).toEqual(['p-9']);
    expect(journal.get(intent.id)?.state).toBe('failed');
  });

  it('names only the columns that changed: a settling purchase writes no page of the title or purchase-ID index, and its summary and cost still follow', () => {
    // The pages a write appends to the WAL, from each frame's header (the page number, big-endian).
    const walPath = `${journal.path}-wal`;
    const pagesWrittenBy = (write: () => void): number[] => {
      const from = statSync(walPath).size;
      write();
      const log = readFileSync(walPath);
      const pages: number[] = [];
      for (let offset = Math.max(from, 32); offset + 24 <= log.length; offset += 24 + 4096) pages.push(log.readUInt32BE(offset));
      return pages;
    };
    const indexPages = (name: string): number[] =>
      journal.database.prepare('SELECT pageno FROM dbstat WHERE name = ?').all(name).map((row) => z.object({ pageno: z.number() }).parse(row).pageno);
    const intent = record();
    journal.insert(intent);
    const pending = { ...intent, state: 'pending' as const, purchaseId: 'p-7', resultUrl: 'https://api.example.test/purchases/p-7', updatedAt: intent.updatedAt + 1 };
    journal.update(pending, 'full');

    const settled = { ...pending, state: 'available' as const, totals: [{ currency: 'GBP', value: 2.5 }], updatedAt: pending.updatedAt + 1 };
    const written = pagesWrittenBy(() => { journal.update(settled, 'normal', { resultBody: '{"x":1}' }); });
    expect(written.length).toBeGreaterThan(0);
    for (const index of ['purchases_by_title', 'purchases_purchase_id']) expect(written.filter((page) => indexPages(index).includes(page)), index).toEqual([]);
    // The state's index did move.
    expect(written.some((page) => indexPages('purchases_by_state').includes(page))).toBe(true);
    expect(journal.summaries({}).map((summary) => [summary.id, summary.state])).toEqual([[intent.id, 'available']]);
    expect(journal.database.prepare('SELECT currency, micros FROM purchase_costs').all()).toEqual([{ currency: 'GBP', micros: 2_500_000 }]);

    // A settled purchase rewritten with other totals: its state is named though unchanged, so its cost follows.
    journal.update({ ...settled, totals: [{ currency: 'GBP', value: 3 }], updatedAt: settled.updatedAt + 1 }, 'normal');
    expect(journal.database.prepare('SELECT currency, micros FROM purchase_costs').all()).toEqual([{ currency: 'GBP', micros: 3_000_000 }]);
    // A new title still moves its index entry, and is found by it.
    journal.update({ ...settled, titleNumber: 'DN42', updatedAt: settled.updatedAt + 2 }, 'normal');
    expect(journal.search({ titleNumber: 'DN42' }).map((row) => row.id)).toEqual([intent.id]);
  });

  it('names the changed columns from the keys it wrote, unless another connection committed or its transaction rolled back', () => {
    const columns = (id: string): unknown => journal.database.prepare(
      "SELECT state, purchase_id AS purchaseId, json_extract(record, '$.state') AS recordState FROM purchases WHERE id = ?").get(id);
    const intent = record();
    journal.insert(intent);
    // Another connection (a CLI, the batch store) settles the row behind this one's back.
    const other = new DatabaseSync(journal.path);
    try {
      other.prepare("UPDATE purchases SET state = 'cancelled', record = json_set(record, '$.state', 'cancelled') WHERE id = ?").run(intent.id);
    } finally {
      other.close();
    }
    // This connection last wrote "submitting" there: its next rewrite must name the state all the same.
    journal.update({ ...intent, sendingAt: 5, updatedAt: intent.updatedAt + 1 }, 'full');
    expect(columns(intent.id)).toEqual({ state: 'submitting', purchaseId: null, recordState: 'submitting' });

    // A 303 noted in a transaction that then fails (a second insert of the same id) is rolled back.
    const pending = { ...intent, sendingAt: 5, state: 'pending' as const, purchaseId: 'p-3', resultUrl: 'https://api.example.test/purchases/p-3', updatedAt: intent.updatedAt + 2 };
    expect(() => { journal.writeAll([{ record: pending }, { record: intent, insert: true }], 'full'); }).toThrow(/UNIQUE/);
    expect(columns(intent.id)).toEqual({ state: 'submitting', purchaseId: null, recordState: 'submitting' });
    journal.update(pending, 'full');
    expect(columns(intent.id)).toEqual({ state: 'pending', purchaseId: 'p-3', recordState: 'pending' });
    expect(journal.findByPurchaseId('sandbox', 'p-3')?.id).toBe(intent.id);
  });

  it('lists records in given states, oldest first', () => {
    const a = record({ state: 'pending', createdAt: 2 });
    const b = record({ state: 'submitting', createdAt: 1 });
    journal.insert(a);
    journal.insert(b);
    journal.insert(record({ state: 'available', createdAt: 3 }));
    expect(journal.listInStates(['pending', 'submitting']).map((r) => r.id)).toEqual([b.id, a.id]);
  });

  it('searches history by title, purchase id, variable, status, date and text, newest first', () => {
    const first = record({ titleNumber: 'DN1', purchaseId: 'abc-1', state: 'available', createdAt: 100 });
    const second = record({ titleNumber: 'DN1', purchaseId: 'abc-2', variables: [varB], state: 'failed', createdAt: 200 });
    const third = record({ titleNumber: 'WM990994', purchaseId: 'zzz', variables: [varA, varB], state: 'pending', createdAt: 300 });
    for (const r of [first, second, third]) journal.insert(r);
    const ids = (query: Parameters<PurchaseJournal['search']>[0]) => journal.search(query).map((r) => r.id);
    expect(ids({})).toEqual([third.id, second.id, first.id]);
    expect(ids({ titleNumber: 'dn 1' })).toEqual([second.id, first.id]);
    expect(ids({ purchaseId: 'abc-2' })).toEqual([second.id]);
    expect(ids({ variable: varB })).toEqual([third.id, second.id]);
    expect(ids({ status: 'available' })).toEqual([first.id]);
    expect(ids({ from: 150, to: 300 })).toEqual([third.id, second.id]);
    expect(ids({ text: 'abc' })).toEqual([second.id, first.id]);
    expect(ids({ text: 'bathroom' })).toEqual([third.id, second.id]);
    expect(ids({ text: 'wm99' })).toEqual([third.id]);
    expect(ids({ text: '%' })).toEqual([]);
    expect(ids({ limit: 1, offset: 1 })).toEqual([second.id]);
  });

  it('skips a row that no longer parses instead of failing the whole history', () => {
    const good = record();
    journal.insert(good);
    const bad = record();
    journal.insert(bad);
    const raw = new DatabaseSync(journal.path);
    raw.prepare('UPDATE purchases SET record = ? WHERE id = ?').run('{"id":"not a record"}', bad.id);
    raw.close();
    expect(journal.search({}).map((r) => r.id)).toEqual([good.id]);
    expect(journal.get(bad.id)).toBeUndefined();
  });

  it('serves every exact history filter and the newest page from an index, at 10,000 purchases', () => {
    seedInOneTransaction(10_000);
    const plans = {
      newest: planOf({ limit: 100 }),
      title: planOf({ titleNumber: 'DN7', limit: 5 }),
      purchaseId: planOf({ purchaseId: 'p-9' }),
      status: planOf({ status: 'pending' }),
      variable: planOf({ variable: varB }),
      dates: planOf({ from: 100, to: 200 }),
    };
    expect(plans.newest).toContain('SCAN purchases USING INDEX purchases_by_created');
    expect(plans.title).toContain('SEARCH purchases USING INDEX purchases_by_title (title_number=?)');
    expect(plans.purchaseId).toContain('SEARCH purchases USING INDEX purchases_purchase_id (purchase_id=?)');
    expect(plans.status).toContain('SEARCH purchases USING INDEX purchases_by_state (state=?)');
    expect(plans.variable).toContain('SEARCH purchase_variables USING PRIMARY KEY (variable=?)');
    expect(plans.dates).toContain('SEARCH purchases USING INDEX purchases_by_created (created_at>? AND created_at<?)');
    // A bare "SCAN purchases" is a read of every row: no exact filter may need one.
    for (const plan of Object.values(plans)) expect(plan).not.toContain('SCAN purchases');
    // The index gives the newest-first order itself: a page is read, never the whole match sorted.
    for (const plan of [plans.newest, plans.title, plans.status, plans.dates]) expect(plan).not.toContain('TEMP B-TREE');
  });

  it('finds the right rows among 10,000 purchases with the indexed filters', () => {
    seedInOneTransaction(10_000);
    const byTitle = journal.search({ titleNumber: 'DN7', limit: 5 });
    expect(byTitle.map((r) => r.purchaseId)).toEqual(['p-9507', 'p-9007', 'p-8507', 'p-8007', 'p-7507']);
    expect(journal.search({ purchaseId: 'p-9' }).map((r) => r.createdAt)).toEqual([9]);
    const withB = journal.search({ variable: varB, limit: 10_000 });
    expect(withB).toHaveLength(1_000);
    expect(withB.every((r) => r.variables.includes(varB))).toBe(true);
  });
});

/**
 * 10,000 rows in one transaction, through a second connection: written one fsync'd insert at a
 * time they take seconds on a busy disk, and what these tests are about is the query plans, not
 * the speed of writing (`npm run bench` measures speed).
 */
function seedInOneTransaction(count: number): void {
  const db = new DatabaseSync(journal.path);
  try {
    const purchase = db.prepare(`INSERT INTO purchases (id, environment_id, title_number, purchase_id, state, created_at, updated_at, record)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
    const variable = db.prepare('INSERT INTO purchase_variables (variable, purchase_local_id) VALUES (?, ?)');
    db.exec('BEGIN');
    for (let i = 0; i < count; i += 1) {
      const r = record({ titleNumber: `DN${i % 500}`, purchaseId: `p-${i}`, state: i % 3 === 0 ? 'pending' : 'available',
        variables: i % 10 === 0 ? [varA, varB] : [varA], createdAt: i, updatedAt: i });
      purchase.run(r.id, r.environmentId, r.titleNumber ?? null, r.purchaseId ?? null, r.state, r.createdAt, r.updatedAt, JSON.stringify(r));
      for (const v of r.variables) variable.run(v, r.id);
    }
    db.exec('COMMIT');
  } finally {
    db.close();
  }
}

/**
 * The query plan of the statement search() really runs: the statement and its parameters are
 * captured as the journal executes them, then explained on a read-only connection.
 */
function planOf(query: HistoryQuery): string[] {
  // A spy calls through: it only records which statement ran and with what.
  const all = vi.spyOn(StatementSync.prototype, 'all');
  let captured: { sql: string; parameters: unknown[] }[];
  try {
    journal.search(query);
    captured = all.mock.contexts.map((statement: unknown, index) => ({
      sql: statement instanceof StatementSync ? statement.sourceSQL : '',
      parameters: all.mock.calls[index] ?? [],
    }));
  } finally {
    all.mockRestore();
  }
  const statement = captured.find((entry) => entry.sql.includes('FROM purchases'));
  if (statement === undefined) throw new Error('search() ran no statement over purchases');
  const reader = new DatabaseSync(journal.path, { readOnly: true });
  try {
    const parameters = statement.parameters.map((value) => sqlValueSchema.parse(value));
    const rows = reader.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`).all(...parameters);
    return rows.map((row) => planRowSchema.parse(row).detail);
  } finally {
    reader.close();
  }
}
