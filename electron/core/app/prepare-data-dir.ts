import { closeSync, mkdirSync, openSync, rmSync, statSync, type Stats } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { CoreError } from '../errors.ts';
import { tightenDataDir } from '../files/private-files.ts';

function errorCode(error: unknown): string {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : 'unknown';
}

function statOf(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch (error) {
    if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return undefined;
    throw error;
  }
}

function problem(dataDir: string, what: string): CoreError {
  return new CoreError('data_dir', `The data folder ${dataDir} cannot be used: ${what}.`);
}

/** Why the OS refused to create or write in `where`, in plain words. */
function refusalReason(code: string, where: string): string {
  if (code === 'EACCES' || code === 'EPERM') return `${where} is not writable by this user`;
  if (code === 'EROFS') return `${where} is on a read-only file system`;
  if (code === 'ENOSPC' || code === 'EDQUOT') return `the disk holding ${where} is full`;
  // /proc, /sys and the like answer ENOENT to any new entry.
  if (code === 'ENOENT') return `${where} does not allow new folders (a special file system such as /proc?)`;
  return `${where} refused it (${code})`;
}

/** The folder itself, or its nearest existing ancestor, and the folders still to create below it. */
function existingAncestor(dataDir: string): { existing: string; missing: string[] } {
  const missing: string[] = [];
  let current = dataDir;
  for (;;) {
    const stats = statOf(current);
    if (stats !== undefined) {
      if (!stats.isDirectory()) {
        throw problem(dataDir, current === dataDir ? 'it is not a folder' : `${current} is not a folder`);
      }
      return { existing: current, missing };
    }
    const parent = dirname(current);
    if (parent === current) throw problem(dataDir, 'no part of its path exists');
    missing.unshift(current);
    current = parent;
  }
}

/**
 * Makes sure the data folder exists and can be written, creating it one level at a time.
 * Node's recursive mkdirSync loops forever on special file systems such as /proc (at full CPU,
 * deaf to signals), so the path is walked by hand and the walk stops at the first existing
 * ancestor that is not a folder or not writable, saying which. Throws CoreError('data_dir'). The
 * folder is then made 0700 and every file in it 0600.
 */
export function prepareDataDir(dataDirInput: string): string {
  const dataDir = resolve(dataDirInput);
  const { existing, missing } = existingAncestor(dataDir);
  let where = existing;
  for (const folder of missing) {
    try {
      mkdirSync(folder);
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw problem(dataDir, refusalReason(errorCode(error), where));
    }
    where = folder;
  }
  // The journal needs to create files here: prove it with a probe rather than trust permissions
  // (root passes every permission check, yet a read-only mount still refuses).
  const probe = join(dataDir, `.titledesk-probe-${String(process.pid)}`);
  try {
    closeSync(openSync(probe, 'w', 0o600));
    rmSync(probe, { force: true });
  } catch (error) {
    throw problem(dataDir, refusalReason(errorCode(error), dataDir));
  }
  // Owner only, whatever the umask or the version that made it (files/private-files.ts).
  tightenDataDir(dataDir);
  return dataDir;
}
