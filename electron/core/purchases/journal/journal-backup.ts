import { copyFileSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { backup, type DatabaseSync } from 'node:sqlite';
import type { BackupInfo, JournalNotice } from '../../../../shared/purchase/journal.ts';
import { CoreError } from '../../errors.ts';
import { backupProblem, backupProblemNow } from './backup-check.ts';
import { createPrivateFile, makePrivateFolder, privateFileMode } from '../../files/private-files.ts';

/**
 * Backups of the journal with SQLite's online backup API (a consistent copy while the app keeps
 * writing): at most one a day while running, one at quit, the last 7 kept, in `<data>/backups`.
 * A restore is done at the next start, before the journal is opened; the journal it replaces is
 * kept beside it.
 */
const keep = 7;
const namePattern = /^purchases-(\d{4}-\d{2}-\d{2})\.sqlite$/;
const restoreMarker = 'restore-backup.json';

export function backupDir(dataDir: string): string {
  return join(dataDir, 'backups');
}

function dayOf(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** The backups' files, newest first, without checking them (salvage reads whatever they still hold). */
export function backupPaths(dataDir: string): string[] {
  const dir = backupDir(dataDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((name) => namePattern.test(name)).sort().reverse().map((name) => join(dir, name));
}

export { openBackupReadOnly } from './backup-check.ts';

/** The backups, newest first, each checked (backup-check.ts): a damaged one is listed as damaged. */
export async function listBackups(dataDir: string): Promise<BackupInfo[]> {
  const listed: BackupInfo[] = [];
  // One at a time: each check reads the whole file.
  for (const path of backupPaths(dataDir)) {
    const stat = statSync(path);
    const problem = await backupProblem(path);
    listed.push({ name: basename(path), createdAt: stat.mtimeMs, bytes: stat.size, ...(problem === undefined ? {} : { damaged: problem }) });
  }
  return listed;
}

/** Today's backup; `force` replaces one already made today (at quit). Returns its path. */
export async function backUpJournal(db: DatabaseSync, dataDir: string, now: number, force: boolean): Promise<string | undefined> {
  const dir = backupDir(dataDir);
  makePrivateFolder(dir);
  const target = join(dir, `purchases-${dayOf(now)}.sqlite`);
  if (!force && existsSync(target)) return undefined;
  const partial = `${target}.partial`;
  // Made private before SQLite writes it: SQLite would create it with the umask's mode.
  createPrivateFile(partial);
  await backup(db, partial);
  renameSync(partial, target);
  for (const old of backupPaths(dataDir).slice(keep)) rmSync(old, { force: true });
  return target;
}

/** Asks for a backup to replace the journal at the next start. */
export async function requestRestore(dataDir: string, name: string): Promise<BackupInfo> {
  const chosen = (await listBackups(dataDir)).find((item) => item.name === name);
  if (chosen === undefined) throw new CoreError('not_found', `There is no backup named ${name}.`);
  if (chosen.damaged !== undefined) {
    throw new CoreError('journal', `The backup ${name} is damaged (${chosen.damaged}) and cannot be restored; choose another backup.`);
  }
  writeFileSync(join(dataDir, restoreMarker), JSON.stringify({ name }), { mode: privateFileMode });
  return chosen;
}

/** Run before the journal opens: puts a requested backup in place and keeps the journal it replaces. */
export function applyRequestedRestore(dataDir: string, journalPath: string, now: number): JournalNotice | undefined {
  const marker = join(dataDir, restoreMarker);
  if (!existsSync(marker)) return undefined;
  let name: unknown;
  try {
    const parsed: unknown = JSON.parse(readFileSync(marker, 'utf8'));
    name = typeof parsed === 'object' && parsed !== null && 'name' in parsed ? parsed.name : undefined;
  } catch {
    name = undefined;
  }
  rmSync(marker, { force: true });
  if (typeof name !== 'string' || !namePattern.test(name) || !existsSync(join(backupDir(dataDir), name))) return undefined;
  // Checked again: the file may have been damaged since it was chosen. The journal stays as it is.
  const problem = backupProblemNow(join(backupDir(dataDir), name));
  if (problem !== undefined) {
    return { kind: 'restore_refused', message: `The backup ${name} was not restored: it is damaged (${problem}). The journal was left as it was.`, path: join(backupDir(dataDir), name) };
  }
  const aside = journalPath.replace(/\.sqlite$/, `.before-restore-${new Date(now).toISOString().replace(/[:.]/g, '-')}.sqlite`);
  if (existsSync(journalPath)) copyFileSync(journalPath, aside);
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(`${journalPath}${suffix}`)) copyFileSync(`${journalPath}${suffix}`, `${aside}${suffix}`);
    rmSync(`${journalPath}${suffix}`, { force: true });
  }
  copyFileSync(join(backupDir(dataDir), name), journalPath);
  return { kind: 'restored', message: `The purchase journal was restored from the backup ${name}. The journal it replaced was kept at ${aside}.`, path: aside };
}
