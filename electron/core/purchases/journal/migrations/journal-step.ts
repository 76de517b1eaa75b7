import type { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';

/**
 * Tables (and the triggers that keep them in step with the journal) made and filled from the rows
 * already there. The migrations of journals written before the numbering are steps keyed on
 * their tables' existence, because those journals all say schema 1 whatever they hold
 * (index.ts): a half-made step is rebuilt whole.
 */
export interface JournalStep {
  readonly tables: readonly string[];
  readonly drop: string;
  readonly create: string;
}

const countRowSchema = z.object({ present: z.number() });

/** Builds a step unless all its tables are there (or `force`); returns whether it did. Inside the migration's transaction. */
export function migrateStep(db: DatabaseSync, step: JournalStep, force: boolean): boolean {
  const placeholders = step.tables.map(() => '?').join(', ');
  const row = countRowSchema.parse(db.prepare(`SELECT count(*) AS present FROM sqlite_master WHERE type IN ('table', 'view') AND name IN (${placeholders})`).get(...step.tables));
  if (!force && row.present === step.tables.length) return false;
  db.exec(step.drop);
  db.exec(step.create);
  return true;
}
