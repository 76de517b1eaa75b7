import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { CoreError } from '../core/errors.ts';

/**
 * A file to be written (export, batch --out) in a folder that does not exist: exit 7 (a file or
 * folder problem) naming the folder, before anything is written or sent, rather than a bare
 * ENOENT with exit 1. The folder is not created: a mistyped path would hide the file.
 */
export function refuseMissingFolder(path: string, consequence: string): void {
  const folder = dirname(resolve(path));
  if (!existsSync(folder)) throw new CoreError('data_dir', `The folder ${folder} does not exist, so ${path} cannot be written; ${consequence}. Create it (mkdir -p ${folder}) or name a file in another folder.`);
}
