import { copyFileSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { backup, type DatabaseSync } from 'node:sqlite';
import type { BackupInfo, JournalNotice } from '../../../shared/journal.ts';
import { CoreError } from '../errors.ts';
import { createPrivateFile, makePrivateFolder, privateFileMode } from '../files/private-files.ts';

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

export function listBackups(dataDir: string): BackupInfo[] {
  const dir = backupDir(dataDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => namePattern.test(name))
    .sort()
    .reverse()
    .map((name) => {
      const stat = statSync(join(dir, name));
      return { name, createdAt: stat.mtimeMs, bytes: stat.size };
    });
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
  for (const old of listBackups(dataDir).slice(keep)) rmSync(join(dir, old.name), { force: true });
  return target;
}

/** Asks for a backup to replace the journal at the next start. */
export function requestRestore(dataDir: string, name: string): BackupInfo {
  const chosen = listBackups(dataDir).find((item) => item.name === name);
  if (chosen === undefined) throw new CoreError('not_found', `There is no backup named ${name}.`);
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
  const aside = journalPath.replace(/\.sqlite$/, `.before-restore-${new Date(now).toISOString().replace(/[:.]/g, '-')}.sqlite`);
  if (existsSync(journalPath)) copyFileSync(journalPath, aside);
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(`${journalPath}${suffix}`)) copyFileSync(`${journalPath}${suffix}`, `${aside}${suffix}`);
    rmSync(`${journalPath}${suffix}`, { force: true });
  }
  copyFileSync(join(backupDir(dataDir), name), journalPath);
  return { kind: 'restored', message: `The purchase journal was restored from the backup ${name}. The journal it replaced was kept at ${aside}.`, path: aside };
}
