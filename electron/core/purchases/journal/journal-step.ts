import type { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import { afterFailedTransaction } from '../../files/disk-full.ts';

/**
 * One migration step of the journal: tables (and the triggers that keep them in step with it)
 * made and filled from the rows already there. A step is keyed on its tables' existence rather
 * than on the journal's schema version; a half-made step is rebuilt whole.
 */
export interface JournalStep {
  readonly tables: readonly string[];
  readonly drop: string;
  readonly create: string;
}

const countRowSchema = z.object({ present: z.number() });

/** Builds a step unless all its tables are there (or `force`); returns whether it did. */
export function migrateStep(db: DatabaseSync, step: JournalStep, force: boolean): boolean {
  const placeholders = step.tables.map(() => '?').join(', ');
  const row = countRowSchema.parse(db.prepare(`SELECT count(*) AS present FROM sqlite_master WHERE type IN ('table', 'view') AND name IN (${placeholders})`).get(...step.tables));
  if (!force && row.present === step.tables.length) return false;
  db.exec('BEGIN IMMEDIATE');
  try {
    db.exec(step.drop);
    db.exec(step.create);
    db.exec('COMMIT');
  } catch (error) {
    throw afterFailedTransaction(db, error);
  }
  return true;
}
