import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchStore } from '../../../../../../electron/core/batch/batch-store.ts';
import { backUpJournal } from '../../../../../../electron/core/purchases/journal/journal-backup.ts';
import { PurchaseJournal } from '../../../../../../electron/core/purchases/journal/journal.ts';
import { appendRescue } from '../../../../../../electron/core/purchases/journal/rescue-file.ts';
import { sendableReason } from '../../../../../../electron/core/purchases/recovery/recovery.ts';
import { createRandom } from '../../../../../../electron/sandbox/seeded.ts';
import type { BatchItem } from '../../../../../../shared/purchase/batch.ts';
import { writeDamagedPaidJournal } from '../../../../support/damaged-paid-journal.ts';
import { copyDataDir, writePaidJournal, type PaidJournal } from '../../../../support/paid-journal.ts';

/**
 * The same damage (5 spans of 168 bytes of noise) at many seeded places of a journal of 200 paid
 * purchases and their batch: salvage never brings a record back in an earlier state than it was
 * (compared field by field, with its result), and never offers "Buy again" for a purchase the
 * service had answered.
 */
const dirs: string[] = [];
let paid: PaidJournal;
let backedUp: string;
let killed = '';

beforeAll(async () => {
  // The same journal as a killed process leaves it: the newest pages in its WAL.
  paid = writePaidJournal(dirs, 200, 7, (dir) => { killed = copyDataDir(dir, dirs); });
  backedUp = copyDataDir(paid.dataDir, dirs);
  const journal = new PurchaseJournal(backedUp);
  await backUpJournal(journal.database, backedUp, Date.UTC(2026, 11, 1), true);
  journal.close();
}, 60_000);

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function damage(path: string, seed: number): void {
  const random = createRandom(seed);
  const size = statSync(path).size;
  const fd = openSync(path, 'r+');
  try {
    for (let span = 0; span < 5; span += 1) {
      const noise = Buffer.from(Array.from({ length: 168 }, () => Math.floor(random() * 256)));
      writeSync(fd, noise, 0, noise.length, Math.floor(random() * (size - noise.length)));
    }
  } finally {
    closeSync(fd);
  }
}

interface Tally { salvaged: boolean; exact: number; resultLost: number; damagedKept: number; unreadable: number; lost: number; backwards: string[]; buyAgainWithAnswer: string[]; linesExact: number; linesMissing: number; linesBackwards: string[]; batchKept: boolean }

const lineStage: Record<BatchItem['state'], number> = { queued: 0, sending: 1, pending: 2, available: 3, reused: 3, refused: 3, failed: 3, unknown: 3, cancelled: 3 };

function judge(dataDir: string): Tally {
  const journal = new PurchaseJournal(dataDir);
  const tally: Tally = { salvaged: journal.notices.some((notice) => notice.kind === 'damaged'), exact: 0, resultLost: 0, damagedKept: 0, unreadable: 0, lost: 0, backwards: [], buyAgainWithAnswer: [], linesExact: 0, linesMissing: 0, linesBackwards: [], batchKept: false };
  try {
    for (const original of paid.records) {
      const record = journal.get(original.id);
      if (record === undefined) {
        // A sound file's record that does not parse is salvaged in place (unreadable-rows.ts): never hidden, so never counted here.
        if (journal.notices.some((notice) => notice.kind === 'unreadable_records' && notice.message.includes(original.id))) tally.unreadable += 1;
        else tally.lost += 1;
        continue;
      }
      if (sendableReason(record, true) === undefined) tally.buyAgainWithAnswer.push(original.id);
      if (isDeepStrictEqual(record, original)) {
        tally.exact += 1;
        // The service's body, kept beside the values: the damage may have reached it alone.
        if (!isDeepStrictEqual(journal.getResult(original.id), JSON.parse(paid.resultBodies.get(original.id) ?? 'null'))) tally.resultLost += 1;
      } else if (record.state === 'outcome_unknown' && record.damaged?.answered === true && record.purchaseId === original.purchaseId) tally.damagedKept += 1;
      else tally.backwards.push(`${original.id}: ${record.state} ${record.purchaseId ?? '(no purchase ID)'}`);
    }
    const batches = new BatchStore(journal.path);
    const lines = batches.items(paid.batchId);
    tally.batchKept = batches.get(paid.batchId)?.state === 'done';
    batches.close();
    for (const original of paid.lines) {
      const line = lines.find((item) => item.index === original.index);
      if (line === undefined) tally.linesMissing += 1;
      else if (isDeepStrictEqual(line, original)) tally.linesExact += 1;
      // A line behind its original is safe only tied to its purchase (a resume follows the purchase's
      // journal state) or marked of unknown outcome (never sent again).
      else if (line.state !== 'unknown' && (line.purchaseLocalId !== original.purchaseLocalId ||
        (line.purchaseLocalId === null && lineStage[line.state] < lineStage[original.state]))) tally.linesBackwards.push(`line ${String(original.index)}: ${line.state}`);
    }
  } finally {
    journal.close();
  }
  return tally;
}

