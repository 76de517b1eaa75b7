import { existsSync, renameSync, rmSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { privateFileMode } from '../../files/private-files.ts';

/**
 * The journal's seal: what lets a start skip reading the whole file when it is exactly as
 * TitleDesk left it.
 *
 * Each open used to run SQLite's quick_check and parse every record, to find a damaged file or a
 * record this version cannot read before anything else touched it: seconds for a large journal, at
 * every start of the app and every CLI command (docs/decisions/journal/007-journal-seal.md). A
 * file that the last connection closed cleanly (SQLite removed its log), that nothing has written
 * since (same device, inode, size, modification and change times: a write by any program moves the
 * change time), and whose records were all read by this record format at a check within the last
 * week holds nothing a check would find.
 *
 * The seal is written in two steps. At open, once the file is known sound (checked then, or
 * trusted with the time of its last check), as "open" (not closed): a process killed later
 * leaves it so, and the next start checks. At the last close, the file's identity is added. Whatever is unsure (no seal, another format, a log left behind, any
 * difference) means the full check, as before.
 */
const sealFormat = 1;

/** The longest a sealed journal goes without a full check: damage the disk itself makes, in place, is found within a week of use. */
export const maxDaysBetweenChecks = 7;
const dayMs = 24 * 60 * 60 * 1000;

const fileIdentitySchema = z.object({ dev: z.string(), ino: z.string(), size: z.string(), mtimeNs: z.string(), ctimeNs: z.string() });
type FileIdentity = z.infer<typeof fileIdentitySchema>;

const sealSchema = z.object({
  format: z.literal(sealFormat),
  /** The record format that read every record (recordFormat): another version's records are read again. */
  recordFormat: z.string(),
  /** When the last full check found the file sound (epoch ms). */
  checkedAt: z.number(),
  /** The file as the last connection left it; null while a process has it open. */
  closed: fileIdentitySchema.nullable(),
});
type Seal = z.infer<typeof sealSchema>;

export function sealPath(journalPath: string): string {
  return `${journalPath}-seal.json`;
}

/**
 * The format of the records every record was read with: raise it whenever purchaseRecordSchema
 * (shared/purchase/purchase.ts) changes, so a journal sealed by another version is read again. A constant
 * because the desktop bundle carries no JSON Schema output of zod to fingerprint the schema at run
 * time; test/unit/core/purchases/journal/journal-record-format.test.ts pins the schema's fingerprint to this value.
 */
export const recordFormat = 'purchase-record-5';

function identityOf(path: string): FileIdentity | undefined {
  try {
    const stat = statSync(path, { bigint: true });
    return { dev: String(stat.dev), ino: String(stat.ino), size: String(stat.size), mtimeNs: String(stat.mtimeNs), ctimeNs: String(stat.ctimeNs) };
  } catch {
    return undefined;
  }
}

function readSeal(journalPath: string): Seal | undefined {
  try {
    return sealSchema.safeParse(JSON.parse(readFileSync(sealPath(journalPath), 'utf8'))).data;
  } catch {
    return undefined;
  }
}

function writeSeal(journalPath: string, seal: Seal): void {
  const path = sealPath(journalPath);
  const partial = `${path}.partial`;
  writeFileSync(partial, `${JSON.stringify(seal)}\n`, { mode: privateFileMode });
  renameSync(partial, path);
}

function sameIdentity(a: FileIdentity, b: FileIdentity): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs;
}

/**
 * When the journal was last checked, if it is exactly as sealed at its last clean close and that
 * check is recent enough to trust; undefined when it has to be checked now.
 */
export function sealedCheckTime(journalPath: string, now: number): number | undefined {
  // Any failure here means the full check, never a start that fails: the seal only saves time.
  try {
    if (existsSync(`${journalPath}-wal`)) return undefined;
    const seal = readSeal(journalPath);
    if (seal?.closed == null || seal.recordFormat !== recordFormat) return undefined;
    if (now - seal.checkedAt > maxDaysBetweenChecks * dayMs || seal.checkedAt > now) return undefined;
    const identity = identityOf(journalPath);
    return identity !== undefined && sameIdentity(identity, seal.closed) ? seal.checkedAt : undefined;
  } catch {
    return undefined;
  }
}

/**
 * After an open whose check (now or at `checkedAt`) found the journal sound: the seal says so, and
 * that the file is open. Failing to write it costs only the next start's check.
 */
export function markOpened(journalPath: string, checkedAt: number): void {
  try {
    writeSeal(journalPath, { format: sealFormat, recordFormat, checkedAt, closed: null });
  } catch {
    forgetSeal(journalPath);
  }
}

/** After an open that found something to tell (records it cannot read): every start checks again, and tells again. */
export function forgetSeal(journalPath: string): void {
  try {
    rmSync(sealPath(journalPath), { force: true });
  } catch {
    // A seal left behind vouches only for the file it names: this session's first write (the
    // schema's user_version at every open) already makes the file another, and it is never resealed.
  }
}

/**
 * At a close: when it was the journal's last connection (SQLite then folds the log into the file
 * and removes it), the seal takes in the file as left. Otherwise the last connection to close
 * seals it (create-core.ts), or nobody does and the next start checks.
 */
export function sealJournal(journalPath: string): void {
  try {
    if (existsSync(`${journalPath}-wal`)) return;
    const seal = readSeal(journalPath);
    const identity = identityOf(journalPath);
    if (seal === undefined || seal.closed !== null || identity === undefined) return;
    writeSeal(journalPath, { ...seal, closed: identity });
  } catch {
    // Unsealed: the next start checks the file, as it would without a seal.
  }
}
