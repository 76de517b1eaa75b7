import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { availableForTitleSql, SpendingLedger } from '../../../../electron/core/spending/ledger.ts';
import { PurchaseJournal } from '../../../../electron/core/purchases/journal/journal.ts';
import type { PurchaseRecord } from '../../../../shared/purchase/purchase.ts';
import { filledJournal } from '../../support/filled-journal.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const titles = ['DN123456', 'TGL312172', 'MM786', 'WM990994'];

describe('the spending ledger', { timeout: 60_000 }, () => {
  it('finds a title\'s available purchases, newest first, through the index on titles', () => {
    const { dataDir, records } = filledJournal(dirs, 120, titles);
    const path = join(dataDir, 'purchases.sqlite');
    const ledger = new SpendingLedger(path);
    try {
      const expected = records
        .filter((record) => record.titleNumber === 'MM786' && record.state === 'available' && record.environmentId === records[0]?.environmentId)
        .sort((a, b) => b.createdAt - a.createdAt)
        .map((record) => record.id);
      expect(expected.length).toBeGreaterThan(0);
      const found = ledger.availableFor(records[0]?.environmentId ?? '', { kind: 'title', key: 'MM786' }, 0).map((record) => record.id);
      expect(found).toEqual(expected);
    } finally {
      ledger.close();
    }
    // Not the index on states, which holds every available purchase of every title.
    const db = new DatabaseSync(path, { readOnly: true });
    try {
      const plan = db.prepare(`EXPLAIN QUERY PLAN ${availableForTitleSql}`).all('sandbox', 'MM786', 0).map((row) => String((row as { detail: unknown }).detail));
      expect(plan.join(' | ')).toContain('USING INDEX purchases_by_title');
    } finally {
      db.close();
    }
  });

  it('keeps each resource\'s purchases apart: an address\'s or a UPRN\'s never count for a title, nor the reverse', () => {
    const { dataDir, records } = filledJournal(dirs, 40, titles);
    const bought = records.find((record) => record.titleNumber === 'MM786' && record.state === 'available');
    if (bought === undefined) throw new Error('the filled journal has no available MM786 purchase');
    // The same variables and values, bought from an address's and a UPRN's catalogs.
    const rest: PurchaseRecord = { ...bought, titleNumber: undefined };
    const fromAddress: PurchaseRecord = { ...rest, id: randomUUID(), resource: { kind: 'address', key: '8e05p·0' } };
    const fromUprn: PurchaseRecord = { ...rest, id: randomUUID(), resource: { kind: 'spatial', key: '100023336956' } };
    const journal = new PurchaseJournal(dataDir);
    for (const record of [fromAddress, fromUprn]) {
      journal.insert({ ...record, state: 'submitting' });
      journal.update(record, 'normal');
    }
    journal.close();
    const ledger = new SpendingLedger(join(dataDir, 'purchases.sqlite'));
    try {
      const ids = (kind: 'title' | 'address' | 'spatial', key: string): string[] => ledger.availableFor(bought.environmentId, { kind, key }, 0).map((record) => record.id);
      expect(ids('address', '8e05p·0')).toEqual([fromAddress.id]);
      expect(ids('spatial', '100023336956')).toEqual([fromUprn.id]);
      expect(ids('title', 'MM786')).toContain(bought.id);
      expect(ids('title', 'MM786')).not.toContain(fromAddress.id);
      expect(ids('title', 'MM786')).not.toContain(fromUprn.id);
      expect(ids('address', '8e05q·0')).toEqual([]);
    } finally {
      ledger.close();
    }
  });
});
