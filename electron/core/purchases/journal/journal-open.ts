import { copyFileSync, existsSync, rmSync, statSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { dirname } from 'node:path';
import { z } from 'zod';
import type { JournalNotice } from '../../../../shared/purchase/journal.ts';
import { damagedLabel } from '../../../../shared/purchase/purchase-damage.ts';
import type { SalvagedBatches } from './journal-batch-tables.ts';
import { salvageBatches } from './salvage/salvage-batches.ts';
import { sealedCheckTime } from './journal-seal.ts';
import type { SalvagedRow } from './salvage/salvage-merge.ts';
import { gatherCopies } from './salvage/salvage-sources.ts';
import { findUnreadableRows, salvageUnreadableRows, type UnreadableRows } from './salvage/unreadable-rows.ts';

export type { SalvagedRow } from './salvage/salvage-merge.ts';

/**
 * Opening the journal without trusting it: an empty file where a journal should be, or a damaged
 * one, is never turned silently into an empty history. A damaged journal is copied aside (with
 * its WAL), every purchase and batch that can still be found is carried into a fresh one, never
 * in an earlier state than any copy of it shows (salvage-merge.ts), and the user is told.
 */
const quickCheckRowSchema = z.object({ quick_check: z.string() });

export interface OpenedJournal {
  readonly db: DatabaseSync;
  readonly notices: JournalNotice[];
  /** Rows read from a damaged journal, to be written into the fresh one. */
  readonly salvaged: SalvagedRow[];
  /** Batches and their lines read from a damaged journal (journal-batch-tables.ts). */
  readonly salvagedBatches?: SalvagedBatches;
  /**
   * When the file was last found sound: now when it was checked at this open, or the time of the
   * check its seal carries when it was exactly as sealed and the check was skipped (journal-seal.ts).
   */
  readonly checkedAt: number;
  /** Whether this open checked the file (and so its records must be read too). */
  readonly checkedNow: boolean;
  /** Every record was read at this open, and those that could not be were salvaged: no need to read them again. */
  readonly recordsRead?: boolean;
}

function configure(db: DatabaseSync): void {
  db.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;');
}

/** The first problem quick_check reports, or undefined when the file is sound. */
function integrityProblem(db: DatabaseSync): string | undefined {
  const rows = db.prepare('PRAGMA quick_check').all().map((row) => quickCheckRowSchema.safeParse(row));
  const first = rows[0];
  if (first?.success === true && first.data.quick_check === 'ok') return undefined;
  return first?.success === true ? first.data.quick_check : 'the integrity check gave no answer';
}

function tryOpen(path: string, check: boolean): { db: DatabaseSync } | { problem: string } {
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(path);
    configure(db);
    const problem = check ? integrityProblem(db) : undefined;
    if (problem === undefined) return { db };
    db.close();
    return { problem };
  } catch (error) {
    if (db?.isOpen === true) db.close();
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}

/** `why` names the copy: a damaged file salvaged into a fresh one, or a sound one whose unreadable rows were salvaged in place. */
function copyAside(path: string, stamp: string, why: 'damaged' | 'unreadable' = 'damaged'): string {
  const copy = path.replace(/\.sqlite$/, `.${why}-${stamp}.sqlite`);
  copyFileSync(path, copy);
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(`${path}${suffix}`)) copyFileSync(`${path}${suffix}`, `${copy}${suffix}`);
  }
  return copy;
}

/**
 * A sound file's rows whose record does not parse are salvaged in place (unreadable-rows.ts), the
 * file as it was copied aside first: hidden, such a purchase could be bought twice. Says the
 * problem when the rows cannot be replaced (the damage reached what an index holds of them too,
 * which quick_check does not compare): the file is then salvaged whole, as a damaged one.
 */
