import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backUpJournal, listBackups, requestRestore } from '../../../../../electron/core/purchases/journal/journal-backup.ts';
import { PurchaseJournal } from '../../../../../electron/core/purchases/journal/journal.ts';
import { settledRecord } from '../../../support/settled-record.ts';

/** A backup is checked before it is offered or put in place: a damaged one is listed as such, never restored. */
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'journal-backup-check-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function twoBackups(): Promise<{ sound: string; damaged: string }> {
  const journal = new PurchaseJournal(dir);
  for (let n = 0; n < 40; n += 1) journal.insert(settledRecord(n));
  const sound = await backUpJournal(journal.database, dir, Date.UTC(2026, 10, 20), true);
  const damaged = await backUpJournal(journal.database, dir, Date.UTC(2026, 10, 21), true);
  journal.close();
  if (sound === undefined || damaged === undefined) throw new Error('no backup made');
  return { sound, damaged };
}

function overwriteStart(path: string, bytes = 4_000): void {
  const fd = openSync(path, 'r+');
  writeSync(fd, Buffer.alloc(bytes, 0x5a), 0, bytes, 0);
  closeSync(fd);
}

describe('checking backups before they are offered or restored', () => {
  it('lists a backup whose first 4,000 bytes were overwritten as damaged, and a sound one as sound', async () => {
    const { damaged } = await twoBackups();
    overwriteStart(damaged);
    const listed = await listBackups(dir);
    expect(listed.map((backup) => [backup.name, backup.damaged === undefined])).toEqual([
      ['purchases-2026-11-21.sqlite', false],
      ['purchases-2026-11-20.sqlite', true],
    ]);
    expect(listed[0]?.damaged).toMatch(/not a database|malformed|corrupt/);
    // Checking writes nothing beside the backups (no -wal or -shm).
    expect(readdirSync(join(dir, 'backups')).sort()).toEqual(['purchases-2026-11-20.sqlite', 'purchases-2026-11-21.sqlite']);
  });

  it('refuses to restore a damaged backup with a clear error, and restores a sound one', async () => {
    const { damaged } = await twoBackups();
    overwriteStart(damaged);
    await expect(requestRestore(dir, 'purchases-2026-11-21.sqlite')).rejects.toThrow(/purchases-2026-11-21\.sqlite is damaged .* cannot be restored; choose another backup/);
    expect(readdirSync(dir)).not.toContain('restore-backup.json');
    expect((await requestRestore(dir, 'purchases-2026-11-20.sqlite')).name).toBe('purchases-2026-11-20.sqlite');
    const journal = new PurchaseJournal(dir);
    expect(journal.notices.map((notice) => notice.kind)).toEqual(['restored']);
    expect(journal.search({ limit: 100 })).toHaveLength(40);
    journal.close();
  });

  it('does not put in place a backup damaged after it was chosen: the journal stays, and the start says why', async () => {
    const { damaged } = await twoBackups();
    const journal = new PurchaseJournal(dir);
    journal.insert(settledRecord(99));
    journal.close();
    expect((await requestRestore(dir, 'purchases-2026-11-21.sqlite')).name).toBe('purchases-2026-11-21.sqlite');
    overwriteStart(damaged);
    const reopened = new PurchaseJournal(dir);
    expect(reopened.notices.map((notice) => notice.kind)).toEqual(['restore_refused']);
    expect(reopened.notices[0]?.message).toContain('was not restored: it is damaged');
    expect(reopened.search({ limit: 100 })).toHaveLength(41);
    reopened.close();
  });

  it('lists a file that is not a database at all as damaged', async () => {
    mkdirSync(join(dir, 'backups'));
    writeFileSync(join(dir, 'backups', 'purchases-2020-01-01.sqlite'), 'old');
    const listed = await listBackups(dir);
    expect(listed.map((backup) => backup.name)).toEqual(['purchases-2020-01-01.sqlite']);
    expect(listed[0]?.damaged).toMatch(/not a database/);
  });
});
