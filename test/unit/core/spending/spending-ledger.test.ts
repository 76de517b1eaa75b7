import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { availableForTitleSql, SpendingLedger } from '../../../../electron/core/spending/ledger.ts';
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
      const found = ledger.availableForTitle(records[0]?.environmentId ?? '', 'MM786', 0).map((record) => record.id);
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
});