const seeds = Array.from({ length: 30 }, (_, n) => 1_000 + n);

describe('salvaging a journal of 200 paid purchases damaged at 5 places, 30 seeds (150 damaged spans)', () => {
  it('never brings a purchase or a batch line back in an earlier state, nor offers Buy again for one answered', () => {
    const totals = { salvaged: 0, exact: 0, resultLost: 0, damagedKept: 0, unreadable: 0, lost: 0, linesExact: 0, linesMissing: 0 };
    const backwards: string[] = [];
    const buyAgain: string[] = [];
    for (const seed of seeds) {
      const dir = copyDataDir(paid.dataDir, dirs);
      damage(join(dir, 'purchases.sqlite'), seed);
      const tally = judge(dir);
      rmSync(dir, { recursive: true, force: true });
      totals.salvaged += Number(tally.salvaged);
      totals.exact += tally.exact;
      totals.resultLost += tally.resultLost;
      totals.damagedKept += tally.damagedKept;
      totals.unreadable += tally.unreadable;
      totals.lost += tally.lost;
      totals.linesExact += tally.linesExact;
      totals.linesMissing += tally.linesMissing;
      backwards.push(...tally.backwards.map((text) => `seed ${String(seed)}: ${text}`), ...tally.linesBackwards.map((text) => `seed ${String(seed)}: ${text}`));
      buyAgain.push(...tally.buyAgainWithAnswer.map((id) => `seed ${String(seed)}: ${id}`));
      if (!tally.batchKept) backwards.push(`seed ${String(seed)}: the batch was lost`);
    }
    console.info(`salvage without a backup, ${String(seeds.length)} seeds:`, totals);
    expect(backwards).toEqual([]);
    expect(buyAgain).toEqual([]);
    expect(totals.unreadable).toBe(0);
    // The damage did reach the journal's structure often enough to test salvage itself.
    expect(totals.salvaged).toBeGreaterThan(seeds.length / 3);
  }, 240_000);

  it('with a backup, every purchase and line comes back whole, field for field, with its result', () => {
    let salvaged = 0;
    for (const seed of seeds.slice(0, 15)) {
      const dir = copyDataDir(backedUp, dirs);
      damage(join(dir, 'purchases.sqlite'), seed);
      const tally = judge(dir);
      rmSync(dir, { recursive: true, force: true });
      // A file SQLite finds sound is not salvaged into a fresh one; a record it cannot parse is salvaged in place.
      expect({ seed, kept: tally.exact + tally.unreadable, backwards: [...tally.backwards, ...tally.linesBackwards] }).toEqual({ seed, kept: paid.records.length, backwards: [] });
      if (tally.salvaged) {
        salvaged += 1;
        expect({ seed, exact: tally.exact, resultLost: tally.resultLost, lines: tally.linesExact }).toEqual({ seed, exact: paid.records.length, resultLost: 0, lines: paid.lines.length });
      }
    }
    expect(salvaged).toBeGreaterThan(5);
  }, 240_000);
});

