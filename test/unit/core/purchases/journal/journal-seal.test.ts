import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PurchaseJournal } from '../../../../../electron/core/purchases/journal/journal.ts';
import { maxDaysBetweenChecks, sealedCheckTime, sealPath } from '../../../../../electron/core/purchases/journal/journal-seal.ts';
import { settledRecord } from '../../../support/settled-record.ts';

const sealSchema = z.object({ checkedAt: z.number(), closed: z.object({ size: z.string(), mtimeNs: z.string(), ctimeNs: z.string(), dev: z.string(), ino: z.string() }).nullable() });

let dir: string;
let path: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'journal-seal-'));
  path = join(dir, 'purchases.sqlite');
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function fill(count: number): void {
  const journal = new PurchaseJournal(dir);
  for (let n = 0; n < count; n += 1) journal.insert(settledRecord(n));
  journal.close();
}

function seal(): z.infer<typeof sealSchema> {
  return sealSchema.parse(JSON.parse(readFileSync(sealPath(path), 'utf8')));
}

/** Damage that moves none of the file's times, as the disk itself might make: the seal is rewritten to match the damaged file. */
function damageUnseen(): void {
  const before = seal();
  const fd = openSync(path, 'r+');
  writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, 4096);
  closeSync(fd);
  const stat = statSync(path, { bigint: true });
  const closed = { dev: String(stat.dev), ino: String(stat.ino), size: String(stat.size), mtimeNs: String(stat.mtimeNs), ctimeNs: String(stat.ctimeNs) };
  writeFileSync(sealPath(path), JSON.stringify({ ...JSON.parse(readFileSync(sealPath(path), 'utf8')), checkedAt: before.checkedAt, closed }));
}

describe("the journal's seal", () => {
  it('is written at a clean close, with the file as it was left, and trusted at the next open', () => {
    fill(3);
    const sealed = seal();
    expect(sealed.closed?.size).toBe(String(statSync(path).size));
    expect(sealedCheckTime(path, Date.now())).toBe(sealed.checkedAt);
    const journal = new PurchaseJournal(dir);
    // Open: the seal no longer vouches for the file until this connection closes.
    expect(seal().closed).toBeNull();
    expect(seal().checkedAt).toBe(sealed.checkedAt);
    expect(sealedCheckTime(path, Date.now())).toBeUndefined();
    expect(journal.notices).toEqual([]);
    expect(journal.search({})).toHaveLength(3);
    journal.close();
    expect(seal().closed).not.toBeNull();
  });

  it('is not trusted after any write by another program: the damage is found and salvaged', () => {
    fill(20);
    const fd = openSync(path, 'r+');
    writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, 4096);
    closeSync(fd);
    expect(sealedCheckTime(path, Date.now())).toBeUndefined();
    const journal = new PurchaseJournal(dir);
    expect(journal.notices.map((notice) => notice.kind)).toEqual(['damaged']);
    expect(journal.search({ limit: 100 })).toHaveLength(20);
    journal.close();
  });

  it('skips the check only for a week: damage that moved no time is found once the last check is older', () => {
    fill(20);
    damageUnseen();
    const now = Date.now();
    expect(sealedCheckTime(path, now)).toBeDefined();
    const olderThanAWeek = now - (maxDaysBetweenChecks * 24 + 1) * 60 * 60 * 1000;
    writeFileSync(sealPath(path), JSON.stringify({ ...JSON.parse(readFileSync(sealPath(path), 'utf8')), checkedAt: olderThanAWeek }));
    expect(sealedCheckTime(path, now)).toBeUndefined();
    const journal = new PurchaseJournal(dir);
    expect(journal.notices.map((notice) => notice.kind)).toEqual(['damaged']);
    journal.close();
    // The check just made is the new one to count from.
    expect(seal().checkedAt).toBeGreaterThanOrEqual(now);
  });

  it('is not trusted while a log is left behind (a process killed with the journal open)', () => {
    fill(2);
    const journal = new PurchaseJournal(dir);
    journal.insert(settledRecord(3));
    // Still open: the log holds the insert, as a killed process would leave it.
    expect(existsSync(`${path}-wal`)).toBe(true);
    expect(sealedCheckTime(path, Date.now())).toBeUndefined();
    const other = new PurchaseJournal(dir);
    expect(other.search({})).toHaveLength(3);
    other.close();
    // The first connection is still open: closing the second does not seal.
    expect(seal().closed).toBeNull();
    journal.close();
    expect(seal().closed).not.toBeNull();
  });

  it('is written only once records that could not be read are salvaged (shown damaged), after which starts are quiet', () => {
    fill(5);
    const db = new DatabaseSync(path);
    db.prepare("UPDATE purchases SET record = '{}' WHERE rowid = 1").run();
    db.close();
    const first = new PurchaseJournal(dir);
    expect(first.notices.map((notice) => notice.kind)).toEqual(['unreadable_records']);
    expect(first.search({})).toHaveLength(5);
    first.close();
    expect(existsSync(sealPath(path))).toBe(true);
    const second = new PurchaseJournal(dir);
    expect(second.notices).toEqual([]);
    expect(second.search({})).toHaveLength(5);
    second.close();
  });

  it('is not trusted when written for another record format, when unreadable, or when the file was replaced', () => {
    fill(2);
    const original = readFileSync(sealPath(path), 'utf8');
    writeFileSync(sealPath(path), original.replace(/"recordFormat":"[^"]+"/, '"recordFormat":"another"'));
    expect(sealedCheckTime(path, Date.now())).toBeUndefined();
    writeFileSync(sealPath(path), '{not json');
    expect(sealedCheckTime(path, Date.now())).toBeUndefined();
    writeFileSync(sealPath(path), original);
    expect(sealedCheckTime(path, Date.now())).toBeDefined();
    // The same bytes in a new file (a restore, a copy back): another inode and change time.
    const bytes = readFileSync(path);
    rmSync(path);
    writeFileSync(path, bytes);
    expect(sealedCheckTime(path, Date.now())).toBeUndefined();
    const journal = new PurchaseJournal(dir);
    expect(journal.notices).toEqual([]);
    expect(journal.search({})).toHaveLength(2);
    journal.close();
  });
});
