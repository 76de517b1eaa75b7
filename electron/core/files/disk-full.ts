import { isAbsolute, relative, resolve } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { CoreError } from '../errors.ts';

/** SQLite's primary result code for a full disk (or a database at its max_page_count). */
const sqliteFull = 13;

/**
 * Whether an error, or one it wraps, is a full disk: SQLite's SQLITE_FULL, or ENOSPC / EDQUOT
 * (over quota) from the file system.
 */
export function isDiskFull(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 8; current = current.cause, depth += 1) {
    const fields = { code: 'code' in current ? current.code : undefined, errcode: 'errcode' in current ? current.errcode : undefined };
    if (fields.code === 'ENOSPC' || fields.code === 'EDQUOT') return true;
    if (fields.code === 'ERR_SQLITE_ERROR' && typeof fields.errcode === 'number' && (fields.errcode & 0xff) === sqliteFull) return true;
  }
  return false;
}

/** A full disk is a data-folder problem (exit 7 in the CLI): said as such, naming the folder. */
export function diskFullError(folder: string, cause: unknown): CoreError {
  return new CoreError(
    'data_dir',
    `The disk holding the data folder ${folder} is full: TitleDesk could not write to it. Free some space on that disk and try again; ` +
      'what was written before is kept, and no purchase is sent without its record on disk.',
    { cause },
  );
}

/** The file a file-system error names (SQLite's errors name none: they are the journal's). */
function pathOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 8; current = current.cause, depth += 1) {
    if ('path' in current && typeof current.path === 'string') return current.path;
  }
  return undefined;
}

function isInside(path: string, folder: string): boolean {
  const fromFolder = relative(resolve(folder), resolve(path));
  return !fromFolder.startsWith('..') && !isAbsolute(fromFolder);
}

/**
 * The error to report for `error`: a data-folder error naming `folder` when the disk is full
 * there, else itself. A full disk elsewhere (an export's target) is not the data folder's problem.
 */
export function asDataFolderError(error: unknown, folder: string): unknown {
  if (error instanceof CoreError || !isDiskFull(error)) return error;
  const path = pathOf(error);
  return path === undefined || isInside(path, folder) ? diskFullError(folder, error) : error;
}

/**
 * Ends a transaction whose work or COMMIT failed, and returns the error to rethrow: the original.
 * After some failures (a full disk at COMMIT) SQLite has already rolled back and ROLLBACK throws
 * "no transaction is active", which used to replace the reason worth telling.
 */
export function afterFailedTransaction(db: DatabaseSync, error: unknown): unknown {
  if (!db.isTransaction) return error;
  try {
    db.exec('ROLLBACK');
  } catch {
    // The first failure is the one to report; this one only repeats that the connection is unwell.
  }
  return error;
}
