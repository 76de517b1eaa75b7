import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BatchStore } from '../../../electron/core/batch/batch-store.ts';
import { asDataFolderError, isDiskFull } from '../../../electron/core/files/disk-full.ts';
import { CoreError } from '../../../electron/core/errors.ts';
import { PurchaseJournal } from '../../../electron/core/purchases/journal/journal.ts';
import { migrateJournal } from '../../../electron/core/purchases/journal/migrations/index.ts';
import { migrateStep } from '../../../electron/core/purchases/journal/migrations/journal-step.ts';
import { createRouter, type ContractHandlers } from '../../../electron/core/router/create-router.ts';
import { SpendingLedger } from '../../../electron/core/spending/ledger.ts';
import type { BatchSpec } from '../../../shared/purchase/batch.ts';
import { canMountSmallDisk, fillDisk, mountSmallDisk, unmountSmallDisk } from '../fixtures/small-disk.ts';

const folder = mkdtempSync(join(tmpdir(), 'titledesk-disk-full-'));
const mountable = canMountSmallDisk(join(folder, 'probe'));
afterAll(() => { rmSync(folder, { recursive: true, force: true }); });

/** What a write threw, or undefined. */
function thrownBy(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  return undefined;
}

/** A database that is full for real: SQLite refuses a page past max_page_count with SQLITE_FULL. */
function fullDatabase(): DatabaseSync {
  const db = new DatabaseSync(join(mkdtempSync(join(folder, 'db-')), 'full.sqlite'));
  db.exec('PRAGMA journal_mode = WAL; CREATE TABLE filler (x)');
  const pages = z.object({ page_count: z.number() }).parse(db.prepare('PRAGMA page_count').get()).page_count;
  db.exec(`PRAGMA max_page_count = ${String(pages + 2)}`);
  return db;
}

function expectFullDiskReported(error: unknown): void {
  expect(error).toBeInstanceOf(Error);
  expect(isDiskFull(error)).toBe(true);
  expect((error as Error).message).toBe('database or disk is full');
}

describe('a full disk inside a transaction is reported as itself', () => {
  it('a journal migration step: not "cannot rollback - no transaction is active"', () => {
    const db = fullDatabase();
    // One row larger than the pages left: SQLite then rolls the whole transaction back itself.
    const step = { tables: ['big'], drop: 'DROP TABLE IF EXISTS big', create: 'CREATE TABLE big (x); INSERT INTO big VALUES (randomblob(100000))' };
    expectFullDiskReported(thrownBy(() => { migrateJournal(db, [{ version: 1, name: 'big', migrate: (target) => { migrateStep(target, step, true); } }]); }));
    // The connection is usable afterwards: no transaction left open.
    expect(db.isTransaction).toBe(false);
    db.exec('BEGIN IMMEDIATE; ROLLBACK');
  });

  it('the router answers a full disk as a data-folder problem naming the folder, not "internal"', async () => {
    const db = fullDatabase();
    const failing = async (): Promise<never> => {
      db.exec('INSERT INTO filler SELECT randomblob(100000)');
      return Promise.reject(new Error('unreachable'));
    };
    const handlers = new Proxy({}, { get: () => failing }) as unknown as ContractHandlers;
    const answer = await createRouter(handlers, { dataDir: '/data/TitleDesk' }).dispatch('batch:list', undefined);
    expect(answer).toEqual({ ok: false, error: { code: 'data_dir', message: expect.stringContaining('The disk holding the data folder /data/TitleDesk is full') as unknown } });
  });
});

describe('which full disks are the data folder\'s problem', () => {
  const enospc = (path?: string): Error => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', ...(path === undefined ? {} : { path }) });

  it('SQLite\'s SQLITE_FULL, and ENOSPC or EDQUOT in the folder or naming no file: a data_dir error naming the folder', () => {
    const sqliteFull = thrownBy(() => { fullDatabase().exec('INSERT INTO filler VALUES (randomblob(100000))'); });
    const quota = Object.assign(new Error('EDQUOT'), { code: 'EDQUOT', path: '/data/TitleDesk/backups/b.sqlite' });
    for (const error of [sqliteFull, enospc(), enospc('/data/TitleDesk/purchases.sqlite'), quota, new Error('wrapped', { cause: enospc() })]) {
      expect(asDataFolderError(error, '/data/TitleDesk')).toMatchObject({ code: 'data_dir', message: expect.stringContaining('The disk holding the data folder /data/TitleDesk is full') as unknown });
    }
  });

  it('a full disk elsewhere (an export\'s target) and every other error stay as they are', () => {
    const elsewhere = enospc('/mnt/usb/history.json');
    const other = new CoreError('network', 'down');
    for (const error of [elsewhere, other, new Error('boom'), enospc('/data/TitleDesk-other/x')]) expect(asDataFolderError(error, '/data/TitleDesk')).toBe(error);
  });
});

describe.skipIf(!mountable)('on a real full disk (tmpfs)', () => {
  const disk = join(folder, 'disk');

  it('the journal, the batch store and the spending ledger each report the full disk', () => {
    expect(mountSmallDisk(disk, '2m')).toBe(true);
    try {
      const journal = new PurchaseJournal(join(disk, 'data'));
      const batches = new BatchStore(journal.path);
      const ledger = new SpendingLedger(journal.path);
      fillDisk(disk, 0);
      const spec: BatchSpec = { environmentId: 'sandbox', source: 'p.csv', columns: ['title_number'], variables: ['v'], tenure: 'all', reuseDays: 0, concurrency: 1, budget: {} };
      const items = Array.from({ length: 2000 }, (_, index) => ({
        index, row: index + 1, input: { title_number: `DN${String(index)}`, pad: 'z'.repeat(500) }, titleNumber: `DN${String(index)}`, tenure: null, state: 'queued' as const, reason: null,
        toBuy: ['v'], cost: [], reused: {}, purchaseLocalId: null, purchaseId: null, total: [], values: {},
      }));
      const record = {
        id: '6f1c2d3e-4b5a-4c6d-8e7f-0123456789ab', environmentId: 'sandbox', titleNumber: 'DN1', variables: Array.from({ length: 2000 }, (_, index) => `v${'w'.repeat(300)}${String(index)}`),
        options: {}, state: 'submitting' as const, autoCheck: true, createdAt: 0, updatedAt: 0, timeline: [],
      };
      const failures = [
        thrownBy(() => { journal.insert(record); }),
        thrownBy(() => { batches.create({ id: 'b1', state: 'draft', stoppedBy: null, createdAt: 0, updatedAt: 0, spec }, items); }),
        thrownBy(() => { ledger.recordEstimates('sandbox', items.map((item) => ({ localId: `p${String(item.index)}`, cost: [{ value: 1, currency: 'GBP' }] })), Date.now()); }),
      ];
      for (const failure of failures) {
        expect(isDiskFull(failure), String(failure)).toBe(true);
        expect(String(failure)).not.toContain('cannot rollback');
      }
      batches.close();
      ledger.close();
      journal.close();
    } finally {
      unmountSmallDisk(disk);
    }
  });
});
