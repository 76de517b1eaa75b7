import { chmodSync, closeSync, fchmodSync, statSync, mkdirSync, openSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The data folder is its user's alone: on POSIX the folder is 0700 and every file in it 0600,
 * whatever the umask, since it holds what was bought, for which title, at what price. Modes are
 * set by each writer (a mode at creation, or chmod right after SQLite creates a file: SQLite then
 * gives the file's mode to its -wal and -shm), never by changing the process umask, which would
 * reach every other file the process writes. Windows has no such modes: nothing is done there.
 */
export const privateFileMode = 0o600;
export const privateFolderMode = 0o700;

const posix = process.platform !== 'win32';
// A file gone meanwhile, or one owned by someone else, is no reason to stop TitleDesk.
const ignoredCodes = new Set(['ENOENT', 'EPERM', 'EACCES']);

function tolerate(change: () => void): void {
  try {
    change();
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? error.code : undefined;
    if (typeof code !== 'string' || !ignoredCodes.has(code)) throw error;
  }
}

/**
 * Gives an existing file or folder `mode`, only when it has another: a chmod moves the change
 * time even when the mode stays, and the journal's seal (journal-seal.ts) reads a moved change
 * time as a write by another program, costing the next start its full check.
 */
function setMode(path: string, mode: number): void {
  tolerate(() => {
    if ((statSync(path).mode & 0o777) !== mode) chmodSync(path, mode);
  });
}

/** Makes an existing file readable and writable by its owner only. */
export function makePrivate(path: string): void {
  if (posix) setMode(path, privateFileMode);
}

/** Creates `path` empty and private (or empties it and makes it private), for a writer that fills it. */
export function createPrivateFile(path: string): void {
  const fd = openSync(path, 'w', privateFileMode);
  try {
    // The mode given at creation is reduced by the umask, and an existing file keeps its own.
    if (posix) fchmodSync(fd, privateFileMode);
  } finally {
    closeSync(fd);
  }
}

/** Creates a folder (and missing parents) and makes the folder itself 0700. */
export function makePrivateFolder(path: string): void {
  mkdirSync(path, { recursive: true, mode: privateFolderMode });
  if (posix) setMode(path, privateFolderMode);
}

// Deep enough for every folder TitleDesk makes (backups/, sandbox/, logs/); links are never followed.
const maxDepth = 4;

function tightenEntries(folder: string, depth: number): void {
  let entries;
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isFile()) makePrivate(path);
    else if (entry.isDirectory()) {
      setMode(path, privateFolderMode);
      if (depth < maxDepth) tightenEntries(path, depth + 1);
    }
  }
}

/**
 * Tightens a data folder made by an earlier version or under a lax umask: the folder 0700, the
 * folders in it 0700 and every file 0600. Run at every start, before anything is opened; it
 * costs a stat per file.
 */
export function tightenDataDir(dataDir: string): void {
  if (!posix) return;
  setMode(dataDir, privateFolderMode);
  tightenEntries(dataDir, 1);
}
