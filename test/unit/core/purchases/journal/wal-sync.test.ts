import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WalSync } from '../../../../../electron/core/purchases/journal/wal-sync.ts';
import { PurchaseJournal } from '../../../../../electron/core/purchases/journal/journal.ts';
import { DatabaseSync } from 'node:sqlite';
import { intentRecord } from '../../../support/intent-record.ts';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wal-sync-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('WalSync', () => {
  it('is not available without a log to sync, so commits sync themselves', () => {
    const sync = new WalSync(join(dir, 'missing.sqlite-wal'));
    expect(sync.available).toBe(false);
    sync.close();
  });

  it('resolves every waiter, those who came while a sync ran included, and syncs what waits when closed', async () => {
    const log = join(dir, 'j.sqlite-wal');
    writeFileSync(log, 'frames');
    const sync = new WalSync(log);
    expect(sync.available).toBe(true);
    const settled: string[] = [];
    const first = sync.sync().then(() => settled.push('first'));
    const second = sync.sync().then(() => settled.push('second'));
    await Promise.all([first, second]);
    expect(settled).toEqual(['first', 'second']);
    const atClose = sync.sync().then(() => settled.push('at close'));
    sync.close();
    await atClose;
    expect(settled).toEqual(['first', 'second', 'at close']);
    expect(sync.available).toBe(false);
  });
});

describe('a journal write whose sync is left to later', () => {
  it('is visible to another connection when it returns, and the promise resolves once synced', async () => {
    const journal = new PurchaseJournal(dir);
    try {
      const intent = intentRecord();
      journal.insert(intent);
      const synced = journal.writeAllSyncedLater([{ record: { ...intent, sendingAt: 5, updatedAt: intent.updatedAt + 1 } }]);
      const other = new DatabaseSync(journal.path, { readOnly: true });
      try {
        const row = other.prepare('SELECT record FROM purchases WHERE id = ?').get(intent.id);
        expect(JSON.parse(String(row?.['record']))).toMatchObject({ sendingAt: 5 });
      } finally {
        other.close();
      }
      await expect(synced).resolves.toBeUndefined();
    } finally {
      journal.close();
    }
  });
});
