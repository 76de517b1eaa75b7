import { existsSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { CoreError } from '../core/errors.ts';
import { privateFileMode } from '../core/files/private-files.ts';

/**
 * A file to be written (export, batch --out) in a folder that does not exist: exit 7 (a file or
 * folder problem) naming the folder, before anything is written or sent, rather than a bare
 * ENOENT with exit 1. The folder is not created: a mistyped path would hide the file.
 */
export function refuseMissingFolder(path: string, consequence: string): void {
  const folder = dirname(resolve(path));
  if (!existsSync(folder)) throw new CoreError('data_dir', `The folder ${folder} does not exist, so ${path} cannot be written; ${consequence}. Create it (mkdir -p ${folder}) or name a file in another folder.`);
}

/**
 * Writes a file the user named (export, batch --out), owner only: a write the system refuses (a
 * folder by that name, no permission, a full disk) is a file problem, exit 7, naming the file and
 * the system's reason, never a bare stack with exit 1.
 */
export function writeOutputFile(path: string, data: string | Uint8Array, consequence: string): void {
  try {
    writeFileSync(path, data, { mode: privateFileMode });
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : 'an error';
    throw new CoreError('data_dir', `${path} could not be written (${reason}); ${consequence}.`, { cause: error });
  }
}
