import { closeSync, openSync, readFileSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { backUpJournal } from '../../../../../../electron/core/purchases/journal/journal-backup.ts';
import { PurchaseJournal } from '../../../../../../electron/core/purchases/journal/journal.ts';
import { sendableReason } from '../../../../../../electron/core/purchases/recovery/recovery.ts';
import { createRandom } from '../../../../../../electron/sandbox/seeded.ts';
import type { PurchaseRecord } from '../../../../../../shared/purchase/purchase.ts';
import { copyDataDir, writePaidJournal, type PaidJournal } from '../../../../support/paid-journal.ts';

/**
 * Bytes changed inside the record texts of paid purchases, in a file SQLite still finds sound
 * (quick_check reads pages, not what a row says): each such purchase used to be hidden, inviting a
 * second purchase of its title. Every one must still be shown, never in an earlier state than it
 * was, never offered "Buy again" while the service's answer is known (issue 59, item 9).
 */
const dirs: string[] = [];
let paid: PaidJournal;
let backedUp: string;

beforeAll(async () => {
  paid = writePaidJournal(dirs, 200, 11);
  backedUp = copyDataDir(paid.dataDir, dirs);
  const journal = new PurchaseJournal(backedUp);
  await backUpJournal(journal.database, backedUp, Date.UTC(2026, 11, 1), true);
  journal.close();
}, 60_000);

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const recordRow = z.object({ record: z.string() });

/**
 * Overwrites 24 bytes near the start of the current record text of `count` seeded purchases with
 * quotes (adjacent strings are never JSON, wherever they fall), leaving the page's structure as it
 * was. Returns their ids.
 */
function garbleRecords(dataDir: string, seed: number, count: number): string[] {
  const path = join(dataDir, 'purchases.sqlite');
  const db = new DatabaseSync(path, { readOnly: true });
  const random = createRandom(seed);
  const chosen = new Set<string>();
  while (chosen.size < count) chosen.add(paid.records[Math.floor(random() * paid.records.length)]?.id ?? '');
  const texts = [...chosen].map((id) => recordRow.parse(db.prepare('SELECT record FROM purchases WHERE id = ?').get(id)).record);
  db.close();
  const bytes = readFileSync(path);
  const fd = openSync(path, 'r+');
  try {
    for (const text of texts) {
      // The whole text is the row's own (History's summary has no timeline, older texts another state): found once, exactly.
      const whole = Buffer.from(text, 'utf8');
      const at = bytes.indexOf(whole);
      expect(at).toBeGreaterThan(0);
      expect(bytes.indexOf(whole, at + 1)).toBe(-1);
      writeSync(fd, Buffer.from('"'.repeat(24)), 0, 24, at + 30 + Math.floor(random() * 60));
    }
  } finally {
    closeSync(fd);
  }
  return [...chosen];
}

interface Judged { hidden: string[]; backwards: string[]; buyAgainWithAnswer: string[]; exact: number; damaged: number; others: number }

function judge(journal: PurchaseJournal, garbled: readonly string[]): Judged {
  const judged: Judged = { hidden: [], backwards: [], buyAgainWithAnswer: [], exact: 0, damaged: 0, others: 0 };
  for (const original of paid.records) {
    const record: PurchaseRecord | undefined = journal.get(original.id);
    if (record === undefined) {
      judged.hidden.push(original.id);
      continue;
    }
    if (sendableReason(record, true) === undefined) judged.buyAgainWithAnswer.push(original.id);
    if (!garbled.includes(original.id)) {
      if (isDeepStrictEqual(record, original)) judged.others += 1;
      else judged.backwards.push(`${original.id} (not garbled) changed`);
    } else if (isDeepStrictEqual(record, original)) judged.exact += 1;
    else if (record.state === 'outcome_unknown' && record.damaged?.answered === true && record.purchaseId === original.purchaseId &&
      record.titleNumber === original.titleNumber && isDeepStrictEqual(record.variables, original.variables)) judged.damaged += 1;
    else judged.backwards.push(`${original.id}: ${record.state} ${record.purchaseId ?? '(no purchase ID)'}`);
  }
  return judged;
}

describe('a sound journal with purchases whose record text does not parse', () => {
  it('shows each as damaged with its purchase ID, never hidden or earlier, and offers no Buy again (10 seeds × 5 records)', () => {
    const totals = { hidden: 0, exact: 0, damaged: 0, others: 0 };
    const problems: string[] = [];
    for (let seed = 1; seed <= 10; seed += 1) {
      const dir = copyDataDir(paid.dataDir, dirs);
      const garbled = garbleRecords(dir, seed, 5);
      const journal = new PurchaseJournal(dir);
      try {
        // The file is sound: no salvage into a fresh journal, the rows are salvaged in place.
        expect(journal.notices.map((notice) => notice.kind)).toEqual(['unreadable_records']);
        expect(journal.notices[0]?.message).toContain('5 of 200 purchases in the journal could not be read (');
        for (const id of garbled) expect(journal.notices[0]?.message).toContain(id);
        const judged = judge(journal, garbled);
        totals.hidden += judged.hidden.length;
        totals.exact += judged.exact;
        totals.damaged += judged.damaged;
        totals.others += judged.others;
        problems.push(...[...judged.hidden.map((id) => `${id} hidden`), ...judged.backwards, ...judged.buyAgainWithAnswer.map((id) => `${id} offered Buy again`)].map((text) => `seed ${String(seed)}: ${text}`));
        expect(journal.search({ limit: 1000 })).toHaveLength(200);
      } finally {
        journal.close();
      }
      // The file as it was is kept for a person; the next start finds every record readable.
      expect(readdirSync(dir).filter((name) => name.startsWith('purchases.unreadable-') && name.endsWith('.sqlite'))).toHaveLength(1);
      const again = new PurchaseJournal(dir);
      try {
        expect(again.notices).toEqual([]);
        expect(judge(again, garbled).hidden).toEqual([]);
      } finally {
        again.close();
      }
      rmSync(dir, { recursive: true, force: true });
    }
    console.info('unreadable rows in a sound file, 10 seeds × 5:', totals);
    expect(problems).toEqual([]);
    expect(totals).toMatchObject({ hidden: 0, others: 10 * 195 });
    expect(totals.exact + totals.damaged).toBe(50);
  }, 120_000);

  it('with a backup, each comes back whole from it, field for field, with its result', () => {
    const dir = copyDataDir(backedUp, dirs);
    const garbled = garbleRecords(dir, 99, 5);
    const journal = new PurchaseJournal(dir);
    try {
      const judged = judge(journal, garbled);
      expect(judged).toMatchObject({ hidden: [], backwards: [], buyAgainWithAnswer: [], exact: 5, damaged: 0 });
      for (const id of garbled) expect(journal.getResult(id)).toEqual(JSON.parse(paid.resultBodies.get(id) ?? 'null'));
      expect(journal.notices[0]?.message).toContain('A whole copy of each was found and kept');
    } finally {
      journal.close();
    }
  }, 60_000);
});
