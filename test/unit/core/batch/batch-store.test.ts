import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync, StatementSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BatchStore, type BatchRow } from '../../../../electron/core/batch/batch-store.ts';
import type { BatchItem } from '../../../../shared/purchase/batch.ts';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'batch-store-'));
});

afterEach(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

const batchRow = (id: string): BatchRow => ({
  id, state: 'draft', stoppedBy: null, createdAt: 1, updatedAt: 1,
  spec: { environmentId: 'sandbox', source: 'f.csv', columns: ['title_number'], variables: ['v'], tenure: 'all', reuseDays: 0, concurrency: 2, budget: {} },
});

const line = (index: number): BatchItem => ({
  index, row: index + 1, input: {}, titleNumber: `DN${String(index)}`, tenure: null, state: 'queued', reason: null, toBuy: ['v'], cost: [],
  reused: {}, purchaseLocalId: null, purchaseId: null, total: [], values: {},
});

/** From now on, each write statement or transaction, named with the synchronous level its connection was at. */
function watchWrites(): () => string[] {
  const exec = vi.spyOn(DatabaseSync.prototype, 'exec');
  const run = vi.spyOn(StatementSync.prototype, 'run');
  return () => {
    const calls = [
      ...exec.mock.calls.map(([sql], index) => ({ sql, order: exec.mock.invocationCallOrder[index] ?? 0 })),
      ...run.mock.calls.map((_, index) => ({ sql: 'write', order: run.mock.invocationCallOrder[index] ?? 0 })),
    ].sort((a, b) => a.order - b.order);
    let level = 'FULL';
    const writes: string[] = [];
    for (const { sql } of calls) {
      const set = /^PRAGMA synchronous = (\w+)$/.exec(sql)?.[1];
      if (set !== undefined) level = set;
      else if (sql === 'write' || sql === 'BEGIN IMMEDIATE') writes.push(`${sql === 'write' ? 'write' : 'transaction'} ${level}`);
    }
    return writes;
  };
}

describe('BatchStore', () => {
  it('writes a line\'s progress without an fsync, and what must be durable with one', () => {
    const store = new BatchStore(join(dir, 'j.sqlite'));
    try {
      store.create(batchRow('b1'), [line(0), line(1)]);
      const writes = watchWrites();
      store.saveProgress('b1', { ...line(0), state: 'pending', purchaseLocalId: 'p0' });
      store.saveItem('b1', { ...line(1), state: 'sending', purchaseLocalId: 'p1' });
      store.saveProgress('b1', { ...line(0), state: 'available', purchaseLocalId: 'p0' });
      store.setState('b1', 'done', null, 2);
      store.saveProgress('b1', { ...line(1), state: 'pending', purchaseLocalId: 'p1' });
      store.setSpec('b1', { ...batchRow('b1').spec, concurrency: 3 }, 3);
      store.saveProgress('b1', { ...line(1), state: 'available', purchaseLocalId: 'p1' });
      store.saveItems('b1', [{ ...line(0), state: 'sending', purchaseLocalId: 'p2' }, { ...line(1), state: 'sending', purchaseLocalId: 'p3' }]);
      store.saveProgress('b1', { ...line(1), state: 'pending', purchaseLocalId: 'p3' });
      store.create(batchRow('b2'), [line(0)]);
      expect(writes()).toEqual([
        'write NORMAL',
        'transaction FULL', 'write FULL',
        'write NORMAL', 'write FULL', 'write NORMAL', 'write FULL', 'write NORMAL',
        // Lines that start together share one commit.
        'transaction FULL', 'write FULL', 'write FULL',
        'write NORMAL',
        // create: the batch and its line
        'transaction FULL', 'write FULL', 'write FULL',
      ]);
      expect(store.items('b1').map((item) => item.purchaseLocalId)).toEqual(['p2', 'p3']);
    } finally {
      store.close();
    }
  });

  it('leaves a line\'s progress where another connection, or the next start, reads it', () => {
    const path = join(dir, 'j.sqlite');
    const store = new BatchStore(path);
    store.create(batchRow('b1'), [line(0)]);
    store.saveProgress('b1', { ...line(0), state: 'available', purchaseLocalId: 'p0', values: { v: '42' } });
    const reader = new DatabaseSync(path);
    expect(reader.prepare('SELECT state FROM batch_items WHERE batch_id = ? AND idx = 0').get('b1')).toEqual({ state: 'available' });
    reader.close();
    store.close();
    const reopened = new BatchStore(path);
    try {
      expect(reopened.items('b1')).toEqual([{ ...line(0), state: 'available', purchaseLocalId: 'p0', values: { v: '42' } }]);
    } finally {
      reopened.close();
    }
  });
});