function salvageUnreadable(db: DatabaseSync, path: string, now: Date, notices: JournalNotice[]): { problem?: string; recordsRead: boolean } {
  let unreadable: UnreadableRows;
  try {
    unreadable = findUnreadableRows(db);
  } catch {
    // No purchases table yet (a journal of an older version, or just made): the journal reads it after its migrations.
    return { recordsRead: false };
  }
  if (unreadable.rowids.length === 0) return { recordsRead: true };
  const copy = copyAside(path, now.toISOString().replace(/[:.]/g, '-'), 'unreadable');
  let repaired: ReturnType<typeof salvageUnreadableRows>;
  try {
    repaired = salvageUnreadableRows(db, path, dirname(path), unreadable);
  } catch (error) {
    // Rolled back: the whole-file salvage keeps its own copy.
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${copy}${suffix}`, { force: true });
    return { problem: `${String(unreadable.rowids.length)} purchase records could not be read (${error instanceof Error ? error.message : String(error)})`, recordsRead: false };
  }
  const { ids, damaged, total } = repaired;
  const shown = `${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ', …' : ''}`;
  notices.push({
    kind: 'unreadable_records',
    message: `${String(ids.length)} of ${String(total)} purchases in the journal could not be read (${shown}). ` +
      (damaged === 0 ? 'A whole copy of each was found and kept. ' : `${damaged === ids.length ? 'They are' : `${String(damaged)} of them are`} shown marked "${damagedLabel}" with what could be found. `) +
      `The file as it was is kept at ${copy}.`,
    path: copy,
  });
  return { recordsRead: true };
}

/** A damaged journal: copied aside, and every purchase and batch found anywhere carried into a fresh one. */
function salvageDamaged(path: string, problem: string, now: Date, notices: JournalNotice[]): OpenedJournal {
  const copy = copyAside(path, now.toISOString().replace(/[:.]/g, '-'));
  const { rows: salvaged, damaged } = gatherCopies(copy, dirname(path)).merge();
  const salvagedBatches = salvageBatches(copy, dirname(path));
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
  const db = new DatabaseSync(path);
  configure(db);
  notices.push({
    kind: 'damaged',
    message: `The purchase journal was damaged (${problem}). A copy of it was kept at ${copy}; ` +
      `${salvaged.length} purchase${salvaged.length === 1 ? '' : 's'} could still be read and ${salvaged.length === 1 ? 'was' : 'were'} kept` +
      (damaged === 0 ? '' : `; ${damaged} of them could not be read whole and ${damaged === 1 ? 'is' : 'are'} marked "${damagedLabel}"`) +
      (salvagedBatches.batches.length === 0 ? '. ' : `, with ${salvagedBatches.batches.length} batch${salvagedBatches.batches.length === 1 ? '' : 'es'} (${salvagedBatches.items.length} lines). `) +
      'Anything else may be in the copy or in a backup.',
    path: copy,
  });
  return { db, notices, salvaged, salvagedBatches, checkedAt: now.getTime(), checkedNow: true };
}

export function openJournalFile(path: string, now: Date = new Date()): OpenedJournal {
  const existed = existsSync(path);
  const notices: JournalNotice[] = [];
  if (existed && statSync(path).size === 0 && !existsSync(`${path}-wal`)) {
    notices.push({
      kind: 'empty',
      message: `The purchase journal ${path} was empty (0 bytes) when TitleDesk started, so no earlier purchase could be read from it. ` +
        'If you had purchases here, restore a backup or import an export of your history.',
      path,
    });
  }
  const sealedAt = existed ? sealedCheckTime(path, now.getTime()) : undefined;
  const opened = tryOpen(path, sealedAt === undefined);
  if ('db' in opened) {
    const read = existed && sealedAt === undefined ? salvageUnreadable(opened.db, path, now, notices) : { recordsRead: false };
    if (read.problem === undefined) {
      return { db: opened.db, notices, salvaged: [], checkedAt: sealedAt ?? now.getTime(), checkedNow: sealedAt === undefined, recordsRead: read.recordsRead };
    }
    opened.db.close();
    return salvageDamaged(path, read.problem, now, notices);
  }
  return salvageDamaged(path, opened.problem, now, notices);
}
