import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PurchaseJournal } from '../../electron/core/purchases/journal.ts';
import type { PurchaseRecord } from '../../shared/purchase.ts';

const varA = 'https://api.example.test/vars/WhenFresh/Address#Ordnance Survey/Spatial/Address/UPRN';
const varB = 'https://api.example.test/vars/WhenFresh/Property Insurance#Dwelling/Rooms/Bathrooms/Bathroom Count (1⋯5+)';

function record(overrides: Partial<PurchaseRecord> = {}): PurchaseRecord {
  return {
    id: randomUUID(),
    environmentId: 'sandbox',
    titleNumber: 'DN123456',
    variables: [varA],
    options: {},
    state: 'submitting',
    autoCheck: true,
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_000,
    timeline: [],
    ...overrides,
  };
}

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

  it('stays fast to search at 10,000 purchases because the filters use indexes', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => record({ titleNumber: `DN${i % 500}`, purchaseId: `p-${i}`, createdAt: i }));
    for (const r of many) journal.insert(r);
    expect(journal.search({ titleNumber: 'DN7', limit: 5 })).toHaveLength(5);
    const plan = new DatabaseSync(journal.path, { readOnly: true });
    try {
      const detail = (sql: string) => JSON.stringify(plan.prepare(`EXPLAIN QUERY PLAN ${sql}`).all());
      expect(detail("SELECT record FROM purchases WHERE title_number = 'DN7' ORDER BY created_at DESC")).toContain('purchases_title');
      expect(detail("SELECT record FROM purchases WHERE purchase_id = 'p-9'")).toContain('purchases_purchase_id');
      expect(detail("SELECT record FROM purchases WHERE state = 'pending' ORDER BY created_at DESC")).toContain('purchases_state');
    } finally {
      plan.close();
    }
  });
});
