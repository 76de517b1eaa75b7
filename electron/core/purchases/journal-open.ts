import { copyFileSync, existsSync, rmSync, statSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import type { JournalNotice } from '../../../shared/journal.ts';
import { salvageRecordTexts } from './journal-salvage.ts';
import { sealedCheckTime } from './journal-seal.ts';

/**
 * Opening the journal without trusting it: an empty file where a journal should be, or a damaged
 * one, is never turned silently into an empty history. A damaged journal is copied aside (with
 * its WAL), every row that can still be read is carried into a fresh one, and the user is told.
 */
export interface SalvagedRow {
  readonly id: string;
  readonly environment_id: string;
  readonly title_number: string | null;
  readonly purchase_id: string | null;
  readonly state: string;
  readonly created_at: number;
  readonly updated_at: number;
  readonly record: string;
  readonly result_body: string | null;
}

const salvagedRowSchema = z.object({
  id: z.string(),
  environment_id: z.string(),
  title_number: z.string().nullable(),
  purchase_id: z.string().nullable(),
  state: z.string(),
  created_at: z.number(),
  updated_at: z.number(),
  record: z.string(),
  result_body: z.string().nullable(),
});

const quickCheckRowSchema = z.object({ quick_check: z.string() });

export interface OpenedJournal {
  readonly db: DatabaseSync;
  readonly notices: JournalNotice[];
  /** Rows read from a damaged journal, to be written into the fresh one. */
  readonly salvaged: SalvagedRow[];
  /**
   * When the file was last found sound: now when it was checked at this open, or the time of the
   * check its seal carries when it was exactly as sealed and the check was skipped (journal-seal.ts).
   */
  readonly checkedAt: number;
  /** Whether this open checked the file (and so its records must be read too). */
  readonly checkedNow: boolean;
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

/**
 * Whatever rows can be read: through SQLite, scanning from both ends so one bad page in the
 * middle loses only what is on it, then from the raw pages for records SQLite could not reach.
 */
function salvage(copyPath: string): SalvagedRow[] {
  const found = salvageRows(copyPath);
  for (const record of salvageRecordTexts(copyPath)) {
    if (found.has(record.id)) continue;
    found.set(record.id, {
      id: record.id,
      environment_id: record.environmentId,
      title_number: record.titleNumber ?? null,
      purchase_id: record.purchaseId ?? null,
      state: record.state,
      created_at: record.createdAt,
      updated_at: record.updatedAt,
      record: JSON.stringify(record),
      result_body: null,
    });
  }
  return [...found.values()];
}

function salvageRows(copyPath: string): Map<string, SalvagedRow> {
  const found = new Map<string, SalvagedRow>();
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(copyPath, { readOnly: true });
  } catch {
    return found;
  }
  for (const order of ['ASC', 'DESC']) {
    try {
      const rows = db.prepare(`SELECT id, environment_id, title_number, purchase_id, state, created_at, updated_at, record, result_body
                               FROM purchases ORDER BY rowid ${order}`).iterate();
      for (const row of rows) {
        const parsed = salvagedRowSchema.safeParse(row);
        if (parsed.success) found.set(parsed.data.id, parsed.data);
      }
    } catch {
      // The scan stopped at a damaged page: keep what came before it.
    }
  }
  db.close();
  return found;
}

function copyAside(path: string, stamp: string): string {
  const copy = path.replace(/\.sqlite$/, `.damaged-${stamp}.sqlite`);
  copyFileSync(path, copy);
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(`${path}${suffix}`)) copyFileSync(`${path}${suffix}`, `${copy}${suffix}`);
  }
  return copy;
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
    return { db: opened.db, notices, salvaged: [], checkedAt: sealedAt ?? now.getTime(), checkedNow: sealedAt === undefined };
  }
  const copy = copyAside(path, now.toISOString().replace(/[:.]/g, '-'));
  const salvaged = salvage(copy);
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
  const db = new DatabaseSync(path);
  configure(db);
  notices.push({
    kind: 'damaged',
    message: `The purchase journal was damaged (${opened.problem}). A copy of it was kept at ${copy}; ` +
      `${salvaged.length} purchase${salvaged.length === 1 ? '' : 's'} could still be read and ${salvaged.length === 1 ? 'was' : 'were'} kept. ` +
      'Anything else may be in the copy or in a backup.',
    path: copy,
  });
  return { db, notices, salvaged, checkedAt: now.getTime(), checkedNow: true };
}
