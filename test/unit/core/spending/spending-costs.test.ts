import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeRecord } from '../../../../bench/sections/history-records.ts';
import { PurchaseJournal } from '../../../../electron/core/purchases/journal/journal.ts';
import { SpendingLedger } from '../../../../electron/core/spending/ledger.ts';
import { createRandom } from '../../../../electron/sandbox/seeded.ts';
import type { Money, PurchaseRecord } from '../../../../shared/purchase/purchase.ts';

const dirs: string[] = [];
const open: { close: () => void }[] = [];
afterEach(() => {
  for (const item of open.splice(0)) item.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const dayMs = 86_400_000;
const now = Date.now();
const starts = { day: now - dayMs, month: now - 30 * dayMs };

/** The rule budgets follow, written out plainly: what each purchase counts for, summed in millionths. */
function expectedSpent(records: Iterable<PurchaseRecord>, estimates: ReadonlyMap<string, readonly Money[]>, environmentId: string, since: number): Record<string, number> {
  const micros: Record<string, number> = {};
  for (const record of records) {
    if (record.environmentId !== environmentId || record.createdAt < since) continue;
    const estimate = estimates.get(record.id) ?? [];
    const counted = record.state === 'available' ? (record.totals ?? [])
      : ['submitting', 'pending', 'outcome_unknown', 'cancelled'].includes(record.state) ? estimate
      : record.state === 'failed' && record.resultUrl !== undefined ? estimate : [];
    for (const money of counted) micros[money.currency] = (micros[money.currency] ?? 0) + Math.round(money.value * 1_000_000);
  }
  return Object.fromEntries(Object.entries(micros).map(([currency, value]) => [currency, value / 1_000_000]));
}

const asRecord = (list: readonly Money[]): Record<string, number> => Object.fromEntries(list.map((money) => [money.currency, money.value]));

function spentOf(ledger: SpendingLedger, environmentId = 'sandbox'): { day: Record<string, number>; month: Record<string, number> } {
  const { day, month } = ledger.spent(environmentId, starts);
  return { day: asRecord(day), month: asRecord(month) };
}

/** A journal of `count` purchases over the last 40 days, each priced before it was sent, as the app does. */
function pricedJournal(count: number): { dataDir: string; journal: PurchaseJournal; ledger: SpendingLedger; records: Map<string, PurchaseRecord>; estimates: Map<string, Money[]> } {
  const dataDir = mkdtempSync(join(tmpdir(), 'titledesk-costs-'));
  dirs.push(dataDir);
  const journal = new PurchaseJournal(dataDir);
  const ledger = new SpendingLedger(journal.path);
  open.push(ledger, journal);
  const random = createRandom(11);
  const records = new Map<string, PurchaseRecord>();
  const estimates = new Map<string, Money[]>();
  for (let index = 0; index < count; index += 1) {
    const { intent, final } = fakeRecord(random, ['DN1', 'DN2'], randomUUID());
    const createdAt = now - Math.floor(random() * 40 * dayMs);
    const environmentId = index % 5 === 0 ? 'live' : 'sandbox';
    const currency = index % 7 === 0 ? 'EUR' : 'GBP';
    const estimate = [{ currency, value: Math.round(random() * 10_000) / 100 }];
    ledger.recordEstimate(intent.id, environmentId, estimate, createdAt);
    estimates.set(intent.id, estimate);
    journal.writeAll([{ record: { ...intent, environmentId, createdAt }, insert: true }], 'normal');
    const settled = { ...final, environmentId, createdAt };
    journal.update(settled, 'normal');
    records.set(settled.id, settled);
  }
  return { dataDir, journal, ledger, records, estimates };
}

const changeCount = (path: string): number => {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM purchase_cost_changes').get() as { n: number }).n;
  } finally {
    db.close();
  }
};

describe('what counts against a budget', { timeout: 60_000 }, () => {
  it('adds up what each purchase counts for, per environment, day and month', () => {
    const { ledger, records, estimates } = pricedJournal(300);
    for (const environmentId of ['sandbox', 'live']) {
      const spent = spentOf(ledger, environmentId);
      expect(spent.month).toEqual(expectedSpent(records.values(), estimates, environmentId, starts.month));
      expect(spent.day).toEqual(expectedSpent(records.values(), estimates, environmentId, starts.day));
    }
    expect(Object.keys(spentOf(ledger).month).length).toBeGreaterThan(0);
  });

  it('keeps up with purchases made and settled after the first check, here and by another process', () => {
    const { journal, ledger, records, estimates } = pricedJournal(200);
    spentOf(ledger);
    const random = createRandom(12);
    // New purchases, some settled and some still pending.
    for (let index = 0; index < 40; index += 1) {
      const { intent, final } = fakeRecord(random, ['DN3'], randomUUID());
      const createdAt = now - Math.floor(random() * 2 * dayMs);
      const estimate = [{ currency: 'GBP', value: 12.5 }];
      ledger.recordEstimate(intent.id, 'sandbox', estimate, createdAt);
      estimates.set(intent.id, estimate);
      const pending = { ...intent, createdAt, state: 'pending' as const, resultUrl: final.resultUrl };
      journal.writeAll([{ record: { ...intent, createdAt }, insert: true }], 'normal');
      journal.update(pending, 'normal');
      const settled = index % 2 === 0 ? { ...final, createdAt } : pending;
      journal.update(settled, 'normal');
      records.set(settled.id, settled);
    }
    // A pending purchase fails before the service gave it a result address: it counts nothing.
    const pending = [...records.values()].find((record) => record.state === 'pending' && record.environmentId === 'sandbox' && record.createdAt >= starts.month);
    if (pending === undefined) throw new Error('the journal has no pending purchase');
    const failed: PurchaseRecord = { ...pending, resultUrl: undefined, state: 'failed' };
    journal.update(failed, 'normal');
    records.set(failed.id, failed);
    // Another process deletes one purchase and raises another's estimate.
    const db = new DatabaseSync(journal.path);
    const [deleted, repriced] = [...records.values()].filter((record) => record.environmentId === 'sandbox' && record.createdAt >= starts.month && record.state !== 'failed');
    if (deleted === undefined || repriced === undefined) throw new Error('too few purchases this month');
    db.prepare('DELETE FROM purchases WHERE id = ?').run(deleted.id);
    records.delete(deleted.id);
    db.prepare('INSERT OR REPLACE INTO purchase_estimates (purchase_local_id, environment_id, created_at, cost) VALUES (?, ?, ?, ?)')
      .run(repriced.id, 'sandbox', repriced.createdAt, JSON.stringify([{ currency: 'GBP', value: 999 }]));
    estimates.set(repriced.id, [{ currency: 'GBP', value: 999 }]);
    db.close();

    const spent = spentOf(ledger);
    expect(spent.month).toEqual(expectedSpent(records.values(), estimates, 'sandbox', starts.month));
    expect(spent.day).toEqual(expectedSpent(records.values(), estimates, 'sandbox', starts.day));
    const fresh = new SpendingLedger(journal.path);
    open.push(fresh);
    expect(spentOf(fresh)).toEqual(spent);
    // A new day: the day's sum starts again.
    const tomorrow = { day: now + dayMs, month: starts.month };
    expect(ledger.spent('sandbox', tomorrow).day).toEqual([]);
  });

  it('leaves the rewrites of purchases in flight alone, and counts a settled purchase\'s rewritten totals', () => {
    const { journal, ledger, records } = pricedJournal(60);
    const pending = [...records.values()].find((record) => record.state === 'pending');
    const available = [...records.values()].find((record) => record.state === 'available' && record.environmentId === 'sandbox' && record.createdAt >= starts.month);
    if (pending === undefined || available === undefined) throw new Error('the journal lacks a pending or an available purchase');
    const before = changeCount(journal.path);
    journal.update({ ...pending, updatedAt: pending.updatedAt + 1 }, 'normal');
    journal.update({ ...pending, state: 'outcome_unknown', updatedAt: pending.updatedAt + 2 }, 'normal');
    expect(changeCount(journal.path)).toBe(before);
    const spent = spentOf(ledger).month.GBP ?? 0;
    const totals = available.totals?.find((money) => money.currency === 'GBP')?.value ?? 0;
    journal.update({ ...available, totals: [{ currency: 'GBP', value: totals + 1 }], updatedAt: available.updatedAt + 1 }, 'normal');
    expect(spentOf(ledger).month.GBP).toBeCloseTo(spent + 1, 6);
  });

  it('adds up afresh when the changes since its last check were pruned', () => {
    const { journal, ledger, records, estimates } = pricedJournal(50);
    spentOf(ledger);
    const pending = [...records.values()].find((record) => record.state === 'pending' && record.environmentId === 'sandbox' && record.createdAt >= starts.month);
    if (pending === undefined) throw new Error('the journal has no pending purchase this month');
    const settled: PurchaseRecord = { ...pending, state: 'available', totals: [{ currency: 'GBP', value: 0.5 }] };
    journal.update(settled, 'normal');
    records.set(settled.id, settled);
    // Another environment's many changes push that one out of what is kept.
    const db = new DatabaseSync(journal.path);
    db.exec('BEGIN');
    const insert = db.prepare("INSERT INTO purchase_cost_changes (environment_id, created_at, currency, micros, purchases) VALUES ('elsewhere', ?, 'GBP', 0, 0)");
    for (let index = 0; index < 20_001; index += 1) insert.run(now);
    db.exec('COMMIT');
    db.close();
    ledger.recordEstimate(randomUUID(), 'sandbox', [], now);
    expect(changeCount(journal.path)).toBe(10_000);
    expect(spentOf(ledger).month).toEqual(expectedSpent(records.values(), estimates, 'sandbox', starts.month));
  });

  it('counts nothing for a record or a cost list that does not fit, and fails no write for it', () => {
    const { journal, ledger, records, estimates } = pricedJournal(20);
    const before = spentOf(ledger);
    const db = new DatabaseSync(journal.path);
    const insert = db.prepare(`INSERT INTO purchases (id, environment_id, state, created_at, updated_at, record) VALUES (?, 'sandbox', ?, ?, ?, ?)`);
    insert.run(randomUUID(), 'available', now, now, 'not json');
    insert.run(randomUUID(), 'failed', now, now, '{"resultUrl": ');
    const base = [...records.values()][0];
    if (base === undefined) throw new Error('empty journal');
    for (const totals of [[{ currency: 'GBP', value: 'ten' }], [{ currency: 'GBP', value: 1 }, 7], { currency: 'GBP', value: 1 }, ['GBP']]) {
      insert.run(randomUUID(), 'available', now, now, JSON.stringify({ ...base, totals }));
    }
    const badEstimate = randomUUID();
    db.prepare("INSERT INTO purchase_estimates (purchase_local_id, environment_id, created_at, cost) VALUES (?, 'sandbox', ?, '[{\"currency\": 3, \"value\": 1}]')").run(badEstimate, now);
    insert.run(badEstimate, 'pending', now, now, JSON.stringify({ ...base, id: badEstimate }));
    db.close();
    expect(spentOf(ledger)).toEqual(before);
    expect(before.month).toEqual(expectedSpent(records.values(), estimates, 'sandbox', starts.month));
  });

  it('sums exactly: 0.1 and 0.2 make 0.3', () => {
    const { journal, ledger } = pricedJournal(0);
    for (const value of [0.1, 0.2]) {
      const id = randomUUID();
      ledger.recordEstimate(id, 'sandbox', [{ currency: 'USD', value }], now);
      journal.insert({ id, environmentId: 'sandbox', titleNumber: 'DN1', variables: [], options: {}, state: 'submitting', autoCheck: true, createdAt: now, updatedAt: now, timeline: [] });
    }
    expect(ledger.spent('sandbox', starts).month).toEqual([{ currency: 'USD', value: 0.3 }]);
  });

  it('fills the costs in a journal from before them on its next start', () => {
    const { dataDir, journal, records, estimates } = pricedJournal(120);
    const db = new DatabaseSync(journal.path);
    db.exec(`DROP VIEW purchase_cost_items; DROP VIEW purchase_cost_lists; DROP TABLE purchase_costs; DROP TABLE purchase_cost_changes; DROP TABLE purchase_cost_pruned;`);
    // Journals from before the numbered migrations all said schema 1.
    db.exec('PRAGMA user_version = 1');
    db.close();
    journal.close();
    const reopened = new PurchaseJournal(dataDir);
    const ledger = new SpendingLedger(reopened.path);
    open.push(ledger, reopened);
    expect(spentOf(ledger).month).toEqual(expectedSpent(records.values(), estimates, 'sandbox', starts.month));
  });
});
