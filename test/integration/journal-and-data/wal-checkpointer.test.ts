import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PurchaseJournal } from '../../../electron/core/purchases/journal/journal.ts';
import { WalCheckpointer, logSizeLimitBytes, type CheckpointOutcome } from '../../../electron/core/purchases/journal/wal-checkpointer.ts';
import { intentRecord } from '../../unit/support/intent-record.ts';

function autocheckpointPages(db: DatabaseSync): unknown {
  return db.prepare('PRAGMA wal_autocheckpoint').get()?.['wal_autocheckpoint'];
}

/** Resolves with the first outcome `accept` takes; rejects after a while so a silent worker fails the test. */
function outcomeWatcher(accept: (outcome: CheckpointOutcome) => boolean) {
  let settle: (outcome: CheckpointOutcome) => void = () => undefined;
  const seen: CheckpointOutcome[] = [];
  const settled = new Promise<CheckpointOutcome>((resolve, reject) => {
    settle = resolve;
    setTimeout(() => { reject(new Error(`no accepted checkpoint; saw ${JSON.stringify(seen)}`)); }, 10_000).unref();
  });
  return {
    onCheckpoint: (outcome: CheckpointOutcome) => {
      seen.push(outcome);
      if (accept(outcome)) settle(outcome);
    },
    settled,
  };
}

