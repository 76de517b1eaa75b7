import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../../../../electron/core/concurrency/clock.ts';
import { RecordStore } from '../../../../../electron/core/purchases/journal/record-store.ts';
import type { PurchaseRecord } from '../../../../../shared/purchase/purchase.ts';
import { intentRecord } from '../../../support/intent-record.ts';

let dir: string;
let store: RecordStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'record-store-'));
  store = new RecordStore(dir, systemClock);
});

afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Whether `promise` has settled once everything already queued has run (a macrotask later). */
async function settledYet(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  promise.then(() => { settled = true; }, () => { settled = true; });
  await new Promise((resolve) => setImmediate(resolve));
  return settled;
}

describe('RecordStore.waitForSettled', () => {
  it('answers from what is committed: a settling answer still queued, then refused by the journal, settles nobody', async () => {
    const pending: PurchaseRecord = { ...intentRecord(), state: 'pending', purchaseId: 'p-1', resultUrl: 'https://api.example.test/purchases/p-1' };
    await store.insert(pending);
    // As a full disk would: the journal refuses the write that records the result.
    const other = new DatabaseSync(store.journalPath);
    other.exec(`CREATE TRIGGER refuse_available BEFORE UPDATE ON purchases WHEN NEW.state = 'available'
                BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;`);
    try {
      const refusedWrite = store.saveAnswer({ ...pending, state: 'available' });
      // Asked while that answer waits for its commit: the purchase is not settled on disk.
      const waiting = store.waitForSettled(pending.id);
      await expect(refusedWrite).rejects.toThrow('database or disk is full');
      expect(await settledYet(waiting)).toBe(false);
      expect(store.get(pending.id)?.state).toBe('pending');
      // Once the journal takes the answer, whoever waited hears of it.
      other.exec('DROP TRIGGER refuse_available');
      await store.saveAnswer({ ...pending, state: 'available' });
      expect((await waiting).state).toBe('available');
      expect(other.prepare('SELECT state FROM purchases WHERE id = ?').get(pending.id)).toEqual({ state: 'available' });
    } finally {
      other.close();
    }
  });

  it('resolves at once for a purchase settled on disk, and refuses an unknown id', async () => {
    const settled: PurchaseRecord = { ...intentRecord(), state: 'available', purchaseId: 'p-2' };
    await store.insert(settled);
    expect((await store.waitForSettled(settled.id)).state).toBe('available');
    await expect(store.waitForSettled('no-such-purchase')).rejects.toThrow('No purchase no-such-purchase.');
  });
});
