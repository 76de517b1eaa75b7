import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { CoreError } from '../errors.ts';

const lockName = 'titledesk.lock';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

function ownerOf(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8'), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One app process per data folder: two would both resume the journal and poll the same
 * purchases (Electron's single-instance lock covers only the desktop app). A lock left by a
 * process that died is taken over; one held by a live process, this one included, is refused.
 * Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, lockName);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        if (ownerOf(path) === process.pid) rmSync(path, { force: true });
      };
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
      const owner = ownerOf(path);
      if (owner !== undefined && isRunning(owner)) {
        throw new CoreError('validation', `TitleDesk is already running on this data folder (process ${String(owner)}): ${dataDir}`);
      }
      rmSync(path, { force: true });
    }
  }
  throw new CoreError('internal', `Could not lock the data folder ${dataDir}.`);
}

/** The live process other than this one that follows the journal of this folder, if any. */
export function dataDirHolder(dataDir: string): number | undefined {
  const owner = ownerOf(join(dataDir, lockName));
  return owner !== undefined && owner !== process.pid && isRunning(owner) ? owner : undefined;
}