describe('salvaging the journal a killed process left, its WAL beside it', () => {
  it('never brings a purchase or line back earlier, whatever the WAL holds (15 seeds)', () => {
    expect(statSync(join(killed, 'purchases.sqlite-wal')).size).toBeGreaterThan(0);
    const backwards: string[] = [];
    let salvaged = 0;
    for (const seed of seeds.slice(0, 15)) {
      const dir = copyDataDir(killed, dirs);
      damage(join(dir, 'purchases.sqlite'), seed);
      const tally = judge(dir);
      rmSync(dir, { recursive: true, force: true });
      salvaged += Number(tally.salvaged);
      backwards.push(...[...tally.backwards, ...tally.linesBackwards, ...tally.buyAgainWithAnswer].map((text) => `seed ${String(seed)}: ${text}`));
    }
    expect(backwards).toEqual([]);
    expect(salvaged).toBeGreaterThan(3);
  }, 240_000);
});

describe('a paid purchase whose newest text the damage cut, its older texts intact', () => {
  it('comes back damaged with its purchase ID and the facts found, never as not sent, and is not bought again', () => {
    const dir = mkdtempSync(join(tmpdir(), 'journal-salvage-'));
    dirs.push(dir);
    const { paid: original, others } = writeDamagedPaidJournal(dir);
    const journal = new PurchaseJournal(dir);
    try {
      expect(journal.notices.find((notice) => notice.kind === 'damaged')?.message).toContain('1 of them could not be read whole and is marked "Damaged: check before buying"');
      for (const record of others) expect(journal.get(record.id)).toEqual(record);
      const record = journal.get(original.id);
      const { state, autoCheck, updatedAt, items, totals, timeline, error, damaged, ...kept } = record ?? original;
      // Every fact found is kept: the older whole copy's fields, its purchase ID and result address.
      expect(kept).toEqual({ ...original, state: undefined, autoCheck: undefined, updatedAt: undefined, items: undefined, totals: undefined, timeline: undefined, error: undefined, damaged: undefined });
      expect({ state, autoCheck, updatedAt, items, totals, damaged }).toEqual({ state: 'outcome_unknown', autoCheck: false, updatedAt: original.updatedAt, items: undefined, totals: undefined, damaged: { answered: true, seenState: 'available' } });
      // The timeline of the furthest whole copy found: a part of the real one, never invented.
      expect(original.timeline.slice(0, timeline.length)).toEqual(timeline);
      expect(error?.message).toContain(`purchase ID ${original.purchaseId ?? ''}`);
      expect(sendableReason(record ?? original, true)).toContain('check it on the service instead of buying it again');
    } finally {
      journal.close();
    }
  });

  it('a purchase known only from the rescue file comes back with its result address, not lost', () => {
    const dir = mkdtempSync(join(tmpdir(), 'journal-salvage-'));
    dirs.push(dir);
    writeDamagedPaidJournal(dir);
    const localId = '5d0c7e1a-3b2f-4a6d-9c8e-1f2a3b4c5d6e';
    appendRescue(dir, { at: 1_760_000_100_000, localId, environmentId: 'sandbox', titleNumber: 'DN999', variables: ['v'], status: 303, resultUrl: 'http://127.0.0.1:47100/purchases/p-rescued' });
    const journal = new PurchaseJournal(dir);
    try {
      const record = journal.get(localId);
      expect(record).toMatchObject({ state: 'outcome_unknown', titleNumber: 'DN999', variables: ['v'], purchaseId: 'p-rescued', resultUrl: 'http://127.0.0.1:47100/purchases/p-rescued', damaged: { answered: true } });
      expect(record === undefined ? undefined : sendableReason(record, true)).toContain('purchase ID p-rescued');
    } finally {
      journal.close();
    }
  });
});