/** Resolves once `done` holds; rejects after a while so a silent worker fails the test. */
async function until(done: () => boolean): Promise<void> {
  const giveUpAt = Date.now() + 10_000;
  while (!done()) {
    if (Date.now() > giveUpAt) throw new Error('gave up waiting for the checkpointer');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wal-checkpointer-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the journal checkpoints its write-ahead log on a worker thread', () => {
  it('leaves checkpoints to SQLite until the journal is busy, then to the worker', async () => {
    const watcher = outcomeWatcher((outcome) => 'log' in outcome && outcome.log > 0 && outcome.checkpointed === outcome.log);
    const journal = new PurchaseJournal(dir, { delayMs: 10, startAfterWrites: 40, onCheckpoint: watcher.onCheckpoint });
    try {
      expect(journal.checkpointsOffThread).toBe(false);
      expect(autocheckpointPages(journal.database)).toBe(1000);
      const records = Array.from({ length: 50 }, () => intentRecord());
      // Several records in one transaction count as several.
      journal.writeAll(records.slice(0, 39).map((record) => ({ record, insert: true })), 'full');
      expect(journal.checkpointsOffThread).toBe(false);
      expect(autocheckpointPages(journal.database)).toBe(1000);
      for (const each of records.slice(39)) journal.insert(each);
      expect(journal.checkpointsOffThread).toBe(true);
      expect(autocheckpointPages(journal.database)).toBe(0);

      await watcher.settled;
      // The database file alone, without its log, now holds every row: the worker copied them in.
      const copy = join(dir, 'file-alone.sqlite');
      copyFileSync(journal.path, copy);
      const alone = new DatabaseSync(copy, { readOnly: true });
      try {
        expect(alone.prepare('SELECT count(*) AS n FROM purchases').get()).toEqual({ n: records.length });
      } finally {
        alone.close();
      }
    } finally {
      journal.close();
    }
  });

  it('still removes the log when the journal closes, and keeps every record', async () => {
    const watcher = outcomeWatcher((outcome) => 'log' in outcome);
    const journal = new PurchaseJournal(dir, { delayMs: 10, startAfterWrites: 1, onCheckpoint: watcher.onCheckpoint });
    const written = intentRecord();
    journal.insert(written);
    await watcher.settled;
    journal.insert(intentRecord());
    journal.close();
    expect(existsSync(`${journal.path}-wal`)).toBe(false);

    const reopened = new PurchaseJournal(dir);
    try {
      expect(reopened.get(written.id)).toEqual(written);
    } finally {
      reopened.close();
    }
  });

  it('empties a log file larger than its limit once a checkpoint finds nothing written meanwhile', async () => {
    const outcomes: CheckpointOutcome[] = [];
    const journal = new PurchaseJournal(dir, { delayMs: 10, startAfterWrites: 1, truncateAboveBytes: 64 * 1024, onCheckpoint: (outcome) => outcomes.push(outcome) });
    const logBytes = (): number => statSync(`${journal.path}-wal`).size;
    try {
      expect(journal.database.prepare('PRAGMA journal_size_limit').get()).toEqual({ journal_size_limit: logSizeLimitBytes });
      const records = Array.from({ length: 100 }, () => intentRecord());
      for (const each of records) journal.insert(each);
      expect(logBytes()).toBeGreaterThan(64 * 1024);
      await until(() => outcomes.some((outcome) => 'truncated' in outcome));
      expect(outcomes.filter((outcome) => 'truncated' in outcome)).toEqual([{ truncated: true }]);
      expect(logBytes()).toBe(0);
      expect(journal.logBeingEmptied).toBe(false);

      // Everything is in the file, and the journal goes on writing its log from the start.
      const last = intentRecord();
      journal.insert(last);
      expect(logBytes()).toBeGreaterThan(0);
      expect(logBytes()).toBeLessThan(64 * 1024);
      expect(journal.get(last.id)).toEqual(last);
      expect(records.every((each) => journal.get(each.id)?.id === each.id)).toBe(true);
    } finally {
      journal.close();
    }
  });

  it('leaves the log file alone while a reader still reads from it, and empties it at a later quiet checkpoint', async () => {
    const outcomes: CheckpointOutcome[] = [];
    const journal = new PurchaseJournal(dir, { delayMs: 10, startAfterWrites: 1, truncateAboveBytes: 64 * 1024, onCheckpoint: (outcome) => outcomes.push(outcome) });
    const reader = new DatabaseSync(journal.path);
    try {
      // A read that began before the writes: the log cannot be emptied under it, and the worker does not wait for it.
      reader.exec('BEGIN');
      reader.prepare('SELECT count(*) AS n FROM purchases').get();
      for (let index = 0; index < 100; index += 1) journal.insert(intentRecord());
      await until(() => outcomes.some((outcome) => 'truncated' in outcome));
      expect(outcomes.filter((outcome) => 'truncated' in outcome)).toEqual([{ truncated: false }]);
      expect(statSync(`${journal.path}-wal`).size).toBeGreaterThan(64 * 1024);

      reader.exec('COMMIT');
      journal.insert(intentRecord());
      await until(() => outcomes.some((outcome) => 'truncated' in outcome && outcome.truncated));
      expect(statSync(`${journal.path}-wal`).size).toBe(0);
    } finally {
      reader.close();
      journal.close();
    }
  });

  it('gives checkpoints back to SQLite when the worker cannot open the file', async () => {
    const path = join(dir, 'journal.sqlite');
    const db = new DatabaseSync(path);
    db.exec('PRAGMA journal_mode = WAL; CREATE TABLE t (x)');
    const watcher = outcomeWatcher((outcome) => 'error' in outcome);
    // The folder stands in for the file: SQLite in the worker cannot open a folder as a database.
    const checkpointer = new WalCheckpointer(db, dir, { delayMs: 10, startAfterWrites: 1, onCheckpoint: watcher.onCheckpoint });
    try {
      db.exec('INSERT INTO t VALUES (1)');
      checkpointer.wrote();
      expect(checkpointer.offThread).toBe(true);
      expect(autocheckpointPages(db)).toBe(0);

      const outcome = await watcher.settled;
      expect(outcome).toEqual({ error: expect.stringMatching(/open/i) as unknown });
      expect(checkpointer.offThread).toBe(false);
      expect(autocheckpointPages(db)).toBe(1000);
      // Given up for good: a later write does not start another worker.
      checkpointer.wrote();
      expect(checkpointer.offThread).toBe(false);
    } finally {
      checkpointer.stop();
      db.close();
    }
  });

  it('counts writes within two seconds: writes spread out start no worker', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const path = join(dir, 'journal.sqlite');
    const db = new DatabaseSync(path);
    db.exec('PRAGMA journal_mode = WAL');
    const checkpointer = new WalCheckpointer(db, path, { startAfterWrites: 40 });
    try {
      checkpointer.wrote(30);
      vi.advanceTimersByTime(2500);
      checkpointer.wrote(30);
      expect(checkpointer.offThread).toBe(false);
      expect(autocheckpointPages(db)).toBe(1000);
      vi.advanceTimersByTime(1500);
      checkpointer.wrote(10);
      expect(checkpointer.offThread).toBe(true);
      expect(autocheckpointPages(db)).toBe(0);
    } finally {
      vi.useRealTimers();
      checkpointer.stop();
      db.close();
    }
  });

  it('starts no worker once stopped', () => {
    const path = join(dir, 'journal.sqlite');
    const db = new DatabaseSync(path);
    db.exec('PRAGMA journal_mode = WAL');
    const checkpointer = new WalCheckpointer(db, path, { startAfterWrites: 1 });
    try {
      checkpointer.stop();
      checkpointer.wrote();
      expect(checkpointer.offThread).toBe(false);
      expect(autocheckpointPages(db)).toBe(1000);
    } finally {
      db.close();
    }
  });
});
