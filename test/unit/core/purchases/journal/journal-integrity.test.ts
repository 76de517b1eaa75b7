import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backUpJournal, listBackups } from '../../../../../electron/core/purchases/journal/journal-backup.ts';
import { PurchaseJournal } from '../../../../../electron/core/purchases/journal/journal.ts';
import type { PurchaseRecord } from '../../../../../shared/purchase/purchase.ts';
import { settledRecord } from '../../../support/settled-record.ts';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'journal-integrity-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function fill(count: number): PurchaseRecord[] {
  const journal = new PurchaseJournal(dir);
  const records = Array.from({ length: count }, (_, n) => settledRecord(n));
  for (const item of records) journal.insert(item);
  journal.close();
  return records;
}

describe('opening a journal that is not as it was left', () => {
  it('opens a sound journal without a notice', () => {
    fill(3);
    const journal = new PurchaseJournal(dir);
    expect(journal.notices).toEqual([]);
    expect(journal.search({})).toHaveLength(3);
    journal.close();
  });

  it('copies a journal with a damaged page aside, keeps what can be read and says where the copy is', () => {
    fill(50);
    const path = join(dir, 'purchases.sqlite');
    const fd = openSync(path, 'r+');
    const noise = Buffer.alloc(4096);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 131 + 7) % 256;
    writeSync(fd, noise, 0, noise.length, 4096); // page 2
    closeSync(fd);
    const journal = new PurchaseJournal(dir);
    const damaged = journal.notices.find((notice) => notice.kind === 'damaged');
    expect(damaged).toBeDefined();
    expect(damaged?.path).toMatch(/purchases\.damaged-.*\.sqlite$/);
    expect(existsSync(damaged?.path ?? '')).toBe(true);
    expect(damaged?.message).toContain(damaged?.path);
    const kept = journal.search({ limit: 1000 });
    // Page 2 is the table's root: SQLite reaches nothing, the raw pages still hold every record.
    expect(kept.length).toBe(50);
    expect(damaged?.message).toContain(`${kept.length} purchase`);
    // The fresh journal is sound and takes new records.
    journal.insert(settledRecord(999));
    journal.close();
    const reopened = new PurchaseJournal(dir);
    expect(reopened.notices).toEqual([]);
    expect(reopened.search({ limit: 1000 })).toHaveLength(kept.length + 1);
    reopened.close();
  });

  it('does not start silently empty on a zero-length journal', () => {
    writeFileSync(join(dir, 'purchases.sqlite'), '');
    const journal = new PurchaseJournal(dir);
    expect(journal.notices).toMatchObject([{ kind: 'empty' }]);
    expect(journal.notices[0]?.message).toContain('0 bytes');
    journal.close();
  });

  it('shows records that cannot be parsed (5 of 50) as damaged with their purchase IDs, never hidden', () => {
    const records = fill(50);
    const db = new DatabaseSync(join(dir, 'purchases.sqlite'));
    const broken = records.slice(10, 15);
    for (const { id } of broken) db.prepare("UPDATE purchases SET record = '{\"not\":\"a record\"}' WHERE id = ?").run(id);
    db.close();
    const journal = new PurchaseJournal(dir);
    const notice = journal.notices.find((item) => item.kind === 'unreadable_records');
    expect(notice?.message).toContain('5 of 50');
    expect(notice?.message).toContain(broken[0]?.id);
    expect(journal.search({ limit: 1000 })).toHaveLength(50);
    // Its old text, still on a page, when nothing says it went further; else what the row's columns
    // keep (its purchase ID and state), marked damaged: never hidden, never "not sent".
    for (const original of broken) {
      const record = journal.get(original.id);
      if (record?.damaged === undefined) expect(record).toEqual(original);
      else expect(record).toMatchObject({ state: 'outcome_unknown', purchaseId: original.purchaseId, titleNumber: original.titleNumber, damaged: { answered: true, seenState: 'available' } });
    }
    journal.close();
    // Not salvaged into a fresh journal (the file is sound); the file as it was is kept aside.
    expect(readdirSync(dir).filter((name) => name.includes('damaged'))).toEqual([]);
    expect(readdirSync(dir).filter((name) => name.startsWith('purchases.unreadable-') && name.endsWith('.sqlite'))).toHaveLength(1);
  });
});

describe('journal backups', () => {
  it('makes at most one a day unless asked at quit, and keeps the last 7', async () => {
    fill(2);
    mkdirSync(join(dir, 'backups'));
    for (let day = 1; day <= 9; day += 1) writeFileSync(join(dir, 'backups', `purchases-2020-01-0${String(day)}.sqlite`), 'old');
    const journal = new PurchaseJournal(dir);
    const now = Date.UTC(2026, 10, 22, 12);
    expect(await backUpJournal(journal.database, dir, now, false)).toMatch(/purchases-2026-11-22\.sqlite$/);
    expect(await backUpJournal(journal.database, dir, now + 60_000, false)).toBeUndefined();
    expect(await backUpJournal(journal.database, dir, now + 120_000, true)).toMatch(/purchases-2026-11-22\.sqlite$/);
    journal.close();
    const names = (await listBackups(dir)).map((backup) => backup.name);
    expect(names).toHaveLength(7);
    expect(names[0]).toBe('purchases-2026-11-22.sqlite');
    expect(names.at(-1)).toBe('purchases-2020-01-04.sqlite');
    // The backup is a real, sound journal.
    const copy = new DatabaseSync(join(dir, 'backups', 'purchases-2026-11-22.sqlite'), { readOnly: true });
    expect(copy.prepare('SELECT count(*) AS n FROM purchases').get()).toEqual({ n: 2 });
    copy.close();
  });
});
